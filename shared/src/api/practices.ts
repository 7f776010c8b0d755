import { z } from 'zod';
import { ESCALATION_MINUTES_MAX } from './alert-policy.js';
import { idempotencyHeaders } from './chart-common.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId } from './ids.js';
import { organizationName } from './organizations.js';

/**
 * Practices and locations with their programs (000 §2.4 Practices, Locations, Programs Tables).
 * The spec names no create or edit calls here; ours follow its `rpm/<area>/<verb>` style (decisions.md
 * "Practice and location forms"). Names follow the organisation name's rule of 000 §5.
 */

/** The fixed programs (bff/src/db/migrations/0001_core.sql `programs`), for the location form's checkboxes. */
export const PROGRAM_OPTIONS = [
  { program_id: 1, program_name: 'RPM' },
  { program_id: 2, program_name: 'CCM' },
  { program_id: 3, program_name: 'BHI' },
  { program_id: 4, program_name: 'PCM' },
  { program_id: 5, program_name: 'RTM' },
] as const;

/** The programs a location offers (table `programs`: 1 RPM, 2 CCM, 3 BHI, 4 PCM, 5 RTM), each once. */
const programIds = z
  .array(recordId)
  .max(5)
  .refine((ids) => new Set(ids).size === ids.length, 'Each program once');

/** Minutes an alert waits unacknowledged before it escalates, by level (decisions.md "Alert escalation"). */
export const escalationMinutes = {
  escalation_critical_minutes: z
    .number({ error: 'Enter whole minutes' })
    .int('Enter whole minutes')
    .min(1, 'At least 1 minute')
    .max(ESCALATION_MINUTES_MAX.critical, `At most ${ESCALATION_MINUTES_MAX.critical} minutes`),
  escalation_abnormal_minutes: z
    .number({ error: 'Enter whole minutes' })
    .int('Enter whole minutes')
    .min(1, 'At least 1 minute')
    .max(ESCALATION_MINUTES_MAX.abnormal, `At most ${ESCALATION_MINUTES_MAX.abnormal} minutes`),
};

export const practiceBody = z.object({
  practice_name: organizationName,
  organization_id: recordId,
  // Absent: the defaults of the column (ESCALATION_MINUTES_DEFAULT).
  escalation_critical_minutes: escalationMinutes.escalation_critical_minutes.optional(),
  escalation_abnormal_minutes: escalationMinutes.escalation_abnormal_minutes.optional(),
});

export const addPractice = defineCall({
  method: 'POST',
  path: 'rpm/practices/addPractice',
  spec: '000 §2.4 Practices Table; our path (decisions.md "Practice and location forms")',
  summary: "Creates a practice in one of the caller's organisations",
  access: { page: 'Practices Table' },
  headers: idempotencyHeaders,
  body: practiceBody,
  response: okAnswer.extend({ data: z.object({ practice_id: z.number().int() }) }),
});

export const updatePractice = defineCall({
  method: 'POST',
  path: 'rpm/practices/updatePractice',
  spec: '000 §2.4 Practices Table; our path (decisions.md "Practice and location forms")',
  summary:
    "Renames a practice of the caller's organisations (it stays in its organisation) and sets its alert escalation minutes (absent: unchanged)",
  access: { page: 'Practices Table' },
  body: z.object({
    practice_id: recordId,
    practice_name: organizationName,
    escalation_critical_minutes: escalationMinutes.escalation_critical_minutes.optional(),
    escalation_abnormal_minutes: escalationMinutes.escalation_abnormal_minutes.optional(),
  }),
  response: okAnswer,
});

export const locationBody = z.object({
  location_name: organizationName,
  practice_id: recordId,
  program_ids: programIds,
});

export const addLocation = defineCall({
  method: 'POST',
  path: 'rpm/locations/addLocation',
  spec: '000 §2.4 Locations Table; our path (decisions.md "Practice and location forms")',
  summary: "Creates a location in one of the caller's practices with the programs it offers",
  access: { page: 'Locations Table' },
  headers: idempotencyHeaders,
  body: locationBody,
  response: okAnswer.extend({ data: z.object({ location_id: z.number().int() }) }),
});

export const updateLocation = defineCall({
  method: 'POST',
  path: 'rpm/locations/updateLocation',
  spec: '000 §2.4 Locations Table; our path (decisions.md "Practice and location forms")',
  summary: 'Renames a location and replaces the programs it offers (it stays in its practice)',
  access: { page: 'Locations Table' },
  body: z.object({ location_id: recordId, location_name: organizationName, program_ids: programIds }),
  response: okAnswer,
});
