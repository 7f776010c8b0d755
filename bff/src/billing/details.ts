import type { BillingRow } from '@rpm/shared';
import type { AuthContext } from '../auth/guard.js';
import type { Db } from '../db/schema.js';
import type { ReportData } from '../pdf/report-data.js';
import { refreshPeriod } from './period-store.js';
import { allRows, type BillingOrder, pageRows, reportColumns, reportTotals, toBillingRow } from './report.js';
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
 * One page of the billing report (001 §2.1, §7): the headers checked against the scope, the scope's period results
 * refreshed, then the page and the month's count and revenue, each a query of its own (side by side on PostgreSQL).
 */
export async function billingDetails(
  db: Db,
  who: Who,
  headers: BillingHeaders,
  query: BillingOrder & { readonly page: number; readonly rowsPerPage: number },
  now: Date,
): Promise<BillingDetails> {
  const filter = parseBillingFilter(await billingScope(db, who), headers);
  await verifyBillingFilter(db, filter);
  await refreshPeriod(db, filter, now);
  const [rows, totals, columns] = await Promise.all([
    pageRows(db, filter, query, query),
    reportTotals(db, filter),
    reportColumns(db, filter),
  ]);
  return {
    data: rows.map(toBillingRow),
    columns,
    count: totals.count,
    total: totals.total,
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
  await refreshPeriod(db, filter, generatedAt);
  const [rows, totals, columns] = await Promise.all([
    allRows(db, filter, order),
    reportTotals(db, filter),
    reportColumns(db, filter),
  ]);
  const data = reportData(rows.map(toBillingRow), columns, {
    month: filter.month,
    practiceName,
    count: totals.count,
    total: totals.total,
    generatedAt,
  });
  return { filter, practiceName, data };
}
