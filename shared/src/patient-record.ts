import { z } from 'zod';
import type { EnrolmentProgram } from './api/chart.js';
import { icd10Code } from './api/chart-clinical.js';
import { DIAGNOSIS_CODES_MAX } from './api/chart-orders.js';
import { recordId } from './api/ids.js';
import { chartText, requiredId } from './api/rules.js';
import { isCalendarDay } from './calendar.js';
import { PHONE_DIGITS } from './constants.js';
import { MSG } from './messages.js';
import { emailField } from './validators.js';

/**
 * A patient's record as registration, the Demographics tab's edit and the bulk upload take it:
 * one schema for the form, the server and each CSV row, so all three refuse the same input with the same texts.
 * decisions.md "Patient registration".
 */

/** Longest first or last name. */
export const PATIENT_NAME_MAX = 60;
/** Letters of any alphabet (accents too), then spaces, hyphens, apostrophes or periods: O'Brien, Smith-Jones. */
export const PATIENT_NAME_PATTERN = /^\p{L}[\p{L}\p{M} .'’-]*$/u;
export const PATIENT_NAME_MESSAGE = 'Use letters, spaces, hyphens, apostrophes or periods';
/** The practice's own patient id: letters, digits and hyphens, as EHRs print it. */
export const MRN_PATTERN = /^[A-Za-z0-9-]{1,20}$/;
export const MRN_MESSAGE = 'MRN is 1 to 20 letters, digits or hyphens';
export const DIAGNOSIS_REQUIRED = 'Enter at least one diagnosis code';
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
export const ZIP_MESSAGE = 'Enter a ZIP code such as 30301 or 30301-1234';
export const INVALID_DOB = 'Enter a date of birth as MM/DD/YYYY, not in the future';
export const MEMBER_ID_REQUIRED = 'Enter the member id of the insurance plan';
const TEN_DIGITS = new RegExp(`^\\d{${PHONE_DIGITS}}$`);
const PHONE_MESSAGE = `Enter ${PHONE_DIGITS} digits`;

/** USPS codes of the states, DC and the territories. */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'AS',
  'GU',
  'MP',
  'PR',
  'VI',
] as const;

export const PATIENT_GENDERS = { M: 'Male', F: 'Female', O: 'Other', U: 'Unknown' } as const;

/** A text that may be left empty: '' and null both store null. */
const optionalText = (max: number) =>
  chartText(max)
    .nullable()
    .transform((text) => (text === null || text.trim() === '' ? null : text.trim()));

const personName = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(PATIENT_NAME_MAX)
  .regex(PATIENT_NAME_PATTERN, PATIENT_NAME_MESSAGE);

/** A phone number as its ten digits, or empty. */
const phoneNumber = z
  .string()
  .nullable()
  .transform((text) => (text ?? '').trim())
  .refine((digits) => digits === '' || TEN_DIGITS.test(digits), PHONE_MESSAGE)
  .transform((digits) => (digits === '' ? null : digits));

/**
 * The fields of a patient's record that the Demographics tab edits; the date of birth's range against today is {@link patientDobInRange}. */
export const patientRecordFields = z.object({
  firstname: personName,
  lastname: personName,
  /** YYYY-MM-DD. */
  dob: z.string({ error: MSG.required }).refine(isCalendarDay, INVALID_DOB),
  gender: z.enum(Object.keys(PATIENT_GENDERS) as ['M', 'F', 'O', 'U'], { error: MSG.required }),
  mobile: phoneNumber,
  phone: phoneNumber,
  email: z
    .string()
    .nullable()
    .transform((text) => (text ?? '').trim())
    .pipe(z.union([z.literal(''), emailField().max(254)]))
    .transform((text) => (text === '' ? null : text.toLowerCase())),
  address_line1: optionalText(100),
  address_line2: optionalText(100),
  city: optionalText(60),
  state: z
    .enum(US_STATES, { error: 'Choose a state' })
    .nullable()
    .or(z.literal('').transform(() => null)),
  zip: z
    .string()
    .nullable()
    .transform((text) => (text ?? '').trim())
    .refine((zip) => zip === '' || ZIP_PATTERN.test(zip), ZIP_MESSAGE)
    .transform((zip) => (zip === '' ? null : zip)),
  language_id: requiredId(MSG.required),
  mrn: z.string({ error: MSG.required }).trim().min(1, MSG.required).regex(MRN_PATTERN, MRN_MESSAGE),
  insurance_plan_id: recordId.nullable(),
  insurance_member_id: optionalText(40),
  physician_id: recordId.nullable(),
  care_coordinator_id: recordId.nullable(),
  location_id: requiredId(MSG.required),
});

/** The member id is needed once a plan is chosen. */
export const withInsuranceRule = <
  T extends z.ZodType<{ insurance_plan_id: number | null; insurance_member_id: string | null }>,
>(
  schema: T,
) =>
  schema.superRefine((record, ctx) => {
    if (record.insurance_plan_id !== null && record.insurance_member_id === null)
      ctx.addIssue({ code: 'custom', path: ['insurance_member_id'], message: MEMBER_ID_REQUIRED });
  });

export type PatientRecordInput = z.input<typeof patientRecordFields>;
/** The record's fields: what the Demographics tab edits and its save compares. */
export const PATIENT_RECORD_FIELDS = Object.keys(patientRecordFields.shape) as (keyof PatientRecordInput)[];
export type PatientRecord = z.output<typeof patientRecordFields>;

/**
 * The statuses a program may start in at registration (decisions.md "Patient registration"): a status whose change
 * opens a dialog (RPM 1 enrollment, 9, 13; CCM 4), a hidden one, or an end (discharged, deceased, declined) is
 * reached through the chart's status selectors later. RPM is always recorded (patients.rpm_status is required).
 */
export const REGISTRATION_STATUSES: Readonly<Record<EnrolmentProgram, readonly number[]>> = {
  RPM: [2, 3, 4, 5],
  CCM: [1, 3],
  BHI: [1, 2, 3],
  PCM: [1, 2, 3],
  RTM: [1, 2, 3],
};
export const ENROLMENT_PROGRAMS = Object.keys(REGISTRATION_STATUSES) as EnrolmentProgram[];

const firstStatus = (program: EnrolmentProgram) =>
  z
    .number()
    .int()
    .refine((status) => REGISTRATION_STATUSES[program].includes(status), `Choose a first ${program} status`);

/** Each program's first status; null: not enrolled. */
export const registrationPrograms = z.object({
  RPM: firstStatus('RPM'),
  CCM: firstStatus('CCM').nullable(),
  BHI: firstStatus('BHI').nullable(),
  PCM: firstStatus('PCM').nullable(),
  RTM: firstStatus('RTM').nullable(),
});

/**
 * A new patient: the record, its practice, programs and diagnosis codes (ICD-10-CM, the first the
 * primary: the billing report's diagnosis code). Later the Clinical tab keeps the diagnoses, the status selectors
 * the programs.
 */
export const newPatientShape = patientRecordFields.extend({
  practice_id: requiredId(MSG.required),
  programs: registrationPrograms,
  diagnosis_codes: z
    .array(icd10Code)
    .min(1, DIAGNOSIS_REQUIRED)
    .max(DIAGNOSIS_CODES_MAX)
    .refine((codes) => new Set(codes).size === codes.length, 'A diagnosis code is listed twice'),
});
export const newPatientFields = withInsuranceRule(newPatientShape);
export type NewPatientInput = z.input<typeof newPatientFields>;
export type NewPatient = z.output<typeof newPatientFields>;
