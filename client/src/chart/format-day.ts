import { isoDay } from '@rpm/shared';
/** 'YYYY-MM-DD' (or an ISO time) as MM/DD/YYYY, the way the app shows dates (001 §9 end date 12/31/2099). */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : day;
}

/** Today as an ISO day in UTC (the chart's days are UTC days, shared/src/api/rules.ts). */
export function todayIso(now: Date = new Date()): string {
  return isoDay(now);
}
