import { z } from 'zod';
import { displayUtcDay } from './lists/day.js';

/**
 * Who a patient is, declared once: wherever a patient is named (lists, worklists, the bell, tasks,
 * the call prompt, the billing report, search results, dialogs) the name goes with the date of birth and the MRN,
 * or the RPM ID (the patient id) where the practice gave no MRN, so two patients of one name are told apart.
 * decisions.md "Patient identity".
 */
export const patientIdentity = z.object({
  patient_id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  /** YYYY-MM-DD. */
  dob: z.string(),
  mrn: z.string().nullable(),
});
export type PatientIdentity = z.infer<typeof patientIdentity>;

/** 'LASTNAME, FIRSTNAME' order, as the lists and the billing report name a patient (001 §2.1). */
export const identityName = (p: Pick<PatientIdentity, 'firstname' | 'lastname'>): string =>
  `${p.lastname}, ${p.firstname}`;

/** The record's own number: 'MRN M100023', or 'RPM ID 812' without an MRN. */
export const identityNumber = (p: Pick<PatientIdentity, 'patient_id' | 'mrn'>): string =>
  p.mrn ? `MRN ${p.mrn}` : `RPM ID ${p.patient_id}`;

/** What tells the patient apart besides the name: 'DOB 03/14/1950 · MRN M100023'. */
export const identityDetail = (p: PatientIdentity): string =>
  `DOB ${displayUtcDay(p.dob)} · ${identityNumber(p)}`;

/** The whole identity on one line, for plain text (exports, prompts, titles): 'HILL, ROSA · DOB … · MRN …'. */
export const identityText = (p: PatientIdentity): string => `${identityName(p)} · ${identityDetail(p)}`;

/** The marker beside a name another patient of the same practice shares. */
export const SAME_NAME_TEXT = 'Same name';

/**
 * A patient as a list row, the bell and the billing report name it: the identity, and whether another patient of the
 * same practice (not merged away) has the same first and last name, case aside. The BFF selects it with
 * one helper (bff/src/patients/identity-sql.ts; decisions.md "Patient identity").
 */
export const listPatient = patientIdentity.extend({ same_name: z.boolean() });
export type ListPatient = z.infer<typeof listPatient>;

/** The names in capitals, as the lists and the billing report write them (001 §2.1). */
export const upperNames = <P extends Pick<PatientIdentity, 'firstname' | 'lastname'>>(p: P): P => ({
  ...p,
  firstname: p.firstname.toUpperCase(),
  lastname: p.lastname.toUpperCase(),
});

/** A list's patient as plain text (CSV, PDF): 'HILL, ROSA · DOB 03/14/1950 · MRN M100023 · Same name'. */
export const listPatientText = (p: ListPatient): string =>
  `${identityText(upperNames(p))}${p.same_name ? ` · ${SAME_NAME_TEXT}` : ''}`;
