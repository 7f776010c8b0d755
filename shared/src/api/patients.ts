import { z } from 'zod';
import { PATIENT_SEARCH_MAX, RECENT_CHARTS_MAX } from '../constants.js';
import { patientIdentity } from '../patient-identity.js';
import { dobOf, isPatientSearch, PATIENT_SEARCH_TEXT_MAX, patientSearchTerms } from '../patient-search.js';
import { CHART } from './chart-common.js';
import { defineCall } from './contract.js';
import { listEnvelope } from './envelope.js';
import { recordId, recordIdListParam, recordIdParam } from './ids.js';

/** The patient lookup answer (000 §7 says its shape is not shown; these are the fields the shell uses). */
export const patientDetails = z.object({
  patient_id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  dob: z.string().nullable(),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  organization_id: z.number().int(),
  practice_id: z.number().int(),
  location_id: z.number().int().nullable(),
});
export type PatientDetails = z.infer<typeof patientDetails>;

export const getDetailsByUserID = defineCall({
  method: 'GET',
  path: 'rpm/users/getDetailsByUserID',
  spec: '000 §4.6, §7; 001 §7',
  summary:
    "Looks up a patient (roleid=7) the signed-in user may see; needs the 'Patient Chart' entry (issue 11 #4: least privilege); 403 outside their organisations/practices",
  access: { page: 'Patient Chart' },
  query: z.object({
    userid: recordIdParam,
    roleid: z.coerce.number().pipe(z.literal(7)),
  }),
  response: z.object({ status: z.number().int(), data: patientDetails }),
});

export const addCheckInEntry = defineCall({
  method: 'POST',
  path: 'rpm/dashboard/addCheckInEntry',
  spec: '000 §4.6, §6.2, §7',
  summary: 'Records that the user opened the patient chart (lowest role 6, 8 or 13)',
  access: 'session',
  body: z.object({ patient_id: recordId }),
  response: z.object({ status: z.number().int(), message: z.string() }),
});

export const getLanguages = defineCall({
  method: 'GET',
  path: 'rpm/patients/getLanguages',
  spec: '000 §2.10, §7',
  summary: 'Languages for the Source Language select (1 English, 2 Arabic, 3 Spanish)',
  access: 'session',
  response: z.object({
    status: z.number().int(),
    data: z.array(z.object({ language_id: z.number().int(), language: z.string() })),
  }),
});

/** Patients handed over at once: a page of the Patient Transfer list at its largest size (000 §9). */
export const TRANSFER_MAX = 100;

/** A care coordinator who can take patients over. */
export const transferCoordinator = z.object({ user_id: z.number().int(), name: z.string() });
export type TransferCoordinator = z.infer<typeof transferCoordinator>;

export const getTransferCoordinators = defineCall({
  method: 'GET',
  path: 'rpm/patients/getTransferCoordinators',
  spec: '000 §2.4 Care Coord Mapping (ours)',
  summary:
    'The active care coordinators (role 9) who may read every one of the given patients, to hand them over to',
  access: { page: 'Care Coord Mapping' },
  query: z.object({ patient_id: recordIdListParam(TRANSFER_MAX) }),
  response: listEnvelope(transferCoordinator),
});

export const transferPatients = defineCall({
  method: 'POST',
  path: 'rpm/patients/transferPatients',
  spec: '000 §2.4 Care Coord Mapping (ours)',
  summary:
    'Makes one care coordinator the coordinator of the given patients (all or none), with an audit row per patient changed',
  access: { page: 'Care Coord Mapping' },
  body: z.object({
    patient_id: z.array(recordId).min(1).max(TRANSFER_MAX),
    care_coordinator_id: recordId,
  }),
  response: z.object({
    status: z.number().int(),
    message: z.string(),
    data: z.object({ transferred: z.number().int() }),
  }),
});

/** A patient found (the header search, recent charts, a caller's number): who, as everywhere, and the practice. */
export const patientMatch = patientIdentity.extend({ practice_name: z.string() });
export type PatientMatch = z.infer<typeof patientMatch>;

/** The header search's text, parsed into the ways it finds a patient (shared/src/patient-search.ts). */
const patientSearchText = z
  .string()
  .trim()
  .min(1, 'q is required')
  .max(PATIENT_SEARCH_TEXT_MAX, `q must be at most ${PATIENT_SEARCH_TEXT_MAX} characters`)
  .refine(isPatientSearch, "q may hold letters, digits, spaces and - ' . , / + ( ) only")
  .refine((text) => dobOf(text) !== null, 'q is not a date of birth (MM/DD/YYYY)')
  .transform(patientSearchTerms);

export const searchPatients = defineCall({
  method: 'GET',
  path: 'rpm/patients/search',
  spec: '000 §2.7; issue 38 §3 (ours)',
  summary: `The header search's patients: by name (any word order, word prefixes, case and accents ignored), date of birth (MM/DD/YYYY), phone, MRN or RPM ID, among the patients the user may read, merged records left out; at most ${PATIENT_SEARCH_MAX}, exact matches first, then by name`,
  access: CHART,
  query: z.object({ q: patientSearchText }),
  response: listEnvelope(patientMatch),
});

export const getPatientIdentities = defineCall({
  method: 'GET',
  path: 'rpm/patients/identities',
  spec: 'issue 38 §3 (ours)',
  summary:
    "The charts the header search offers as recently opened: these patients' identities, in the order asked, leaving out those the user may not read and merged records",
  access: CHART,
  query: z.object({ patient_id: recordIdListParam(RECENT_CHARTS_MAX) }),
  response: listEnvelope(patientMatch),
});
