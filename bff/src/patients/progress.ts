import {
  COMPLIANCE_TARGET_DAYS,
  daysBetween,
  isoDay,
  lastDayOf,
  RPM_ADDITIONAL_TIME_GOAL_MIN,
  RPM_TIME_GOAL_MIN,
} from '@rpm/shared';
import { type RawBuilder, sql } from 'kysely';

/**
 * Reading-day progress of a month against the 16 days of 99454 (001 §9), declared once for the lists and the
 * dashboard (decisions.md "Reading-day progress").
 */
export type Progress = 'met' | 'on_track' | 'at_risk' | 'unreachable';

/** Where `now` stands in a month. */
export interface MonthPace {
  /** Days left in the month, today included; 0 for a past month. */
  readonly daysLeft: number;
  /** Reading days a patient on pace has by now. */
  readonly paceDays: number;
}

/** The pace of month 'YYYY-MM' at `now` (UTC calendar days, as reading days are counted). */
export function monthPace(month: string, now: Date): MonthPace {
  const first = `${month}-01`;
  const last = lastDayOf(first);
  const today = isoDay(now);
  const daysInMonth = daysBetween(first, last) + 1;
  if (today > last) return { daysLeft: 0, paceDays: COMPLIANCE_TARGET_DAYS };
  if (today < first) return { daysLeft: daysInMonth, paceDays: 0 };
  const elapsed = daysBetween(first, today) + 1;
  return {
    daysLeft: daysInMonth - elapsed + 1,
    paceDays: Math.floor((COMPLIANCE_TARGET_DAYS * elapsed) / daysInMonth),
  };
}

/** The rule in TypeScript (tests and the dashboard's expectations use it). */
export function progressOf(readingDays: number, pace: MonthPace): Progress {
  if (readingDays >= COMPLIANCE_TARGET_DAYS) return 'met';
  if (pace.daysLeft < COMPLIANCE_TARGET_DAYS - readingDays) return 'unreachable';
  return readingDays < pace.paceDays ? 'at_risk' : 'on_track';
}

/** Reading days a month can hold (patient_month_summary's check). */
const MAX_READING_DAYS = 31;

/** The reading-day counts whose progress is one of `values`: a progress filter as a condition an index answers. */
export function readingDaysOf(values: readonly string[], pace: MonthPace): number[] {
  const wanted = new Set(values);
  return Array.from({ length: MAX_READING_DAYS + 1 }, (_, n) => n).filter((n) =>
    wanted.has(progressOf(n, pace)),
  );
}

/** The same rule as SQL over an integer expression of reading days. */
export function progressSql(readingDays: RawBuilder<number>, pace: MonthPace): RawBuilder<Progress> {
  const target = COMPLIANCE_TARGET_DAYS;
  return sql<Progress>`(case
    when ${readingDays} >= ${sql.lit(target)} then 'met'
    when ${sql.lit(pace.daysLeft)} < ${sql.lit(target)} - ${readingDays} then 'unreachable'
    when ${readingDays} < ${sql.lit(pace.paceDays)} then 'at_risk'
    else 'on_track' end)`;
}

/** RPM minutes bands of the lists' `minutes` filter, at billing's thresholds (99457 at 20 minutes, 99458 at 40). */
export const MINUTES_BANDS = ['under20', '20to39', '40plus'] as const;
export type MinutesBand = (typeof MINUTES_BANDS)[number];

/** The band of an integer expression of RPM seconds, as SQL. */
export function minutesBandSql(rpmSeconds: RawBuilder<number>): RawBuilder<MinutesBand> {
  return sql<MinutesBand>`(case
    when ${rpmSeconds} < ${sql.lit(RPM_TIME_GOAL_MIN * 60)} then 'under20'
    when ${rpmSeconds} < ${sql.lit(RPM_ADDITIONAL_TIME_GOAL_MIN * 60)} then '20to39'
    else '40plus' end)`;
}
