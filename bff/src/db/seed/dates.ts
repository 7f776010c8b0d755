/** UTC calendar helpers for the seed: every date is computed from the caller's "today", never the clock. */

const DAY_MS = 86_400_000;

/** Midnight UTC of the day `date` falls on. */
export function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** `date` moved by whole days (negative goes back). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** `date` moved by minutes. */
export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}

/** Midnight UTC on the first of the month `months` months before the month of `date`. */
export function startOfMonthsAgo(date: Date, months: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - months, 1));
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: Date, to: Date): number {
  return Math.round((startOfDay(to).getTime() - startOfDay(from).getTime()) / DAY_MS);
}

/** 'YYYY-MM-DD' of a date (UTC), the form date columns take. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The later of two dates. */
export function later(a: Date, b: Date): Date {
  return a > b ? a : b;
}

/** The earlier of two dates. */
export function earlier(a: Date, b: Date): Date {
  return a < b ? a : b;
}
