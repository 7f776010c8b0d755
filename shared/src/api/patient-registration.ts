import { z } from 'zod';
import { patientIdentity } from '../patient-identity.js';
import {
  newPatientShape,
  patientRecordFields,
  REGISTRATION_STATUSES,
  withInsuranceRule,
} from '../patient-record.js';
import { CHART, idempotencyHeaders } from './chart-common.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';

/**
 * Taking a patient in and correcting the record (decisions.md "Patient registration"): the form's
 * choices, the duplicate check, registration and the demographics edit. Paths rpm/patients/<verb>, as the spec's
 * patient calls; each needs 'Patient Chart' and one of {@link PATIENT_RECORD_ROLES}, checked on the server.
 */

/** Roles that register and edit patients: administrators, practice leads, care coordinators and schedulers. */
export const PATIENT_RECORD_ROLES: readonly number[] = [1, 2, 5, 9, 15];
export const mayEditPatients = (roleid: readonly number[]): boolean =>
  roleid.some((role) => PATIENT_RECORD_ROLES.includes(role));
export const NO_PATIENT_EDIT = 'You may not register or edit patients.';

const option = z.object({ value: z.number().int(), label: z.string() });

export const getRegistrationOptions = defineCall({
  method: 'GET',
  path: 'rpm/patients/registrationOptions',
  spec: '000 §2.3 overview {new?} (issue 38 §1)',
  summary:
    "The registration form's choices: the user's practices, and for the chosen one its locations, physicians and care coordinators, the organisation's insurance plans, languages and each program's first statuses",
  access: CHART,
  query: z.object({ practice_id: recordIdParam.optional() }),
  response: z.object({
    status: z.number().int(),
    data: z.object({
      practices: z.array(option),
      locations: z.array(option),
      physicians: z.array(option),
      care_coordinators: z.array(option),
      insurance_plans: z.array(option),
      languages: z.array(option),
      statuses: z.object(
        Object.fromEntries(Object.keys(REGISTRATION_STATUSES).map((p) => [p, z.array(option)])) as Record<
          keyof typeof REGISTRATION_STATUSES,
          z.ZodArray<typeof option>
        >,
      ),
    }),
  }),
});

/** Why a registered patient may be the one being entered. */
export const DUPLICATE_REASONS = ['name_dob', 'mrn', 'mobile'] as const;
export const duplicateCandidate = patientIdentity.extend({
  practice_id: z.number().int(),
  practice_name: z.string(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
});
export type DuplicateCandidate = z.infer<typeof duplicateCandidate>;

export const findDuplicatePatients = defineCall({
  method: 'POST',
  path: 'rpm/patients/findDuplicates',
  spec: '000 §2.3 overview {new?} (issue 38 §1 duplicate check)',
  summary:
    "Patients of the practice's organisation with the same last name and date of birth, the same MRN or the same mobile: those the user may read with their identity, the others as a count",
  access: CHART,
  body: z.object({
    practice_id: recordId,
    lastname: z.string().trim().min(1).max(60),
    dob: z.string().max(10),
    mrn: z.string().trim().max(20),
    mobile: z.string().max(10).nullable(),
    /** The record being edited, which is not its own duplicate. */
    patient_id: recordId.optional(),
  }),
  response: z.object({
    status: z.number().int(),
    data: z.object({ candidates: z.array(duplicateCandidate), outside_scope: z.number().int() }),
  }),
});

export const POSSIBLE_DUPLICATE =
  'This patient may already be registered: open the record or confirm a new one.';

export const addPatient = defineCall({
  method: 'POST',
  path: 'rpm/patients/add',
  spec: '000 §2.3 overview {new?} (issue 38 §1)',
  summary:
    'Registers a patient in a practice of the user: 409 naming mrn when the MRN is taken in the practice, 409 naming confirm_duplicates while possible duplicates are unconfirmed',
  access: CHART,
  headers: idempotencyHeaders,
  body: withInsuranceRule(newPatientShape.extend({ confirm_duplicates: z.boolean().default(false) })),
  response: okAnswer.extend({ data: z.object({ patient_id: z.number().int() }) }),
});

export const STALE_PATIENT_EDIT =
  'Someone saved this patient since you opened the form. Review their changes.';

export const updatePatientDemographics = defineCall({
  method: 'POST',
  path: 'rpm/patients/updateDemographics',
  spec: '000 §2.3 Demographics (issue 38 §1)',
  summary:
    "Saves the Demographics tab: every changed field's before and after in the audit row; 409 naming version when someone saved since the form read it",
  access: CHART,
  body: withInsuranceRule(
    patientRecordFields.extend({ patient_id: recordId, version: z.number().int().min(1) }),
  ),
  response: okAnswer.extend({ data: z.object({ version: z.number().int() }) }),
});
