import { UTCDate } from '@date-fns/utc';
import { addDays } from 'date-fns/addDays';
import { addMonths } from 'date-fns/addMonths';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { differenceInDays } from 'date-fns/differenceInDays';
import { differenceInYears } from 'date-fns/differenceInYears';
import { lastDayOfMonth } from 'date-fns/lastDayOfMonth';
import { subDays } from 'date-fns/subDays';
import { subMonths } from 'date-fns/subMonths';
import { z } from 'zod';

/** Calendar arithmetic on 'YYYY-MM-DD' days and 'YYYY-MM' months in UTC, in any time zone (decisions.md "UTC days"). */

/** A contract day or a Date as a UTC calendar date. */
const utc = (day: string | Date): UTCDate =>
  typeof day === 'string' ? new UTCDate(`${day.slice(0, 10)}T00:00:00Z`) : new UTCDate(day.getTime());

/** Whether text is a real calendar day written 'YYYY-MM-DD' ('2025-02-30' and '2026-13-01' are not). */
export function isCalendarDay(text: unknown): text is string {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = utc(text);
  return !Number.isNaN(date.getTime()) && isoDay(date) === text;
}

/**
 * The one schema of a contract day (issue 44: every call that takes a date refuses an impossible one with a 400
 * whose message names the field, never a 500 from the database).
 */
export const calendarDay = (message: string) => z.string({ error: message }).refine(isCalendarDay, message);

/** 'YYYY-MM-DD' of the UTC day `date` falls on. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A day moved by whole days (negative goes back). */
export function shiftDay(day: string, days: number): string {
  return isoDay(addDays(utc(day), days));
}

/** A day moved by whole calendar months (clamped to the month's last day: 31 Jan + 1 = 28/29 Feb). */
export function shiftMonths(day: string, months: number): string {
  return isoDay(addMonths(utc(day), months));
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string | Date, to: string | Date): number {
  return differenceInCalendarDays(utc(to), utc(from));
}

/** The month `months` months before a 'YYYY-MM' month (negative goes forward). */
export function monthsBefore(month: string, months: number): string {
  return isoDay(subMonths(utc(`${month}-01`), months)).slice(0, 7);
}

/**
 * The month a month's report opens on ('YYYY-MM'): the current one, except on the 1st, when it has no whole day yet
 * and the month that just ended is the one staff read (decisions.md "Monthly Report").
 */
export function reportMonthOn(today: string): string {
  const month = today.slice(0, 7);
  return today.slice(8, 10) === '01' ? monthsBefore(month, 1) : month;
}

/** The last day of a 'YYYY-MM' month. */
export function lastDayOf(month: string): string {
  return isoDay(lastDayOfMonth(utc(`${month}-01`)));
}

/** Whole days (24 hours each) elapsed from `from` to `to`, rounded down. */
export function elapsedDays(from: Date, to: Date): number {
  return differenceInDays(utc(to), utc(from));
}

/** The moment `days` days (24 hours each) before `date`. */
export function daysAgo(date: Date, days: number): Date {
  return new Date(subDays(utc(date), days).getTime());
}

/** Whole years from a date of birth to a day: a person's age on that day. */
export function ageOn(dob: string, day: string): number {
  return differenceInYears(utc(day), utc(dob));
}
