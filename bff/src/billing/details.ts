import { BILLING_COLUMN_NAMES, type BillingRow } from '@rpm/shared';
import type { AuthContext } from '../auth/guard.js';
import type { Db } from '../db/schema.js';
import type { ReportData } from '../pdf/report-data.js';
import {
  allRows,
  type BillingOrder,
  monthPrices,
  pageRows,
  reportTotals,
  revenue,
  toBillingRow,
} from './report.js';
import { reportData } from './report-pdf.js';
import {
  type BillingFilter,
  type BillingHeaders,
  billingScope,
  parseBillingFilter,
  resolveBillingFilter,
  verifyBillingFilter,
} from './scope.js';

/** The answer of getBillingDetails (shared/src/api/billing.ts), without the `status` registerCall adds. */
export interface BillingDetails {
  readonly data: BillingRow[];
  readonly columns: string[];
  readonly count: number;
  readonly total: number;
}

type Who = Pick<AuthContext, 'userId' | 'roleid'>;

/**
 * One page of the billing report (001 §2.1, §7): the headers checked against the scope, then the page, the month's
 * count and billed codes, and the prices, each a query of its own (side by side on PostgreSQL).
 */
export async function billingDetails(
  db: Db,
  who: Who,
  headers: BillingHeaders,
  query: BillingOrder & { readonly page: number; readonly rowsPerPage: number },
): Promise<BillingDetails> {
  const filter = parseBillingFilter(await billingScope(db, who), headers);
  const [, rows, totals, prices] = await Promise.all([
    verifyBillingFilter(db, filter),
    pageRows(db, filter, query, query),
    reportTotals(db, filter),
    monthPrices(db, filter.month),
  ]);
  return {
    data: rows.map((row) => toBillingRow(row, prices)),
    columns: [...BILLING_COLUMN_NAMES],
    count: totals.count,
    total: revenue(totals.codes, prices),
  };
}

/** Everything the PDF of a month needs: the filter (for the file name) and the worker's input. */
export async function billingReportData(
  db: Db,
  who: Who,
  headers: BillingHeaders,
  order: BillingOrder,
  generatedAt: Date,
): Promise<{
  readonly filter: BillingFilter;
  readonly practiceName: string | null;
  readonly data: ReportData;
}> {
  const { filter, practiceName } = await resolveBillingFilter(db, await billingScope(db, who), headers);
  const [rows, totals, prices] = await Promise.all([
    allRows(db, filter, order),
    reportTotals(db, filter),
    monthPrices(db, filter.month),
  ]);
  const data = reportData(
    rows.map((row) => toBillingRow(row, prices)),
    {
      month: filter.month,
      practiceName,
      count: totals.count,
      total: revenue(totals.codes, prices),
      generatedAt,
    },
  );
  return { filter, practiceName, data };
}
