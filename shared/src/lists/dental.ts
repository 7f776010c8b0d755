import { z } from 'zod';
import { listPatient } from '../patient-identity.js';
import { defineList, type FilterOption } from './define-list.js';
import { LIST_ROUTES, ROW_VIEW_ROUTES, rowViewLink } from './list-routes.js';
import { PATIENT_FILTERS as F, PATIENT_COLUMNS as P, patientColumn } from './patient-row.js';

/**
 * The Dental Dashboard (000 §2.4 'dentalDashboard'): oral-appliance patients by stage. The spec shows
 * nothing of the screen; the four stages are those of oral-appliance therapy for sleep apnea (decisions.md
 * "Dental Dashboard stages").
 */

/** The stages of an oral-appliance case, in their only order (bff/src/db/migrations/0025_dental_sleep_billing.sql). */
export const ORAL_APPLIANCE_STAGE_LABELS = {
  referral: 'Referral',
  impression: 'Impression',
  insertion: 'Insertion',
  follow_up_test: 'Follow-up Test',
} as const;
export type OralApplianceStage = keyof typeof ORAL_APPLIANCE_STAGE_LABELS;
export const ORAL_APPLIANCE_STAGES = Object.keys(ORAL_APPLIANCE_STAGE_LABELS) as OralApplianceStage[];

/** The stage after `stage`, or null at the last one. */
export function nextOralApplianceStage(stage: OralApplianceStage): OralApplianceStage | null {
  return ORAL_APPLIANCE_STAGES[ORAL_APPLIANCE_STAGES.indexOf(stage) + 1] ?? null;
}

const STAGE_OPTIONS: FilterOption[] = ORAL_APPLIANCE_STAGES.map((value) => ({
  value,
  label: ORAL_APPLIANCE_STAGE_LABELS[value],
}));

/** One case; `stage` carries its label, `stage_code` its code (what the advance call names). */
export const oralApplianceRow = z.object({
  case_id: z.number().int(),
  patient_id: z.number().int(),
  patient_name: z.string(),
  patient: listPatient,
  dob: z.string(),
  practice_name: z.string(),
  dentist: z.string(),
  stage: z.enum(Object.values(ORAL_APPLIANCE_STAGE_LABELS) as [string, ...string[]]),
  stage_code: z.enum(ORAL_APPLIANCE_STAGES as [OralApplianceStage, ...OralApplianceStage[]]),
  /** The day of each stage reached, 'YYYY-MM-DD'. */
  referred_on: z.string(),
  impression_on: z.string().nullable(),
  insertion_on: z.string().nullable(),
  follow_up_test_on: z.string().nullable(),
});
export type OralApplianceRow = z.infer<typeof oralApplianceRow>;

/**
 * A row opens its case's own view (stages, studies, documents), never the RPM chart: dentists work on the Dental
 * Dashboard alone (000 §6.2; decisions.md "Dental case and sleep study views").
 */
const CASE_VIEW_LINK = rowViewLink(ROW_VIEW_ROUTES.dentalCase);

export const dentalCasesList = defineList({
  name: 'dental-cases',
  title: 'Dental Dashboard',
  spec: "000 §2.4 'dentalDashboard'; issue 15 §3",
  route: LIST_ROUTES.dentalCases,
  page: 'Dental Dashboard',
  row: oralApplianceRow,
  idKey: 'case_id',
  columns: [
    { key: 'case_id', label: 'Case ID', sortable: true, link: CASE_VIEW_LINK },
    patientColumn(CASE_VIEW_LINK),
    P.dob,
    P.practice,
    { key: 'dentist', label: 'Dentist', sortable: true },
    { key: 'stage', label: 'Stage', sortable: true, rank: Object.values(ORAL_APPLIANCE_STAGE_LABELS) },
    { key: 'referred_on', label: 'Referral', sortable: true, format: 'date' },
    { key: 'impression_on', label: 'Impression', sortable: true, format: 'date' },
    { key: 'insertion_on', label: 'Insertion', sortable: true, format: 'date' },
    { key: 'follow_up_test_on', label: 'Follow-up Test', sortable: true, format: 'date' },
  ],
  defaultSort: { key: 'referred_on', order: 'desc' },
  filters: [
    { key: 'stage', label: 'Stage', multi: true, options: STAGE_OPTIONS },
    F.practice,
    { key: 'dentist', label: 'Dentist', multi: true, search: true },
  ],
  searchPlaceholder: 'Search patient name or RPM ID',
  exports: ['pdf', 'csv'],
  open: CASE_VIEW_LINK,
});
