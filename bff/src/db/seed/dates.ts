import { UTCDate } from '@date-fns/utc';
import { addDays as addDaysUtc } from 'date-fns/addDays';
import { addMinutes as addMinutesUtc } from 'date-fns/addMinutes';
import { startOfDay as startOfDayUtc } from 'date-fns/startOfDay';
import { startOfMonth } from 'date-fns/startOfMonth';
import { subMonths } from 'date-fns/subMonths';

/**
 * UTC calendar helpers for the seed, by date-fns over UTCDate: every date is computed from the caller's "today",
 * never the clock. Days as 'YYYY-MM-DD' and the differences between them come from shared/src/calendar.ts.
 */

/** A plain Date of a UTCDate result, for the database driver. */
const plain = (date: Date) => new Date(date.getTime());

/** Midnight UTC of the day `date` falls on. */
export function startOfDay(date: Date): Date {
  return plain(startOfDayUtc(new UTCDate(date.getTime())));
}

/** `date` moved by whole days (negative goes back). */
export function addDays(date: Date, days: number): Date {
  return plain(addDaysUtc(new UTCDate(date.getTime()), days));
}

export function addMinutes(date: Date, minutes: number): Date {
  return plain(addMinutesUtc(new UTCDate(date.getTime()), minutes));
}

/** Midnight UTC on the first of the month `months` months before the month of `date`. */
export function startOfMonthsAgo(date: Date, months: number): Date {
  return plain(startOfMonth(subMonths(new UTCDate(date.getTime()), months)));
}
