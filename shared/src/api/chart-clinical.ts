import { z } from 'zod';
import { calendarDay } from '../calendar.js';
import { MSG } from '../messages.js';
import { CHART, idempotencyHeaders, patientQuery } from './chart-common.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId } from './ids.js';
import { chartText } from './rules.js';

/** The chart's Clinical tab: diagnoses, medications, allergies, vitals summary (decisions.md "Clinical calls"). */

export const DIAGNOSIS_DESCRIPTION_MAX = 200;
export const MEDICATION_NAME_MAX = 100;
export const MEDICATION_DOSE_MAX = 50;
export const MEDICATION_FREQUENCY_MAX = 50;
export const ALLERGY_SUBSTANCE_MAX = 100;
export const ALLERGY_REACTION_MAX = 200;
/** Reaction severity as clinicians grade it (mild / moderate / severe). */
export const ALLERGY_SEVERITIES = ['mild', 'moderate', 'severe'] as const;
/** The windows of the vitals history summary, in days. */
export const VITALS_SUMMARY_DAYS = [30, 90] as const;

/** An ICD-10-CM code: a letter, two characters, and up to four more after the dot (e.g. I10, E11.65). */
export const ICD10_PATTERN = /^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/;
export const ICD10_MESSAGE = 'Enter an ICD-10 code such as I10 or E11.9';

const requiredText = (max: number) => chartText(max).refine((text) => text.trim() !== '', MSG.required);
/** An ICD-10-CM code as typed: trimmed and upper-cased, then checked. */
export const icd10Code = z
  .string()
  .transform((text) => text.trim().toUpperCase())
  .refine((code) => ICD10_PATTERN.test(code), ICD10_MESSAGE);

export const diagnosis = z.object({
  diagnosis_id: z.number().int(),
  icd10_code: z.string(),
  description: z.string(),
  is_primary: z.boolean(),
  /** When it was resolved; resolved diagnoses stay listed. */
  resolved_at: z.string().nullable(),
  added_by_name: z.string(),
  created_at: z.string(),
});

export const medication = z.object({
  medication_id: z.number().int(),
  name: z.string(),
  dose: z.string(),
  frequency: z.string(),
  start_date: z.string(),
  stop_date: z.string().nullable(),
  /** The stop date has come: listed as stopped. */
  stopped: z.boolean(),
  added_by_name: z.string(),
});

export const allergy = z.object({
  allergy_id: z.number().int(),
  substance: z.string(),
  reaction: z.string(),
  severity: z.enum(ALLERGY_SEVERITIES),
  active: z.boolean(),
  added_by_name: z.string(),
});

export const getPatientClinical = defineCall({
  method: 'GET',
  path: 'rpm/clinical/getPatientClinical',
  spec: '000 §2.3 (Clinical tab; ours)',
  summary: "The patient's diagnoses, medications and allergies, current first",
  access: CHART,
  query: patientQuery,
  response: z.object({
    status: z.number().int(),
    data: z.object({
      diagnoses: z.array(diagnosis),
      medications: z.array(medication),
      allergies: z.array(allergy),
    }),
  }),
});

export const vitalSummary = z.object({
  vital_id: z.number().int(),
  vital_type: z.string(),
  unit: z.string(),
  readings: z.number().int(),
  last_value: z.number(),
  last_taken_at: z.string(),
  min: z.number(),
  max: z.number(),
  average: z.number(),
});

export const getVitalsSummary = defineCall({
  method: 'GET',
  path: 'rpm/clinical/getVitalsSummary',
  spec: '000 §2.3 (Clinical tab; ours)',
  summary: 'Last, lowest, highest and average reading per vital over the last 30 or 90 days',
  access: CHART,
  query: patientQuery.extend({
    days: z.coerce
      .number()
      .refine((d) => (VITALS_SUMMARY_DAYS as readonly number[]).includes(d), 'days must be 30 or 90'),
  }),
  response: z.object({ status: z.number().int(), data: z.array(vitalSummary) }),
});

