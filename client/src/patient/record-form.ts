import {
  ENROLMENT_PROGRAMS,
  type EnrolmentProgram,
  type NewPatientInput,
  PATIENT_RECORD_FIELDS,
  type PatientDemographics,
  type PatientRecordInput,
} from '@rpm/shared';
import type { z } from 'zod';

/**
 * The patient form's values as typed (every field a string) and their conversion to the calls' input
 * (shared/src/patient-record.ts is the schema): the registration page and the Demographics edit share them.
 */

/** The fields the Demographics tab edits. */
export const RECORD_FIELDS = PATIENT_RECORD_FIELDS;
export type RecordField = (typeof RECORD_FIELDS)[number];
export type RecordValues = Readonly<Record<RecordField, string>>;

/** A new patient's values: the record, its practice, diagnosis codes as typed ('I10, E11.9') and programs. */
export interface RegistrationValues extends RecordValues {
  readonly practice_id: string;
  readonly diagnosis_codes: string;
  readonly programs: Readonly<Record<EnrolmentProgram, string>>;
}

const ID_FIELDS: ReadonlySet<RecordField> = new Set([
  'language_id',
  'location_id',
  'physician_id',
  'care_coordinator_id',
  'insurance_plan_id',
]);

const EMPTY_RECORD: RecordValues = {
  ...(Object.fromEntries(RECORD_FIELDS.map((field) => [field, ''])) as Record<RecordField, string>),
  gender: 'U',
  language_id: '1',
};

export const EMPTY_REGISTRATION: RegistrationValues = {
  ...EMPTY_RECORD,
  practice_id: '',
  diagnosis_codes: '',
  programs: { RPM: '2', CCM: '', BHI: '', PCM: '', RTM: '' },
};

/** A select's id ('' → null); a text as typed ('' stays '', which the schema stores as null). */
const idOf = (text: string): number | null => (text === '' ? null : Number(text));
/** Only the digits of a typed phone number. */
const digitsOf = (text: string): string => text.replace(/\D/g, '');

/** The record part of the calls' input. */
export function recordInput(v: RecordValues): PatientRecordInput {
  const input: Record<string, unknown> = {};
  for (const field of RECORD_FIELDS) {
    const text = v[field];
    if (ID_FIELDS.has(field)) input[field] = idOf(text);
    else if (field === 'mobile' || field === 'phone') input[field] = digitsOf(text);
    else input[field] = text;
  }
  return input as PatientRecordInput;
}

/** The registration call's input (without the duplicate confirmation). */
export function registrationInput(v: RegistrationValues): NewPatientInput {
  return {
    ...recordInput(v),
    practice_id: idOf(v.practice_id) ?? 0,
    diagnosis_codes: v.diagnosis_codes
      .split(/[,;\s]+/)
      .map((code) => code.trim())
      .filter((code) => code !== ''),
    programs: Object.fromEntries(
      ENROLMENT_PROGRAMS.map((program) => [program, idOf(v.programs[program])]),
    ) as NewPatientInput['programs'],
  } as NewPatientInput;
}

/** A stored patient's values, as the Demographics edit opens them. */
export function recordValuesOf(p: PatientDemographics): RecordValues {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return {
    firstname: p.firstname,
    lastname: p.lastname,
    dob: p.dob,
    gender: p.gender,
    language_id: text(p.language_id),
    mobile: text(p.mobile),
    phone: text(p.phone),
    email: text(p.email),
    address_line1: text(p.address_line1),
    address_line2: text(p.address_line2),
    city: text(p.city),
    state: text(p.state),
    zip: text(p.zip),
    mrn: text(p.mrn),
    location_id: text(p.loc_id),
    physician_id: text(p.phy_id),
    care_coordinator_id: text(p.care_coordinator_id),
    insurance_plan_id: text(p.insurance_plan_id),
    insurance_member_id: text(p.insurance_member_id),
  };
}

/** The first message of each field the schema refuses, by its path ('programs.RPM', 'diagnosis_codes'). */
export function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    // A code in the list is the list's problem: the form has one field for them.
    const path = issue.path[0] === 'diagnosis_codes' ? ['diagnosis_codes'] : issue.path;
    errors[path.map(String).join('.')] ??= issue.message;
  }
  return errors;
}

/** The fields whose values differ between two versions of the form (what another save changed). */
export const changedFields = (a: RecordValues, b: RecordValues): RecordField[] =>
  RECORD_FIELDS.filter((field) => a[field] !== b[field]);
