import { z } from 'zod';
import { CHART } from './chart-common.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId } from './ids.js';

/** Merging a patient entered twice, and deactivation (decisions.md "Merging and deactivating patients"). */

/** Roles that merge, deactivate and reactivate patients: administrators and practice leads. */
export const PATIENT_MERGE_ROLES: readonly number[] = [1, 2];
export const mayMergePatients = (roleid: readonly number[]): boolean =>
  roleid.some((role) => PATIENT_MERGE_ROLES.includes(role));
export const NO_PATIENT_MERGE = 'You may not merge or deactivate patients.';

const reason = z.string().trim().min(1, 'Please enter a reason.').max(500);

/** How many rows of each table moved to the surviving record, and how many stayed with the merged one. */
export const mergeCounts = z.object({
  moved: z.record(z.string(), z.number().int()),
  kept: z.record(z.string(), z.number().int()),
});
export type MergeCounts = z.infer<typeof mergeCounts>;

export const mergePatients = defineCall({
  method: 'POST',
  path: 'rpm/patients/merge',
  spec: '000 §2.3 Demographics (issue 38 §1 merge)',
  summary:
    'Merges a patient entered twice (patient_id) into the record that stays (into_patient_id), both of one practice: readings, devices, notes, tasks, minutes, alerts and every other record move; the merged record stays, marked, and the month summaries of both are rebuilt',
  access: CHART,
  body: z.object({ patient_id: recordId, into_patient_id: recordId, reason }),
  response: okAnswer.extend({ data: mergeCounts }),
});

export const deactivatePatient = defineCall({
  method: 'POST',
  path: 'rpm/patients/deactivate',
  spec: '000 §2.3 Demographics (issue 38 §1 deactivate)',
  summary:
    'Deactivates a patient who leaves the service: the record stays readable and leaves the patient lists; 409 naming patient_id while alerts are open',
  access: CHART,
  body: z.object({ patient_id: recordId, reason }),
  response: okAnswer,
});

export const reactivatePatient = defineCall({
  method: 'POST',
  path: 'rpm/patients/reactivate',
  spec: '000 §2.3 Demographics (issue 38 §1 deactivate)',
  summary: 'Brings a deactivated patient back to the patient lists',
  access: CHART,
  body: z.object({ patient_id: recordId }),
  response: okAnswer,
});

/** Texts of the refusals, shown as the server sends them. */
export const MERGE_TEXT = {
  self: 'Choose another patient to merge into.',
  otherPractice: 'Only patients of the same practice can be merged.',
  alreadyMerged: (into: number) => `This record was already merged into patient ${into}.`,
  intoMerged: (into: number) => `That record was merged into patient ${into}; merge into that one.`,
  intoInactive: 'That record is deactivated; reactivate it first.',
  openAlerts: (n: number) =>
    `Acknowledge this patient's ${n} open alert${n === 1 ? '' : 's'} before deactivating.`,
  notInactive: 'This patient is active.',
  alreadyInactive: 'This patient is already deactivated.',
} as const;
