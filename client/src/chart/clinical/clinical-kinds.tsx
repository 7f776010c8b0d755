import { Intent, Tag } from '@blueprintjs/core';
import {
  ALLERGY_REACTION_MAX,
  ALLERGY_SEVERITIES,
  ALLERGY_SUBSTANCE_MAX,
  addAllergy,
  addDiagnosis,
  addMedication,
  type allergy,
  COMMON_DIAGNOSES,
  DIAGNOSIS_DESCRIPTION_MAX,
  type diagnosis,
  displayDate,
  isoDay,
  MEDICATION_DOSE_MAX,
  MEDICATION_FREQUENCY_MAX,
  MEDICATION_NAME_MAX,
  MSG,
  type medication,
  updateAllergy,
  updateDiagnosis,
  updateMedication,
} from '@rpm/shared';
import type { z } from 'zod';
import { defineClinicalKind } from './ClinicalSection';

type Diagnosis = z.infer<typeof diagnosis>;
type Medication = z.infer<typeof medication>;
type Allergy = z.infer<typeof allergy>;
type Severity = Allergy['severity'];

/** A diagnosis as updateDiagnosis takes it, with `change` applied. */
const diagnosisChange = (d: Diagnosis, change: { is_primary?: boolean; resolved?: boolean }) => ({
  diagnosis_id: d.diagnosis_id,
  description: d.description,
  is_primary: change.is_primary ?? d.is_primary,
  resolved: change.resolved ?? d.resolved_at !== null,
});

/**
 * Diagnoses: ICD-10 code, description, the primary flag (the code the billing report shows,
 * decisions.md "Primary diagnosis feeds billing"); a common code typed fills an empty description
 * (decisions.md "Clinical conditions from ICD-10").
 */
export const DIAGNOSES = defineClinicalKind({
  title: 'Diagnoses',
  empty: MSG.noDataFound,
  id: (d: Diagnosis) => d.diagnosis_id,
  columns: [
    { title: 'ICD-10', cell: (d) => d.icd10_code },
    {
      title: 'Description',
      cell: (d) => (
        <>
          {d.description} {d.is_primary && <Tag intent={Intent.PRIMARY}>Primary</Tag>}
        </>
      ),
    },
    { title: 'Status', cell: (d) => (d.resolved_at ? `Resolved ${displayDate(d.resolved_at)}` : 'Active') },
    { title: 'Added By', cell: (d) => d.added_by_name },
  ],
  update: updateDiagnosis,
  actions: (d) => [
    ...(d.resolved_at === null && !d.is_primary
      ? [{ text: 'Make Primary', change: () => diagnosisChange(d, { is_primary: true }) }]
      : []),
    d.resolved_at === null
      ? { text: 'Resolve', change: () => diagnosisChange(d, { resolved: true, is_primary: false }) }
      : { text: 'Reopen', change: () => diagnosisChange(d, { resolved: false }) },
  ],
  add: {
    call: addDiagnosis,
    text: 'Add Diagnosis',
    blank: () => ({ icd10_code: '', description: '', is_primary: false }),
    body: (patient_id, form) => ({ patient_id, ...form }),
    fields: [
      {
        key: 'icd10_code',
        id: 'clinical-icd10',
        label: 'ICD-10 Code',
        suggest: ['clinical-common-diagnoses', COMMON_DIAGNOSES.map((d) => [d.code, d.description])],
        set: (form, code) => {
          const known = COMMON_DIAGNOSES.find((d) => d.code === code.trim().toUpperCase());
          return { ...form, icd10_code: code, description: form.description || (known?.description ?? '') };
        },
      },
      {
        key: 'description',
        id: 'clinical-dx-description',
        label: 'Description',
        max: DIAGNOSIS_DESCRIPTION_MAX,
      },
      { type: 'check', key: 'is_primary', label: 'Primary diagnosis (billing)' },
    ],
  },
});

/** A medication's terms as updateMedication takes them. */
const terms = (m: Medication) => {
  const { medication_id, dose, frequency, start_date, stop_date } = m;
  return { medication_id, dose, frequency, start_date, stop_date };
};

