import { type billingCounts, RTM_COLUMN_CODES } from '@rpm/shared';
import type { z } from 'zod';
import type { Db } from '../db/schema.js';
import { type CodeCell, codeTotals, monthPrices, RPM_CELLS, revenue } from './report.js';
import type { BillingFilter } from './scope.js';

/** The stored column of each RTM code (summary.ts). */
const RTM_COLUMNS = { time20: 'rtm_cpt', time40: 'rtm_40_cpt', time60: 'rtm_60_cpt' } as const;

/** The stored code columns the dashboard counts, and the count field of each (001 §3 "Billing count summary"). */
const COUNTED = [
  { column: 'setup_cpt', code: '99453', field: 'count99453' },
  { column: 'compliance_cpt', code: '99454', field: 'count99454' },
  { column: 'activity_time_cpt', code: '99457', field: 'count99457' },
  { column: 'more_activity_time_cpt', code: '99458', field: 'count99458_40Mins' },
  { column: 'activity_time_60_cpt', code: '99458', field: 'count99458_60Mins' },
  { column: 'rtm_cpt', code: '98980', field: 'count98980' },
  { column: 'rtm_40_cpt', code: '98981', field: 'count98981_40Mins' },
  { column: 'rtm_60_cpt', code: '98981', field: 'count98981_60Mins' },
] as const;

/** Every stored code column with every code it may hold, for the revenue (99445 and 99470 included). */
const CELLS: readonly CodeCell[] = [
  ...RPM_CELLS,
  ...(Object.entries(RTM_COLUMN_CODES) as [keyof typeof RTM_COLUMN_CODES, readonly string[]][]).flatMap(
    ([key, codes]) => codes.map((code) => ({ column: RTM_COLUMNS[key], code })),
  ),
];

/** The dashboard's figures for a month and scope. */
export interface CountSummary {
  readonly data: z.infer<typeof billingCounts>;
  /** Revenue of every RPM and RTM code billed in the scope's month. */
  readonly total: number;
}

/**
 * Patients per code for the month in scope (001 §3): patient-months carrying the code in that column, so the 99458
 * counts are units; 99445 and 99470 (CY2026) count only in the revenue. RTM-only patients count too.
 */
export async function countSummary(db: Db, filter: BillingFilter): Promise<CountSummary> {
  const [totals, prices] = await Promise.all([codeTotals(db, filter, CELLS), monthPrices(db, filter.month)]);
  const data = Object.fromEntries(COUNTED.map((entry) => [entry.field, 0])) as z.infer<typeof billingCounts>;
  CELLS.forEach((cell, n) => {
    const counted = COUNTED.find((entry) => entry.column === cell.column && entry.code === cell.code);
    if (counted) data[counted.field] = totals.cells[n] ?? 0;
  });
  return { data, total: revenue(totals.codes, prices) };
}
