import { BILLING_CODE_COLUMNS, type BillingRow, MSG, PRODUCT } from '@rpm/shared';

/**
 * What the PDF worker needs, as plain strings: cheap to copy to the worker (structured clone of a few arrays)
 * and free of any rule or formatting decision on the worker's side.
 */
export interface ReportData {
  readonly title: string;
  /** Lines under the title: practice, month, count, total. */
  readonly facts: readonly (readonly [label: string, value: string])[];
  readonly columns: readonly string[];
  /** Column indexes aligned right (amounts). */
  readonly rightAligned: readonly number[];
  readonly rows: readonly (readonly string[])[];
  /** Shown instead of the table when there are no rows (001 §8 empty state). */
  readonly emptyText: string;
  /** Left side of every page's footer. */
  readonly footer: string;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'November 2026' of 'YYYY-MM-01'. */
export function monthLabel(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;
}

/** MM/DD/YYYY, the US clinic's way of writing a day, of an ISO day ('' for null). */
export function usDate(day: string | null): string {
  if (!day) return '';
  return `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

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

/**
 * The PDF's content (001 §2.1: the report's columns in order, names upper-cased as on screen, the code columns,
 * Claim Sent), plus the row's amount so the printed total can be checked line by line.
 */
export function reportData(rows: readonly BillingRow[], meta: ReportMeta): ReportData {
  const columns = [
    `${PRODUCT} ID`,
    'Patient Name',
    'DOB',
    'Diagnosis Code',
    'Setup Date',
    'Auth Number',
    ...BILLING_CODE_COLUMNS.map((column) => column.name),
    'Claim Sent',
    'Amount',
  ];
  const claimDate = `${PRODUCT}_claim_date` as const;
  return {
    title: MSG.billingReportTitle,
    facts: [
      ['Practice', meta.practiceName ?? 'All practices'],
      ['Month', monthLabel(meta.month)],
      ['Patients', meta.count.toLocaleString('en-US')],
      ['Total revenue', money.format(meta.total)],
      [
        'Generated',
        `${usDate(meta.generatedAt.toISOString().slice(0, 10))} ${meta.generatedAt.toISOString().slice(11, 16)} UTC`,
      ],
    ],
    columns,
    rightAligned: [columns.length - 1],
    rows: rows.map((row) => [
      String(row.patient_id),
      row.patient_name.toUpperCase(),
      usDate(row.dob),
      row.diagnosis_code ?? '',
      usDate(row.assigned_date),
      row.auth_number ?? '',
      ...BILLING_CODE_COLUMNS.map((column) => row[column.field] ?? ''),
      usDate(row[claimDate]),
      money.format(row.amount),
    ]),
    emptyText: MSG.noRecordsFound,
    footer: `${MSG.billingReportTitle} · ${monthLabel(meta.month)} · ${meta.practiceName ?? 'All practices'}`,
  };
}
