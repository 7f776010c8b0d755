import type { CallResponse, getBillingCountSummary } from '@rpm/shared';

/** The dashboard's answer (001 §3 counts, bars per code, totals per report). */
export type BillingSummary = CallResponse<typeof getBillingCountSummary>;

/** One bar of the dashboard chart: a code billed in the month. */
export interface CountBar {
  readonly key: string;
  readonly code: string;
  readonly label: string;
  /** The code's program (RPM, RTM, CCM, PCM, BHI, CoCM, APCM): the bar's colour. */
  readonly group: string;
  /** Patients billing the code. */
  readonly value: number;
  /** Units billed, when more than the patients (an add-on billed twice). */
  readonly units: number;
  readonly amount: number;
  /** The bar's length, 0-1, relative to the largest count. */
  readonly share: number;
}

/**
 * A bar per code billed, in the declaration's order (shared/src/billing/program-codes.ts), each with its share of the
 * largest count; every program, so the bars account for the whole total.
 */
export function countBars(summary: Pick<BillingSummary, 'codes'>): CountBar[] {
  const max = Math.max(0, ...summary.codes.map((bar) => bar.patients));
  return summary.codes.map((bar) => ({
    key: `${bar.program}-${bar.code}`,
    code: bar.code,
    label: bar.label,
    group: bar.program,
    value: bar.patients,
    units: bar.units,
    amount: bar.amount,
    share: max === 0 ? 0 : bar.patients / max,
  }));
}

/** Whether the month has nothing billed. */
export function noCounts(summary: Pick<BillingSummary, 'codes'>): boolean {
  return summary.codes.length === 0;
}
