import { z } from 'zod';
import { CONSENT_METHODS, ORDER_PROGRAMS } from '../api/chart-orders.js';
import { listPatient } from '../patient-identity.js';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { ORDER_PROGRAM_FILTER } from './orders.js';
import { PATIENT_FILTERS, patientColumn } from './patient-row.js';

/** An order's insurance authorisation on the request's day, by its latest one (decisions.md "Patient Consent"). */
export const AUTHORIZATION_STATES = { current: 'Current', expired: 'Expired', none: 'None' } as const;

/** One enrolment order's consent and latest authorisation (tables `enrollment_orders`, `order_authorizations`). */
export const patientConsentRow = z.object({
  order_id: z.number().int(),
  patient_id: z.number().int(),
  patient_name: z.string(),
  patient: listPatient,
  practice_name: z.string(),
  program: z.enum(ORDER_PROGRAMS),
  consent_date: z.string(),
  /** The method's label (CONSENT_METHODS). */
  consent_method: z.string(),
  ordering_provider: z.string(),
  order_date: z.string(),
  /** The latest authorisation's number; null without one. */
  authorization_number: z.string().nullable(),
  authorized_until: z.string().nullable(),
  /** AUTHORIZATION_STATES' label. */
  authorization: z.string(),
});
export type PatientConsentRow = z.infer<typeof patientConsentRow>;

/** Where a consent opens: the chart's Orders tab, where the order and its authorisations are kept (000 §2.3). */
const ORDERS_TAB_LINK = '/app/patient-chart/enroll-details/{patient_id}';

/**
 * Patient Consent (000 §2.4 'Billing Utility' patient-consent; decisions.md "Patient Consent"): every enrolment
 * order of the patients in scope with its consent and its latest insurance authorisation, so billing sees before a
 * claim whose consent is on file and whose authorisation has lapsed. The latest consents first.
 */
export const patientConsentList = defineList({
  name: 'patient-consent',
  title: 'Patient Consent',
  spec: '000 §2.4',
  route: LIST_ROUTES.patientConsent,
  page: 'Billing Utility',
  row: patientConsentRow,
  idKey: 'order_id',
  columns: [
    patientColumn(ORDERS_TAB_LINK),
    { key: 'practice_name', label: 'Practice', sortable: true },
    { key: 'program', label: 'Program', sortable: true },
    { key: 'consent_date', label: 'Consent Date', sortable: true, format: 'date' },
    { key: 'consent_method', label: 'Consent Method', sortable: true },
    { key: 'ordering_provider', label: 'Ordering Provider', sortable: true },
    { key: 'order_date', label: 'Order Date', sortable: true, format: 'date' },
    { key: 'authorization_number', label: 'Authorization' },
    { key: 'authorized_until', label: 'Authorized Until', sortable: true, format: 'date' },
    {
      key: 'authorization',
      label: 'Authorization Status',
      sortable: true,
      rank: Object.values(AUTHORIZATION_STATES),
    },
  ],
  defaultSort: { key: 'consent_date', order: 'desc' },
  filters: [
    ORDER_PROGRAM_FILTER,
    {
      key: 'consent_method',
      label: 'Consent Method',
      multi: true,
      options: Object.entries(CONSENT_METHODS).map(([value, label]) => ({ value, label })),
    },
    {
      key: 'authorization',
      label: 'Authorization Status',
      multi: true,
      options: Object.entries(AUTHORIZATION_STATES).map(([value, label]) => ({ value, label })),
    },
    PATIENT_FILTERS.practice,
    { key: 'consented', label: 'Consent Date', dateRange: true },
  ],
  searchPlaceholder: 'Search patient name or RPM ID',
  exports: ['pdf', 'csv'],
  open: ORDERS_TAB_LINK,
});
