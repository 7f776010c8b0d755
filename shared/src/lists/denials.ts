import { z } from 'zod';
import { listPatient } from '../patient-identity.js';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { PATIENT_FILTERS, patientColumn } from './patient-row.js';

/** One denied claim line not yet resubmitted (table `claim_status_lines`). */
export const denialRow = z.object({
  line_id: z.number().int(),
  patient_id: z.number().int(),
  patient_name: z.string(),
  patient: listPatient,
  mrn: z.string().nullable(),
  practice_name: z.string(),
  claim_number: z.string(),
  cpt_code: z.string(),
  /** YYYY-MM-DD. */
  date_of_service: z.string(),
  /** Dollars. */
  amount: z.number(),
  denial_reason: z.string(),
  /** Whole days from the date of service to today. */
  age_days: z.number().int(),
  /** When the product's claim of the patient's month of service was recorded ('Claim Sent', 001 §2.1); null if not. */
  claim_sent: z.string().nullable(),
  /** Every status the uploads recorded for the line, oldest first: 'Paid 03/02/2026; Denied 04/06/2026'. */
  history: z.string(),
});
export type DenialRow = z.infer<typeof denialRow>;

/**
 * Denials Worklist (000 §2.4 'Billing Uploads', below the upload panel; decisions.md "Denials worklist"): the denied
 * lines of the payers' claim-status files in the biller's practices that nobody has resubmitted, oldest service
 * first; Resubmit takes a line off the list.
 */
export const denialsList = defineList({
  name: 'denials',
  title: 'Denials Worklist',
  spec: '000 §2.4 Billing Uploads',
  route: LIST_ROUTES.billingUploads,
  page: 'Billing Uploads',
  row: denialRow,
  idKey: 'line_id',
  columns: [
    patientColumn(),
    { key: 'mrn', label: 'MRN', sortable: true },
    { key: 'practice_name', label: 'Practice', sortable: true },
    { key: 'claim_number', label: 'Claim', sortable: true },
    { key: 'cpt_code', label: 'Code', sortable: true },
    { key: 'date_of_service', label: 'Date of Service', sortable: true, format: 'date' },
    { key: 'amount', label: 'Amount', sortable: true, format: 'usd' },
    { key: 'denial_reason', label: 'Denial Reason', sortable: true },
    { key: 'age_days', label: 'Age (Days)', sortable: true, format: 'number' },
    { key: 'claim_sent', label: 'Claim Sent', sortable: true, format: 'date' },
    { key: 'history', label: 'Status History' },
  ],
  defaultSort: { key: 'age_days', order: 'desc' },
  filters: [PATIENT_FILTERS.practice, { key: 'reason', label: 'Denial Reason', multi: true, search: true }],
  searchPlaceholder: 'Search patient, MRN or claim',
  exports: ['pdf', 'csv'],
});