/** Stopped today, or on its start day if it starts later (decisions.md "Clinical tab edits"). */
const stopDay = (start_date: string) => {
  const today = isoDay(new Date());
  return [today, start_date].sort().at(-1) ?? today; // ISO days sort as dates
};

/**
 * Medications: current ones, then stopped ones still listed (decisions.md "Clinical history"); dose and frequency
 * are edited in place.
 */
export const MEDICATIONS = defineClinicalKind({
  title: 'Medications',
  empty: MSG.noDataFound,
  id: (m: Medication) => m.medication_id,
  columns: [
    { title: 'Medication', cell: (m) => m.name },
    { title: 'Dose', cell: (m) => m.dose, edit: ['dose', MEDICATION_DOSE_MAX] },
    { title: 'Frequency', cell: (m) => m.frequency, edit: ['frequency', MEDICATION_FREQUENCY_MAX] },
    { title: 'Start Date', cell: (m) => displayDate(m.start_date) },
    { title: 'Stop Date', cell: (m) => displayDate(m.stop_date) },
    { title: 'Status', cell: (m) => (m.stopped ? 'Stopped' : 'Active') },
  ],
  update: updateMedication,
  editable: { when: (m) => !m.stopped, change: terms },
  actions: (m) =>
    m.stopped ? [] : [{ text: 'Stop', change: () => ({ ...terms(m), stop_date: stopDay(m.start_date) }) }],
  add: {
    call: addMedication,
    text: 'Add Medication',
    blank: () => ({ name: '', dose: '', frequency: '', start_date: isoDay(new Date()) }),
    body: (patient_id, form) => ({ patient_id, ...form, stop_date: null }),
    fields: [
      { key: 'name', id: 'clinical-med-name', label: 'Medication', max: MEDICATION_NAME_MAX },
      { key: 'dose', id: 'clinical-med-dose', label: 'Dose', max: MEDICATION_DOSE_MAX },
      { key: 'frequency', id: 'clinical-med-frequency', label: 'Frequency', max: MEDICATION_FREQUENCY_MAX },
      { type: 'date', key: 'start_date', id: 'clinical-med-start', label: 'Start Date' },
    ],
  },
});

const SEVERITY_LABELS: Record<Severity, string> = { mild: 'Mild', moderate: 'Moderate', severe: 'Severe' };

/** Allergies: active ones first, the severe first; inactive ones stay listed and may be marked active again. */
export const ALLERGIES = defineClinicalKind({
  title: 'Allergies',
  empty: 'No Known Allergies',
  id: (a: Allergy) => a.allergy_id,
  columns: [
    { title: 'Substance', cell: (a) => a.substance },
    { title: 'Reaction', cell: (a) => a.reaction },
    { title: 'Severity', cell: (a) => SEVERITY_LABELS[a.severity] },
    { title: 'Status', cell: (a) => (a.active ? 'Active' : 'Inactive') },
  ],
  update: updateAllergy,
  actions: ({ allergy_id, reaction, severity, active }) => {
    const change = () => ({ allergy_id, reaction, severity, active: !active });
    return [{ text: active ? 'Mark Inactive' : 'Mark Active', change }];
  },
  add: {
    call: addAllergy,
    text: 'Add Allergy',
    blank: () => ({ substance: '', reaction: '', severity: 'moderate' as Severity }),
    body: (patient_id, form) => ({ patient_id, ...form }),
    fields: [
      { key: 'substance', id: 'clinical-allergy-substance', label: 'Substance', max: ALLERGY_SUBSTANCE_MAX },
      { key: 'reaction', id: 'clinical-allergy-reaction', label: 'Reaction', max: ALLERGY_REACTION_MAX },
      {
        key: 'severity',
        id: 'clinical-allergy-severity',
        label: 'Severity',
        options: ALLERGY_SEVERITIES.map((s) => ({ value: s, label: SEVERITY_LABELS[s] })),
      },
    ],
  },
});
