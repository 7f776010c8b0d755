import { z } from 'zod';
import { type BillingCodeColumn, programCodeColumns, REPORT_PROGRAMS } from '../billing/columns.js';
import { NEED_TEXTS } from '../billing/program-codes.js';
import { monthsBefore } from '../calendar.js';
import { PRODUCT } from '../constants.js';
import { listPatient } from '../patient-identity.js';
import { defineList, type ListColumn } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { PATIENT_FILTERS as F, PATIENT_COLUMNS as P, PATIENT_CHART_LINK } from './patient-row.js';

/**
 * The program billing reports (000 §2.4 '{product} Billing', 'CCM Billing Report' (ccm-billing, pcm-billing), 'BHI
 * Billing'): the billing report's shape (001 §2.1) on the list pattern, one row per patient-month with a code of the
 * report's programs reached, read from the stored period results; decisions.md "Program billing reports".
 */

export type ProgramReport = keyof typeof REPORT_PROGRAMS;

/** The row field of a primary program's code column: its rule id as an identifier ('99426 CCM type 1' → code_99426_CCM_type_1). */
export const codeField = (column: BillingCodeColumn) =>
  `code_${(column.ruleIds[0] as string).replace(/\W+/g, '_')}`;

/**
 * The row field of a secondary program's codes (RTM beside RPM, APCM beside CCM, CoCM beside BHI): one column
 * listing them, so the page holds the primary program's code columns and stays readable in a PDF.
 */
export const programField = (program: string) => `${program.toLowerCase()}_codes`;

/** Where a row stands: a code billed, every code reached blocked, or none reached yet. */
export const PROGRAM_BILLING_STATUS = [
  { value: 'billable', label: 'Billable' },
  { value: 'blocked', label: 'Blocked' },
  { value: 'not-yet', label: 'Not yet eligible' },
] as const;

const common = z.object({
  /** The patient-month (the summary row), the claim's id. */
  summary_id: z.number().int(),
  patient_id: z.number().int(),
  patient_name: z.string(),
  patient: listPatient,
  practice_name: z.string(),
  /** 'YYYY-MM'. */
  month: z.string(),
  /** The report's program minutes logged in the month. */
  minutes: z.number(),
  status: z.enum(PROGRAM_BILLING_STATUS.map((s) => s.label) as [string, ...string[]]),
  /**
   * What the row still needs to bill: what a reached code lacks on file ('No consent on file: 99490'), then what the
   * first codes have not reached yet ('8 more minutes for 99490').
   */
  still_needs: z.string().nullable(),
  claim_sent: z.string().nullable(),
  amount: z.number(),
});

function programBillingList<const N extends string>(spec: {
  readonly name: N;
  readonly report: ProgramReport;
  readonly title: string;
  readonly page: string;
  readonly route: string;
  readonly specText: string;
}) {
  const [primary, ...others] = REPORT_PROGRAMS[spec.report];
  const codeColumns = programCodeColumns([primary]);
  const row = common.extend(
    Object.fromEntries([
      ...codeColumns.map((column) => [codeField(column), z.string().nullable()]),
      ...others.map((program) => [programField(program), z.string().nullable()]),
    ]),
  );
  type Key = keyof z.infer<typeof row> & string;
  const columns: ListColumn<Key>[] = [
    { key: 'patient_id', label: `${PRODUCT} ID`, sortable: true },
    P.name as ListColumn<Key>,
    { key: 'practice_name', label: 'Practice', sortable: true },
    { key: 'month', label: 'Month', sortable: true },
    { key: 'minutes', label: 'Minutes', sortable: true, format: 'number' },
    ...codeColumns.map((column): ListColumn<Key> => ({ key: codeField(column), label: column.name })),
    ...others.map((program): ListColumn<Key> => ({ key: programField(program), label: `${program} Codes` })),
    { key: 'status', label: 'Status', sortable: true },
    { key: 'still_needs', label: 'Still Needs' },
    { key: 'claim_sent', label: 'Claim Sent', sortable: true, format: 'date' },
    { key: 'amount', label: 'Amount', sortable: true, format: 'usd' },
  ];
  return defineList({
    name: spec.name,
    title: spec.title,
    spec: spec.specText,
    route: spec.route,
    page: spec.page,
    row,
    idKey: 'summary_id',
    columns,
    defaultSort: { key: 'patient_id', order: 'asc' },
    filters: [
      { key: 'month', label: 'Month', kind: 'month' },
      F.practice,
      { key: 'status', label: 'Status', multi: true, options: PROGRAM_BILLING_STATUS },
      // The month close's reasons link here: the patients a missing document blocks.
      {
        key: 'need',
        label: 'Missing',
        multi: true,
        options: Object.entries(NEED_TEXTS).map(([value, label]) => ({ value, label })),
      },
    ],
    // The last whole month, the one being billed, and what bills in it; the rest is one filter value away
    // (decisions.md "Program billing reports").
    defaultFilters: { month: (today) => monthsBefore(today.slice(0, 7), 1), status: 'billable,blocked' },
    searchPlaceholder: 'Search patient name or RPM ID',
    exports: ['pdf', 'csv'],
    open: PATIENT_CHART_LINK,
    total: 'amount',
  });
}

/** {product} Billing (000 §2.4 '{product}-billing'): RPM and RTM. */
export const rpmBillingList = programBillingList({
  name: 'rpm-billing',
  report: 'rpm',
  title: `${PRODUCT} Billing`,
  page: `${PRODUCT} Billing`,
  route: LIST_ROUTES.rpmBilling,
  specText: "000 §2.4 '{product}-billing'; 001 §2.1",
});

/** CCM Billing Report (000 §2.4 'ccm-billing'): CCM, with APCM, which replaces it. */
export const ccmBillingList = programBillingList({
  name: 'ccm-billing',
  report: 'ccm',
  title: 'CCM Billing Report',
  page: 'CCM Billing Report',
  route: LIST_ROUTES.ccmBilling,
  specText: "000 §2.4 'ccm-billing'; 001 §2.1, §9",
});

/** The same entry's PCM report (000 §2.4 'pcm-billing'). */
export const pcmBillingList = programBillingList({
  name: 'pcm-billing',
  report: 'pcm',
  title: 'PCM Billing Report',
  page: 'CCM Billing Report',
  route: LIST_ROUTES.pcmBilling,
  specText: "000 §2.4 'pcm-billing'",
});

/** BHI Billing (000 §2.4 'bhi-billing'): BHI, with CoCM. */
export const bhiBillingList = programBillingList({
  name: 'bhi-billing',
  report: 'bhi',
  title: 'BHI Billing',
  page: 'BHI Billing',
  route: LIST_ROUTES.bhiBilling,
  specText: "000 §2.4 'bhi-billing'",
});
