import { z } from 'zod';
import { PRODUCT } from '../constants.js';
import { displayDate } from '../lists/format.js';
import { MSG } from '../messages.js';
import { listPatient, listPatientText } from '../patient-identity.js';
import { BILLING_UTILITY_PAGE, BILLING_UTILITY_ROUTES } from '../routes.js';
import { defineCall } from './contract.js';
import { listEnvelope, okAnswer } from './envelope.js';
import { recordId } from './ids.js';
import { PAGING } from './paging.js';

const BILLING = { page: 'Billing Report' } as const;

/** 001 §2.1, §7: the report's month/year/practice context travels in headers. */
export const billingHeaders = z.object({
  month: z.coerce.number().int().min(1).max(12),
  year: z.coerce.number().int().min(2020).max(2100),
  /** A practice id, or the combined 'practice##location' value of the practice selector (001 §3). Empty: all in scope. */
  practice: z
    .string()
    .regex(/^(\d+(##\d*)?)?$/, 'practice must be a practice id or practice##location')
    .optional(),
  organization: z.string().regex(/^\d*$/, 'organization must be an organisation id').optional(),
  /**
   * Patient name words or a patient id. Sent URI-encoded (encodeURIComponent): header values are Latin-1 only, so
   * a name like 'José' cannot travel raw; the server decodes it.
   */
  search: z.string().max(600).optional(),
});

/** One patient-month of the report (001 §3 "Billing row"). Code cells hold the CPT code billed, or null. */
export const billingRow = z.object({
  patient_id: z.number().int(),
  patient_name: z.string(),
  /** The patient as every screen names it (DOB, MRN or RPM ID, 'Same name'), beyond 001 §3's row. */
  patient: listPatient,
  dob: z.string().nullable(),
  diagnosis_code: z.string().nullable(),
  assigned_date: z.string().nullable(),
  auth_number: z.string().nullable(),
  setup_cpt: z.string().nullable(),
  compliance_cpt: z.string().nullable(),
  activity_time_cpt: z.string().nullable(),
  more_activity_time_cpt: z.string().nullable(),
  activity_time_60_cpt: z.string().nullable(),
  /** Every code column's cell by column name (the spec's five and the further RPM and RTM codes): the code billed. */
  codes: z.record(z.string(), z.string()),
  /** The codes reached but not billable, each with the needs it lacks ('99457: No interactive contact this month'). */
  not_billable: z.string().nullable(),
  [`${PRODUCT}_claim`]: z.union([z.literal(0), z.literal(1)]),
  [`${PRODUCT}_claim_date`]: z.string().nullable(),
  /** Identifies the patient-month for the claim call. */
  patients_cpt_id: z.number().int(),
  /** Revenue of this row from the insurance default amounts. */
  amount: z.number(),
});
export type BillingRow = z.infer<typeof billingRow>;

/** One of the report's leading columns (001 §2.1), the same on screen and in the PDF. */
export interface BillingLeadingColumn {
  readonly name: string;
  readonly sortKey?: BillingSortKey;
  readonly text: (row: BillingRow) => string;
}

/** RPM ID, Patient Name (upper case), DOB, Diagnosis Code, Setup Date, Auth Number (001 §2.1). */
export const BILLING_LEADING_COLUMNS: readonly BillingLeadingColumn[] = [
  { name: MSG.colRpmId, sortKey: 'patient_id', text: (row) => String(row.patient_id) },
  // The name with its DOB and MRN or RPM ID and the 'Same name' marker, upper case as 001 §2.1 has it.
  { name: MSG.colPatientName, sortKey: 'patient_name', text: (row) => listPatientText(row.patient) },
  { name: MSG.colDob, text: (row) => displayDate(row.dob) },
  { name: MSG.colDiagnosisCode, text: (row) => row.diagnosis_code ?? '' },
  { name: MSG.colSetupDate, sortKey: 'assigned_date', text: (row) => displayDate(row.assigned_date) },
  { name: MSG.colAuthNumber, text: (row) => row.auth_number ?? '' },
];

/** After the code columns, on screen and in the PDF: the codes reached that a missing document still blocks. */
export const BILLING_TRAILING_COLUMNS: readonly BillingLeadingColumn[] = [
  { name: 'Not Billable', text: (row) => row.not_billable ?? '' },
];

/** The report's server-side sort keys (001 §2.1: RPM ID, Patient Name, Setup Date). */
export const BILLING_SORT_KEYS = ['patient_id', 'patient_name', 'assigned_date'] as const;
export type BillingSortKey = (typeof BILLING_SORT_KEYS)[number];
const billingOrder = {
  orderby: z.enum(BILLING_SORT_KEYS).default('patient_id'),
  order: z.enum(['asc', 'desc']).default('asc'),
};

export const getBillingDetails = defineCall({
  method: 'GET',
  path: 'rpm/billing/getBillingDetails',
  spec: '001 §2.1, §3, §7 Billing',
  summary:
    'One page of the billing report for a practice, month and year, with the code columns and total revenue',
  access: BILLING,
  headers: billingHeaders,
  query: z.object({ ...PAGING, ...billingOrder }),
  response: z.object({
    status: z.number().int(),
    data: z.array(billingRow),
    /** The code column names in order (001 §3): 'Setup', '16 Days Readings', 'RPM Time-20 mins', ... */
    columns: z.array(z.string()),
    count: z.number().int(),
    total: z.number(),
  }),
});

export const claimReport = defineCall({
  method: 'GET',
  path: `rpm/billing/claim${PRODUCT}Report`,
  spec: '001 §2.1, §4 Billing, §7',
  summary: 'Records that the claim for a patient-month was sent (once; a repeat keeps the first date)',
  access: BILLING,
  query: z.object({ id: z.coerce.number().int().positive() }),
  response: z.object({ status: z.number().int(), message: z.string(), claim_date: z.string() }),
});

export const generateBillingReport = defineCall({
  method: 'GET',
  path: 'rpm/billing/generateBillingReport',
  spec: '001 §2.1, §7',
  summary: 'The whole month as a PDF (application/pdf; the file name in Content-Disposition)',
  access: BILLING,
  headers: billingHeaders,
  query: z.object(billingOrder),
  /** The body is the PDF itself; errors use the JSON error envelope. */
  response: z.unknown(),
});

/**
 * The evidence bundle of one patient-month (decisions.md "Billing evidence bundle"): what an auditor reads to check
 * the month's codes, as a PDF. `id` is a report row's `patients_cpt_id`.
 */
export const getEvidenceBundle = defineCall({
  method: 'GET',
  path: 'rpm/billing/evidenceBundle',
  spec: '001 §2.1, §9 (ours: the spec has no evidence bundle)',
  summary:
    'One patient-month as a PDF: reading days and devices, minutes, contacts, documents in force and each code with its rule',
  access: BILLING,
  query: z.object({ id: z.coerce.number().int().positive() }),
  /** The body is the PDF itself; errors use the JSON error envelope. */
  response: z.unknown(),
});

export const practiceOption = z.object({
  practice_id: z.number().int(),
  org_id: z.number().int(),
  label: z.string(),
});

export const getAllPractices = defineCall({
  method: 'GET',
  path: 'rpm/practices/getAllPractices',
  spec: '001 §3, §6, §7',
  summary: "Practices for the selector: all for lowest role 1 or 10, otherwise the user's own",
  access: 'session',
  response: listEnvelope(practiceOption),
});

export const searchPracticeByUserId = defineCall({
  method: 'POST',
  path: 'rpm/practices/searchPracticeByUserId',
  spec: '001 §2.4, §7',
  summary: 'Practices in scope whose name matches the search term',
  access: 'session',
  body: z.object({
    search_term: z.string().trim().max(100),
    organization_id: z.number().int().positive().nullable().optional(),
    is_external_sleep_coord: z.union([z.literal(0), z.literal(1)]).optional(),
    is_external_care_coord: z.union([z.literal(0), z.literal(1)]).optional(),
  }),
  response: listEnvelope(practiceOption),
});

/** 001 §3 "Billing count summary", for the billing dashboard. */
export const billingCounts = z.object({
  count99453: z.number().int(),
  count99454: z.number().int(),
  count99457: z.number().int(),
  count99458_40Mins: z.number().int(),
  count99458_60Mins: z.number().int(),
  count98980: z.number().int(),
  count98981_40Mins: z.number().int(),
  count98981_60Mins: z.number().int(),
});

export const getBillingCountSummary = defineCall({
  method: 'GET',
  path: 'rpm/billing/getBillingCountSummary',
  spec: '001 §3 (Billing count summary); our path: the spec does not show the call',
  summary: "The month's patient counts per code for the practices in scope",
  access: { page: 'Billing Dashboard' },
  headers: billingHeaders,
  response: z.object({
    status: z.number().int(),
    data: billingCounts,
    total: z.number(),
    /** One bar per code billed in the scope's month, every program, in declaration order (beyond 001 §3). */
    codes: z.array(
      z.object({
        code: z.string(),
        label: z.string(),
        program: z.string(),
        patients: z.number().int(),
        units: z.number().int(),
        amount: z.number(),
      }),
    ),
    /** Revenue per billing report (RPM, CCM, PCM, BHI): their sum is `total`. */
    reports: z.array(z.object({ report: z.string(), amount: z.number() })),
  }),
});

export const getBillingUtilitySummary = defineCall({
  method: 'GET',
  path: 'rpm/billing/getBillingUtilitySummary',
  spec: '000 §2.4 (Billing Utility); our path: the spec names only the route (decisions.md "Billing Utility")',
  summary:
    "How many rows need attention on each Billing Utility list with a screen, in the user's scope, as each list counts them",
  access: { page: BILLING_UTILITY_PAGE },
  response: z.object({
    status: z.number().int(),
    data: z.array(
      z.object({
        // The landing page's own route has no count.
        route: z.enum(BILLING_UTILITY_ROUTES).exclude(['billing-utility']),
        count: z.number().int().nonnegative(),
      }),
    ),
  }),
});

/**
 * Resubmit on the Denials Worklist (000 §2.4 'Billing Uploads'; decisions.md "Denials worklist"): records who
 * resubmitted a denied claim line and when, audited; the line leaves the worklist. 404 for a line outside the
 * caller's billing scope, 409 for one resubmitted already or not denied.
 */
export const resubmitClaimLine = defineCall({
  method: 'POST',
  path: 'rpm/billing/resubmitClaimLine',
  spec: '000 §2.4 Billing Uploads (ours: the spec names only the route)',
  summary: 'Marks a denied claim line of the Denials Worklist resubmitted, with who and when',
  access: { page: 'Billing Uploads' },
  body: z.object({ line_id: recordId }),
  response: okAnswer,
});

/** What a month close counts (decisions.md "Month close"). */
export const monthCloseAnswer = z.object({
  /** The month being closed, 'YYYY-MM': the last whole month. */
  month: z.string(),
  /** Patient-months with a code billable and no claim sent yet. */
  ready: z.number().int(),
  /** Patient-months whose every code reached lacks a document, no claim sent. */
  blocked: z.number().int(),
  /** Patient-months whose claim is marked sent. */
  sent: z.number().int(),
  /** Each missing document, with the patients it blocks in each billing report. */
  reasons: z.array(
    z.object({
      need: z.string(),
      text: z.string(),
      reports: z.array(z.object({ report: z.string(), patients: z.number().int() })),
    }),
  ),
});

export const getMonthClose = defineCall({
  method: 'GET',
  path: 'rpm/billing/getMonthClose',
  spec: '001 §2.1, §4 Billing; our path: the spec has no month close',
  summary: 'The month being closed for the practices in scope: ready to bill, blocked by reason, claims sent',
  access: { page: 'Billing Dashboard' },
  headers: billingHeaders.pick({ practice: true, organization: true }),
  response: z.object({ status: z.number().int(), data: monthCloseAnswer }),
});
