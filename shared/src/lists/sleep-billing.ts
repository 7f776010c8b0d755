import { z } from 'zod';
import { SLEEP_BILLING_TYPES } from '../billing/sleep-codes.js';
import { PRODUCT } from '../constants.js';
import { listPatient } from '../patient-identity.js';
import { defineList, type ListColumn, type ListFilter } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { PATIENT_FILTERS as F, PATIENT_COLUMNS as P, PATIENT_CHART_LINK } from './patient-row.js';
import { SLEEP_STUDY_KIND_LABELS } from './sleep.js';
import { SLEEP_CONSULT_TYPE } from './sleep-schedule.js';

/**
 * The sleep billing lists (000 §2.4 Sleep Billing Report, CoRead Billing, HST Billing, HST Order Billing; 001 §2.4
 * report types): one line per billable service in a month, with its CPT code (billing/sleep-codes.ts)
 * and the organisation's price from HST Billing Configuration (decisions.md "Sleep billing lists").
 */

/** One billable line. */
export const sleepBillingRow = z.object({
  /**
   * The line's id: study (or consult) id × 10 + the report type (a study bills once per type; consults are type 3
   * only); not a column.
   */
  line_id: z.number().int(),
  /** The study billed; null on a consult's line. */
  study_id: z.number().int().nullable(),
  patient_id: z.number().int(),
  patient_name: z.string(),
  patient: listPatient,
  dob: z.string(),
  practice_name: z.string(),
  /** The Sleep Billing Report type's label; the other lists show their own. */
  type: z.string(),
  /** The study's kind, or the consult's type on a consult's line. */
  kind: z.enum([...Object.values(SLEEP_STUDY_KIND_LABELS), ...Object.values(SLEEP_CONSULT_TYPE)] as [
    string,
    ...string[],
  ]),
  /** 'YYYY-MM' of the service. */
  month: z.string(),
  /** The day of the service, 'YYYY-MM-DD'. */
  service_date: z.string(),
  cpt_code: z.string(),
  /** The physician billing the line: reader, co-reader or ordering physician. */
  provider: z.string().nullable(),
  status: z.string(),
  /** The organisation's price of the code, dollars; null when HST Billing Configuration sets none. */
  amount: z.number().nullable(),
});
export type SleepBillingRow = z.infer<typeof sleepBillingRow>;
type Key = keyof SleepBillingRow & string;

const C = {
  study: { key: 'study_id', label: 'Test ID', sortable: true },
  patient: P.name,
  dob: P.dob,
  practice: P.practice,
  type: { key: 'type', label: 'Type', sortable: true },
  kind: { key: 'kind', label: 'Test Type', sortable: true },
  month: { key: 'month', label: 'Month', sortable: true },
  date: { key: 'service_date', label: 'Date of Service', sortable: true, format: 'date' },
  cpt: { key: 'cpt_code', label: 'CPT Code', sortable: true },
  provider: { key: 'provider', label: 'Billing Provider', sortable: true },
  status: { key: 'status', label: 'Status', sortable: true },
  amount: { key: 'amount', label: 'Amount', sortable: true, format: 'usd' },
} as const satisfies Record<string, ListColumn<Key>>;

const MONTH = { key: 'month', label: 'Month', kind: 'month' } as const satisfies ListFilter;

const common = {
  row: sleepBillingRow,
  idKey: 'line_id',
  defaultSort: { key: 'service_date', order: 'desc' },
  searchPlaceholder: 'Search patient name, RPM ID or test ID',
  exports: ['pdf', 'csv'],
  open: PATIENT_CHART_LINK,
} as const;

/** Sleep Billing Report (000 §2.4 'sleep-billing-report'; 001 §2.4): HST, interpretation and consult lines by type. */
export const sleepBillingReportList = defineList({
  ...common,
  name: 'sleep-billing-report',
  title: 'Sleep Billing Report',
  spec: "000 §2.4 'sleep-billing-report'; 001 §2.4",
  route: LIST_ROUTES.sleepBillingReport,
  page: 'Sleep Billing Report',
  columns: [C.study, C.patient, C.dob, C.practice, C.type, C.kind, C.date, C.cpt, C.provider, C.amount],
  filters: [
    {
      key: 'type',
      label: 'Type',
      multi: true,
      options: Object.entries(SLEEP_BILLING_TYPES).map(([value, label]) => ({ value, label })),
    },
    MONTH,
    F.practice,
  ],
});

/** CoRead Billing (000 §2.4 'co-read-billing'): co-signed interpretations, billed by the second reader. */
export const coReadBillingList = defineList({
  ...common,
  name: 'co-read-billing',
  title: 'CoRead Billing',
  spec: "000 §2.4 'co-read-billing'",
  route: LIST_ROUTES.coReadBilling,
  page: 'CoRead Billing',
  columns: [C.study, C.patient, C.dob, C.practice, C.kind, C.date, C.cpt, C.provider, C.amount],
  filters: [MONTH, F.practice],
});

/** HST Billing (000 §2.4 'hst-billing'): home sleep tests interpreted, billed on the night recorded. */
export const hstBillingList = defineList({
  ...common,
  name: 'hst-billing',
  title: `HST ${PRODUCT} Billing`,
  spec: "000 §2.4 'hst-billing'",
  route: LIST_ROUTES.hstBilling,
  page: `HST ${PRODUCT} Billing`,
  columns: [C.study, C.patient, C.dob, C.practice, C.date, C.cpt, C.provider, C.status, C.amount],
  filters: [MONTH, F.practice],
});

/** HST Order Billing (000 §2.4 'hst-order-billing'): home sleep tests by the month ordered, with their state. */
export const hstOrderBillingList = defineList({
  ...common,
  name: 'hst-order-billing',
  title: `HST ${PRODUCT} Order Billing`,
  spec: "000 §2.4 'hst-order-billing'",
  route: LIST_ROUTES.hstOrderBilling,
  page: `HST ${PRODUCT} Order Billing`,
  columns: [C.study, C.patient, C.dob, C.practice, C.month, C.date, C.cpt, C.provider, C.status, C.amount],
  filters: [MONTH, F.practice],
});