export const addDiagnosis = defineCall({
  method: 'POST',
  path: 'rpm/clinical/addDiagnosis',
  spec: '000 §2.3 (Clinical tab; ours)',
  summary: 'Adds a diagnosis; a primary one becomes the diagnosis code the billing report shows',
  access: CHART,
  headers: idempotencyHeaders,
  body: z.object({
    patient_id: recordId,
    icd10_code: icd10Code,
    description: requiredText(DIAGNOSIS_DESCRIPTION_MAX),
    is_primary: z.boolean(),
  }),
  response: okAnswer.extend({ data: diagnosis }),
});

export const updateDiagnosis = defineCall({
  method: 'POST',
  path: 'rpm/clinical/updateDiagnosis',
  spec: '000 §2.3 (Clinical tab; ours)',
  summary: 'Edits a diagnosis: description, primary flag, resolved (a resolved one cannot be primary)',
  access: CHART,
  body: z.object({
    diagnosis_id: recordId,
    description: requiredText(DIAGNOSIS_DESCRIPTION_MAX),
    is_primary: z.boolean(),
    resolved: z.boolean(),
  }),
  response: okAnswer.extend({ data: diagnosis }),
});

const stopAfterStart = (m: { start_date: string; stop_date: string | null }) =>
  m.stop_date === null || m.stop_date >= m.start_date;
const STOP_BEFORE_START = { message: 'The stop date must not be before the start date', path: ['stop_date'] };
/** What an edit of a medication may change; a different drug is a new medication. */
const medicationTerms = {
  dose: requiredText(MEDICATION_DOSE_MAX),
  frequency: requiredText(MEDICATION_FREQUENCY_MAX),
  start_date: calendarDay(MSG.invalidStartDate),
  stop_date: calendarDay('Enter the stop date as YYYY-MM-DD').nullable(),
};

export const addMedication = defineCall({
  method: 'POST',
  path: 'rpm/clinical/addMedication',
  spec: '000 §2.3 (Clinical tab; ours)',
  summary: 'Adds a medication with dose, frequency and start (and stop) date',
  access: CHART,
  headers: idempotencyHeaders,
  body: z
    .object({
      patient_id: recordId,
      name: requiredText(MEDICATION_NAME_MAX),
      ...medicationTerms,
    })
    .refine(stopAfterStart, STOP_BEFORE_START),
  response: okAnswer.extend({ data: medication }),
});

export const updateMedication = defineCall({
  method: 'POST',
  path: 'rpm/clinical/updateMedication',
  spec: '000 §2.3 (Clinical tab; ours)',
  summary: 'Edits a medication (dose, frequency, dates); setting the stop date stops it and keeps it listed',
  access: CHART,
  body: z
    .object({
      medication_id: recordId,
      ...medicationTerms,
    })
    .refine(stopAfterStart, STOP_BEFORE_START),
  response: okAnswer.extend({ data: medication }),
});

export const addAllergy = defineCall({
  method: 'POST',
  path: 'rpm/clinical/addAllergy',
  spec: '000 §2.3 (Clinical tab; ours)',
  summary: 'Adds an allergy (substance, reaction, severity)',
  access: CHART,
  headers: idempotencyHeaders,
  body: z.object({
    patient_id: recordId,
    substance: requiredText(ALLERGY_SUBSTANCE_MAX),
    reaction: requiredText(ALLERGY_REACTION_MAX),
    severity: z.enum(ALLERGY_SEVERITIES),
  }),
  response: okAnswer.extend({ data: allergy }),
});

export const updateAllergy = defineCall({
  method: 'POST',
  path: 'rpm/clinical/updateAllergy',
  spec: '000 §2.3 (Clinical tab; ours)',
  summary: 'Edits an allergy (reaction, severity) or marks it inactive; inactive allergies stay listed',
  access: CHART,
  body: z.object({
    allergy_id: recordId,
    reaction: requiredText(ALLERGY_REACTION_MAX),
    severity: z.enum(ALLERGY_SEVERITIES),
    active: z.boolean(),
  }),
  response: okAnswer.extend({ data: allergy }),
});
