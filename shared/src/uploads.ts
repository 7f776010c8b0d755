import { CLAIM_NUMBER_MAX, DENIAL_REASON_MAX } from './billing/claim-status.js';
import { ENROLMENT_PROGRAMS } from './patient-record.js';

/**
 * The CSV uploads (000 §2.4 Bulk Uploads, Inventory Uploads, CSV Utility; decisions.md "CSV uploads"):
 * each kind's columns declared once (header ↔ field, and how a value is written), from which the template, the
 * column guide, the mapping editor and the server's reading of a file follow.
 */

export const UPLOAD_KINDS = ['patients', 'devices', 'claims'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/**
 * The largest file: 5 MiB and 20,000 rows. 20,000 patients is an organisation of several large practices in one
 * file, and its commit holds the upload lock for seconds, not minutes (the bench: tests/bench/uploads.ts);
 * a patient row of the template is about 250 bytes, so 20,000 of them fit in 5 MiB.
 */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_ROWS = 20_000;
/** Rows a preview answers at most: every row with a problem first, then the file's first rows. */
export const UPLOAD_PREVIEW_ROWS = 500;
/** How a column with several values separates them (diagnosis codes). */
export const UPLOAD_VALUE_SEPARATOR = ';';

/** One column of a kind's file. */
export interface UploadColumn {
  /** The header in our template; a file's header matches it ignoring case, spaces and underscores. */
  readonly header: string;
  /** The record's field it fills; problems of the field are named by this column. */
  readonly field: string;
  /** The file must have the column (a value may still be empty where the field allows it). */
  readonly required?: boolean;
  /** How a value is written, for the column guide. */
  readonly how: string;
}

const PROGRAM_COLUMNS: readonly UploadColumn[] = ENROLMENT_PROGRAMS.map((program) => ({
  header: `${program} Status`,
  field: `programs.${program}`,
  required: program === 'RPM',
  how:
    program === 'RPM'
      ? 'The first RPM status by name (Contacted, Consented, Device Setup, Active)'
      : `The first ${program} status by name; empty: not enrolled`,
}));

/** A new patient (shared/src/patient-record.ts newPatientFields), one row each. */
export const PATIENT_UPLOAD_COLUMNS: readonly UploadColumn[] = [
  { header: 'Practice', field: 'practice_id', required: true, how: 'One of your practices, by name or id' },
  {
    header: 'Location',
    field: 'location_id',
    required: true,
    how: 'A location of the practice, by name or id',
  },
  {
    header: 'MRN',
    field: 'mrn',
    required: true,
    how: "The practice's own patient id: letters, digits, hyphens",
  },
  { header: 'First Name', field: 'firstname', required: true, how: 'Letters, spaces, hyphens, apostrophes' },
  { header: 'Last Name', field: 'lastname', required: true, how: 'Letters, spaces, hyphens, apostrophes' },
  { header: 'Date of Birth', field: 'dob', required: true, how: 'MM/DD/YYYY (or YYYY-MM-DD)' },
  { header: 'Sex', field: 'gender', required: true, how: 'M, F, O or U (Male, Female, Other, Unknown)' },
  {
    header: 'Mobile',
    field: 'mobile',
    how: '10 digits; spaces, dashes, brackets and a leading +1 are dropped',
  },
  { header: 'Phone', field: 'phone', how: 'As Mobile' },
  { header: 'Email', field: 'email', how: 'An e-mail address' },
  { header: 'Address Line 1', field: 'address_line1', how: 'Street and number' },
  { header: 'Address Line 2', field: 'address_line2', how: 'Apartment, suite' },
  { header: 'City', field: 'city', how: 'City' },
  { header: 'State', field: 'state', how: 'Two-letter USPS code' },
  { header: 'ZIP', field: 'zip', how: '12345 or 12345-6789' },
  { header: 'Preferred Language', field: 'language_id', required: true, how: 'A language by name (English)' },
  {
    header: 'Diagnosis Codes',
    field: 'diagnosis_codes',
    required: true,
    how: `ICD-10-CM codes separated by '${UPLOAD_VALUE_SEPARATOR}', the primary first (I10${UPLOAD_VALUE_SEPARATOR} E11.9)`,
  },
  ...PROGRAM_COLUMNS,
  {
    header: 'Insurance Plan',
    field: 'insurance_plan_id',
    how: 'An active plan by its name, or payer and plan name',
  },
  { header: 'Member ID', field: 'insurance_member_id', how: "The plan's member id; needed with a plan" },
  { header: 'Physician', field: 'physician_id', how: "A physician of the practice: e-mail or 'First Last'" },
  {
    header: 'Care Coordinator',
    field: 'care_coordinator_id',
    how: 'A care coordinator of the practice, as Physician',
  },
];

/** A device for the inventory, one row each. */
export const DEVICE_UPLOAD_COLUMNS: readonly UploadColumn[] = [
  {
    header: 'IMEI or Serial',
    field: 'imei',
    required: true,
    how: 'An IMEI (15 digits, Luhn check digit) or a serial number with letters (4 to 40 letters, digits, hyphens)',
  },
  {
    header: 'Device Type',
    field: 'device_type_id',
    required: true,
    how: 'A device type by name (Blood Pressure)',
  },
  {
    header: 'Device Name',
    field: 'device_name',
    required: true,
    how: 'A model of the type (DeviceName table)',
  },
  { header: 'Vendor', field: 'vendor_name', required: true, how: 'Who supplied it' },
  { header: 'Warehouse', field: 'warehouse_id', how: 'An active warehouse by name; empty: none' },
  { header: 'Purchase Date', field: 'purchase_date', how: 'MM/DD/YYYY (or YYYY-MM-DD), not in the future' },
];

/**
 * A payer's claim-status file, one claim line each (decisions.md "Billing Uploads"); the header is the payer
 * export's `claim,patient_mrn,code,date_of_service,status,amount,denial_reason`.
 */
export const CLAIM_STATUS_UPLOAD_COLUMNS: readonly UploadColumn[] = [
  {
    header: 'claim',
    field: 'claim_number',
    required: true,
    how: `The payer's claim number (1 to ${CLAIM_NUMBER_MAX} letters, digits, hyphens)`,
  },
  {
    header: 'patient_mrn',
    field: 'mrn',
    required: true,
    how: "The patient's MRN in one of your practices",
  },
  {
    header: 'code',
    field: 'cpt_code',
    required: true,
    how: 'A CPT or HCPCS code, five characters (99454, G0556)',
  },
  {
    header: 'date_of_service',
    field: 'date_of_service',
    required: true,
    how: 'MM/DD/YYYY (or YYYY-MM-DD), not in the future',
  },
  { header: 'status', field: 'status', required: true, how: "'paid' or 'denied'" },
  {
    header: 'amount',
    field: 'amount',
    required: true,
    how: 'Dollars, 0 or more, at most two decimals (125.50)',
  },
  {
    header: 'denial_reason',
    field: 'denial_reason',
    required: true,
    how: `The payer's reason (at most ${DENIAL_REASON_MAX} characters): required when denied, empty when paid`,
  },
];

/** Each kind's page, route, columns and what names a row's record. */
export const UPLOAD_KIND_INFO = {
  patients: {
    title: 'Bulk Uploads',
    /** The access-list entry (000 §2.4). */
    page: 'Bulk Uploads',
    route: '/app/bulk-uploads',
    label: 'Patients',
    columns: PATIENT_UPLOAD_COLUMNS,
    /** The column a row's record is known by: re-uploading a row finds its record by it. */
    key: 'mrn',
    template: 'patients-template.csv',
  },
  devices: {
    title: 'Inventory Uploads',
    page: 'Inventory Uploads',
    route: '/app/inventory-uploads',
    label: 'Devices',
    columns: DEVICE_UPLOAD_COLUMNS,
    key: 'imei',
    template: 'devices-template.csv',
  },
  claims: {
    title: 'Billing Uploads',
    page: 'Billing Uploads',
    route: '/app/billing-uploads',
    label: 'Claim Statuses',
    columns: CLAIM_STATUS_UPLOAD_COLUMNS,
    /** A line is known by its claim, code and date of service; duplicates are named by the claim column. */
    key: 'claim_number',
    template: 'claim-status-template.csv',
  },
} as const satisfies Record<
  UploadKind,
  {
    title: string;
    page: string;
    route: string;
    label: string;
    columns: readonly UploadColumn[];
    key: string;
    template: string;
  }
>;

/** What the preview found a row to be; the dry run's counts are of these. */
export const ROW_OUTCOMES = ['new', 'update', 'unchanged', 'duplicate', 'invalid'] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

export const UPLOAD_STATUS_LABELS = {
  previewed: 'Previewed',
  committed: 'Committed',
  rejected: 'Rejected',
} as const;
export type UploadStatus = keyof typeof UPLOAD_STATUS_LABELS;

/** The texts of a file refused whole (400) and of the commit. */
export const UPLOAD_TEXT = {
  noFile: 'Choose a CSV file to upload.',
  tooLarge: `The file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MiB.`,
  tooManyRows: `The file has more than ${UPLOAD_MAX_ROWS.toLocaleString('en-US')} rows; split it.`,
  empty: 'The file is empty: it has no header row.',
  noRows: 'The file has a header row but no rows.',
  notCsv: (what: string) => `This is not a CSV file (${what}). Save it as 'CSV UTF-8' and upload that.`,
  notText: 'This is not a CSV file: it is not UTF-8 text.',
  badCsv: (line: number, reason: string) => `The file is not valid CSV at line ${line}: ${reason}`,
  missingColumns: (missing: readonly string[], found: readonly string[]) =>
    `The file has no column ${missing.map((m) => `'${m}'`).join(', ')} (required). Its columns: ${
      found.map((f) => `'${f}'`).join(', ') || 'none'
    }. Rename them or map them under Column mapping.`,
  repeatedColumn: (header: string) => `Two columns of the file fill '${header}'.`,
  alreadyDone: 'This upload was committed already.',
  raced: 'Another change wrote one of these records meanwhile. Upload the file again to see it.',
} as const;

/** The header a file's header is matched by: case, spaces, underscores and hyphens ignored. */
export const headerKey = (header: string): string => header.toLowerCase().replace(/[\s_-]+/g, '');
