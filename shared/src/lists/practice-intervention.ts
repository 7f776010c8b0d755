import { z } from 'zod';
import type { TIME_CATEGORIES } from '../api/chart-activity.js';
import { monthsBefore } from '../calendar.js';
import { listPatient } from '../patient-identity.js';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { PATIENT_COLUMNS as C, PATIENT_FILTERS as F, PATIENT_CHART_LINK } from './patient-row.js';

/**
 * Practice Intervention (000 §2.4 'Billing Utility' practice-intervention; issue 42 §1): what the care team did for a
 * practice's patients in a month, one row per intervention, read from what the product already records; the list
 * and its exports are the evidence a practice shows payers (decisions.md "Practice Intervention").
 */

/**
 * The kinds of intervention by code, with the label a row shows, and where each comes from: an acknowledged alert, a
 * medication added to the chart, a referral document filed on it, a chart note, and care time logged under one of
 * the categories below (time spent reviewing data is monitoring, not an intervention).
 */
export const INTERVENTION_KINDS = {
  alert_response: 'Alert response',
  medication_change: 'Medication change',
  referral: 'Referral',
  clinical_note: 'Clinical note',
  patient_call: 'Patient call',
  care_coordination: 'Care coordination',
  care_plan: 'Care plan',
  medication_review: 'Medication review',
  education: 'Education',
  other_care: 'Other care time',
} as const;
export type InterventionKind = keyof typeof INTERVENTION_KINDS;

/** The care-time category (chart-activity.ts) each intervention kind of logged time comes from. */
export const TIME_CATEGORY_KINDS = {
  'Patient call': 'patient_call',
  'Care coordination': 'care_coordination',
  'Care plan': 'care_plan',
  'Medication review': 'medication_review',
  Education: 'education',
  Other: 'other_care',
} as const satisfies Partial<Record<(typeof TIME_CATEGORIES)[number], InterventionKind>>;

/** The longest note a row carries: the excerpt's length before its ellipsis. */
export const INTERVENTION_NOTE_EXCERPT = 160;

/** The last day of a month on which the list still opens on the month before (its evidence is being gathered). */
const INTERVENTION_PRIOR_MONTH_UNTIL_DAY = 5;

/**
 * The month the list opens on ('YYYY-MM'): until the 5th the month that ended, whose claims go out now; after it,
 * this month (decisions.md "Practice Intervention").
 */
export function interventionMonthOn(today: string): string {
  const month = today.slice(0, 7);
  return Number(today.slice(8, 10)) <= INTERVENTION_PRIOR_MONTH_UNTIL_DAY ? monthsBefore(month, 1) : month;
}

/** One intervention of a practice's patient. */
export const interventionRow = z.object({
  /** The source record's id with its kind of source: unique across the list's sources. */
  intervention_id: z.number().int(),
  /** When it was done (ISO timestamp). */
  performed_at: z.string(),
  /** 'YYYY-MM' (UTC) of `performed_at`. */
  month: z.string(),
  patient_id: z.number().int(),
  patient_name: z.string(),
  patient: listPatient,
  practice_name: z.string(),
  /** INTERVENTION_KINDS' label. */
  kind: z.string(),
  /** Who did it; null where the record does not say. */
  performed_by: z.string().nullable(),
  /** The note, at most INTERVENTION_NOTE_EXCERPT characters and an ellipsis; null without one. */
  note: z.string().nullable(),
  /** Care time logged, to a tenth of a minute; null for a kind that logs none. */
  minutes: z.number().nullable(),
});
export type InterventionRow = z.infer<typeof interventionRow>;

/** Whether a row has a note (values of the Note filter): an intervention without one is weak evidence. */
export const INTERVENTION_NOTE_OPTIONS = [
  { value: 'yes', label: 'With a note' },
  { value: 'no', label: 'Without a note' },
] as const;

export const practiceInterventionList = defineList({
  name: 'practice-intervention',
  title: 'Practice Intervention',
  spec: '000 §2.4 Billing Utility, §2.7 Utilities; issue 42 §1',
  route: LIST_ROUTES.practiceIntervention,
  page: 'Billing Utility',
  row: interventionRow,
  idKey: 'intervention_id',
  columns: [
    { key: 'performed_at', label: 'Date/Time', sortable: true, format: 'datetime' },
    C.name,
    C.practice,
    { key: 'kind', label: 'Intervention', sortable: true },
    { key: 'performed_by', label: 'By', sortable: true },
    { key: 'note', label: 'Note' },
    { key: 'minutes', label: 'Minutes', sortable: true, format: 'minutes' },
  ],
  defaultSort: { key: 'performed_at', order: 'desc' },
  filters: [
    { key: 'month', label: 'Month', kind: 'month' },
    { ...F.practice, exportAll: 'All practices' },
    {
      key: 'kind',
      label: 'Intervention',
      multi: true,
      options: Object.entries(INTERVENTION_KINDS).map(([value, label]) => ({ value, label })),
    },
    { key: 'noted', label: 'Note', options: INTERVENTION_NOTE_OPTIONS },
  ],
  defaultFilters: { month: interventionMonthOn },
  searchPlaceholder: 'Search patient name or RPM ID',
  exports: ['pdf', 'csv'],
  open: PATIENT_CHART_LINK,
});
