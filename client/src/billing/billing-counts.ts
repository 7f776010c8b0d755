import { type billingCounts, billingDaysReadings, MSG } from '@rpm/shared';
import type { z } from 'zod';

/** The billing count summary (001 §3). */
export type BillingCounts = z.infer<typeof billingCounts>;

/** What a bar's code pays for: device supply (setup, readings), RPM treatment time, or RTM time (001 §9). */
export type CodeGroup = 'device' | 'rpm' | 'rtm';

/** One bar of the dashboard chart. */
export interface CountBar {
  readonly key: keyof BillingCounts;
  readonly code: string;
  readonly label: string;
  readonly group: CodeGroup;
  readonly value: number;
  /** The bar's length, 0-1, relative to the largest count. */
  readonly share: number;
}

/**
 * The codes of the summary in billing order (001 §3 count99453 ... count98981_60Mins), named like the report's code
 * columns (001 §3; RTM labels: decisions.md "Billing dashboard").
 */
const BARS: readonly Omit<CountBar, 'value' | 'share'>[] = [
  { key: 'count99453', code: '99453', label: MSG.codeSetup, group: 'device' },
  { key: 'count99454', code: '99454', label: billingDaysReadings(), group: 'device' },
  { key: 'count99457', code: '99457', label: MSG.codeRpmTime20, group: 'rpm' },
  { key: 'count99458_40Mins', code: '99458', label: MSG.codeRpmTime40, group: 'rpm' },
  { key: 'count99458_60Mins', code: '99458', label: MSG.codeRpmTime60, group: 'rpm' },
  { key: 'count98980', code: '98980', label: 'RTM Time-20 mins', group: 'rtm' },
  { key: 'count98981_40Mins', code: '98981', label: 'RTM Time-40 mins', group: 'rtm' },
  { key: 'count98981_60Mins', code: '98981', label: 'RTM Time-60 mins', group: 'rtm' },
];

/** The chart's bars for `counts`: every code, each with its share of the largest count (all 0 when none). */
export function countBars(counts: BillingCounts): CountBar[] {
  const max = Math.max(0, ...BARS.map((bar) => counts[bar.key]));
  return BARS.map((bar) => ({
    ...bar,
    value: counts[bar.key],
    share: max === 0 ? 0 : counts[bar.key] / max,
  }));
}

/** Whether the month has nothing to bill. */
export function noCounts(counts: BillingCounts): boolean {
  return BARS.every((bar) => counts[bar.key] === 0);
}
