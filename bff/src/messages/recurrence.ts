import type { WEEKDAYS } from '@rpm/shared';
import rrule from 'rrule';

const { RRule } = rrule;

/** What decides when a reminder goes out, as patient_reminders stores it. */
export interface ReminderTimes {
  readonly frequency: 'once' | 'daily' | 'weekly' | 'monthly';
  readonly interval: number;
  readonly weekdays: readonly (typeof WEEKDAYS)[number][];
  /** YYYY-MM-DD, in the reminder's time zone. */
  readonly start_date: string;
  /** HH:MM wall time in the reminder's time zone. */
  readonly time: string;
  readonly time_zone: string;
  readonly end_date: string | null;
}

const FREQ = { once: RRule.DAILY, daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY } as const;
const DAY = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
};

/** rrule takes wall times in the rule's zone as "floating" dates: the wall time written in UTC fields. */
const floating = (day: string, time: string) => new Date(`${day}T${time}:00Z`);

/**
 * The reminder's RFC 5545 rule (rrule does the calendar maths, DST included): 'once' is one occurrence, the others
 * repeat every `interval` days, weeks (on the weekdays) or months (on the start date's day of the month), until
 * the end date's last minute.
 */
function ruleOf(r: ReminderTimes) {
  return new RRule({
    freq: FREQ[r.frequency],
    interval: r.frequency === 'once' ? 1 : r.interval,
    dtstart: floating(r.start_date, r.time),
    tzid: r.time_zone,
    ...(r.frequency === 'once' ? { count: 1 } : {}),
    ...(r.frequency === 'weekly' ? { byweekday: r.weekdays.map((d) => DAY[d]) } : {}),
    ...(r.end_date !== null && r.frequency !== 'once' ? { until: floating(r.end_date, '23:59') } : {}),
  });
}

/** The reminder's first time after `now` (strictly), or null when it has none left. */
export const nextTime = (r: ReminderTimes, now: Date): Date | null => ruleOf(r).after(now, false);

/** The schedule in words, e.g. "every 2 weeks on Monday, Thursday at 09:00 (America/New_York)". */
export function describeSchedule(r: ReminderTimes): string {
  const when = r.frequency === 'once' ? `once on ${r.start_date}` : ruleOf(r).toText();
  return `${when} at ${r.time} (${r.time_zone})`;
}
