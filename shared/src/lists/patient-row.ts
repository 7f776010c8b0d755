import { z } from 'zod';
import { listPatient } from '../patient-identity.js';
import type { FilterOption, ListColumn, ListFilter } from './define-list.js';

/** Reading-day progress of a month against 16 days (decisions.md "Reading-day progress"). */
export const readingProgress = z.enum(['met', 'on_track', 'at_risk', 'unreachable']);

/** The five months of the compliance strip (001 §2.9, §4), oldest first. */
export const complianceStrip = z.array(
  z.object({ month: z.string(), state: z.enum(['before', 'met', 'missed']) }),
);

/**
 * The row of every patient list (Patients, Non Compliance Patients, Monthly Report, CCM, Screened): one patient
 * with the figures of one month (this month, or the month the Monthly Report's filter names). Each list shows
 * the columns it needs; 'More Information' (000 §2.11) shows the list's columns.
 */
export const patientListRow = z.object({
  patient_id: z.number().int(),
  /** 'LASTNAME, FIRSTNAME' order as in billing (001 §2.1). */
  patient_name: z.string(),
  patient: listPatient,
  dob: z.string(),
  phone: z.string().nullable(),
  language: z.string(),
  organization_name: z.string(),
  practice_name: z.string(),
  diagnosis_code: z.string().nullable(),
  rpm_status: z.string(),
  ccm_status: z.string().nullable(),
  /** 001 §9: CCM type 1 counts 30/60 minutes (99426/99427), others 20/40 (99490/99439). */
  ccm_type: z.number().int(),
  physician: z.string().nullable(),
  care_coordinator: z.string().nullable(),
  /** Device types currently assigned, e.g. 'BP Monitor, Weight Scale'. */
  devices: z.string(),
  tags: z.string(),
  setup_date: z.string().nullable(),
  /** When the patient was added (referred). */
  referred_at: z.string(),
  /** 'YYYY-MM' of the figures below. */
  month: z.string(),
  reading_days: z.number().int(),
  rpm_minutes: z.number().int(),
  ccm_minutes: z.number().int(),
  /** Whether a signed CCM care plan is in place: 'Signed' or 'Care plan missing' (CCM bills only with one). */
  care_plan: z.enum(['Signed', 'Care plan missing']),
  /** The CCM minute goal of the patient's type (20 or 30). */
  ccm_goal_minutes: z.number().int(),
  /**
   * Against 16 reading days this month (99454): 'met', 'on_track', 'at_risk' (behind the month's pace) or
   * 'unreachable' (days left in the month fewer than the days still missing). Decisions: "Reading-day progress".
   */
  progress: readingProgress,
  last_reading_at: z.string().nullable(),
  /** Whole days since the last reading; null without any. */
  days_since_reading: z.number().int().nullable(),
  open_alerts: z.number().int(),
  /** Five months of the compliance strip (001 §2.9). */
  compliance: complianceStrip,
});
export type PatientListRow = z.infer<typeof patientListRow>;

/** Where a patient row opens: the chart (001 §2.1 links patient names there). */
export const PATIENT_CHART_LINK = '/app/patient-chart/overview/{patient_id}';

/**
 * The patient column of every list that names a patient: sorted by the name, it shows the row's
 * `patient` with DOB, MRN or RPM ID and the 'Same name' marker (format 'patient'), linking where `link` says.
 */
export const patientColumn = (link: string = PATIENT_CHART_LINK) =>
  ({
    key: 'patient_name',
    label: 'Patient Name',
    sortable: true,
    format: 'patient',
    link,
  }) as const satisfies ListColumn<'patient_name'>;

export const PROGRESS_OPTIONS: readonly FilterOption[] = [
  { value: 'met', label: '16 days met' },
  { value: 'on_track', label: 'On track' },
  { value: 'at_risk', label: 'At risk' },
  { value: 'unreachable', label: 'Cannot reach 16 days' },
];

/** RPM minutes this month against the 20/40/60-minute codes (99457, 99458). */
export const MINUTES_OPTIONS: readonly FilterOption[] = [
  { value: 'under20', label: 'Under 20 min' },
  { value: '20to39', label: '20–39 min' },
  { value: '40plus', label: '40 min or more' },
];

/** The filters of 001 §2.3 ("Monthly-target list filters"), shared by the patient lists. */
export const PATIENT_FILTERS = {
  language: { key: 'language', label: 'Language', multi: true },
  device: { key: 'device', label: 'Device', multi: true },
  tags: { key: 'tags', label: 'Tags', multi: true, search: true },
  assigned: { key: 'assigned', label: 'Assigned Date', dateRange: true },
  organization: { key: 'organization', label: 'Organization', search: true },
  practice: { key: 'practice', label: 'Practice', multi: true, search: true },
  careCoordinator: { key: 'care_coordinator', label: 'Care Coordinator', multi: true, search: true },
  physician: { key: 'physician', label: 'Physician', multi: true, search: true },
  rpmStatus: { key: 'rpm_status', label: 'RPM Status', multi: true },
  ccmStatus: { key: 'ccm_status', label: 'CCM Status', multi: true },
  progress: { key: 'progress', label: 'Reading Days', multi: true, options: PROGRESS_OPTIONS },
  minutes: { key: 'minutes', label: 'RPM Minutes', multi: true, options: MINUTES_OPTIONS },
  program: {
    key: 'program',
    label: 'Program',
    options: [
      { value: 'rpm', label: 'RPM' },
      { value: 'ccm', label: 'CCM' },
      { value: 'bhi', label: 'BHI' },
    ],
  },
} as const satisfies Record<string, ListFilter>;

/** The columns every patient list shows the same way, declared once. */
export const PATIENT_COLUMNS = {
  id: { key: 'patient_id', label: 'RPM ID', sortable: true },
  name: patientColumn(),
  dob: { key: 'dob', label: 'DOB', sortable: true, format: 'date' },
  practice: { key: 'practice_name', label: 'Practice', sortable: true },
  rpmStatus: { key: 'rpm_status', label: 'RPM Status', sortable: true },
  ccmStatus: { key: 'ccm_status', label: 'CCM Status', sortable: true },
  careCoordinator: { key: 'care_coordinator', label: 'Care Coordinator', sortable: true },
  physician: { key: 'physician', label: 'Physician', sortable: true },
  compliance: { key: 'compliance', label: 'Compliance', format: 'strip' },
} as const satisfies Record<string, ListColumn<keyof PatientListRow & string>>;
