import {
  BILLING_LEADING_COLUMNS,
  BILLING_TRAILING_COLUMNS,
  type BillingRow,
  displayDate,
  displayTime,
  formatCount,
  formatUsd,
  MSG,
  monthLabel,
  PRODUCT,
} from '@rpm/shared';
import type { ReportData } from '../pdf/report-data.js';

/** Facts about the report the PDF's header shows. */
export interface ReportMeta {
  /** 'YYYY-MM-01'. */
  readonly month: string;
  /** The selected practice's name, or null for every practice in scope. */
  readonly practiceName: string | null;
  readonly count: number;
  readonly total: number;
  readonly generatedAt: Date;
}

/** The PDF's content (001 §2.1: the columns as on screen), with each row's amount so the total can be checked. */
export function reportData(
  rows: readonly BillingRow[],
  codeColumns: readonly string[],
  meta: ReportMeta,
): ReportData {
  const columns = [
    ...BILLING_LEADING_COLUMNS.map((column) => column.name),
    ...codeColumns,
    ...BILLING_TRAILING_COLUMNS.map((column) => column.name),
    MSG.colClaimSent,
    'Amount',
  ];
  const claimDate = `${PRODUCT}_claim_date` as const;
  return {
    title: MSG.billingReportTitle,
    facts: [
      ['Practice', meta.practiceName ?? 'All practices'],
      ['Month', monthLabel(meta.month)],
      ['Patients', formatCount(meta.count)],
      ['Total revenue', formatUsd(meta.total)],
      [
        'Generated',
        `${displayDate(meta.generatedAt.toISOString().slice(0, 10))} ${displayTime(meta.generatedAt, true)} UTC`,
      ],
    ],
    columns,
    rightAligned: [columns.length - 1],
    rows: rows.map((row) => [
      ...BILLING_LEADING_COLUMNS.map((column) => column.text(row)),
      ...codeColumns.map((name) => row.codes[name] ?? ''),
      ...BILLING_TRAILING_COLUMNS.map((column) => column.text(row)),
      displayDate(row[claimDate]),
      formatUsd(row.amount),
    ]),
    emptyText: MSG.noRecordsFound,
    footer: `${MSG.billingReportTitle} · ${monthLabel(meta.month)} · ${meta.practiceName ?? 'All practices'}`,
  };
}
