import { z } from 'zod';
import { MSG } from '../messages.js';
import { CHART, idempotencyHeaders, paging, patientQuery } from './chart-common.js';
import { defineCall } from './contract.js';
import { listEnvelope, okAnswer, pageEnvelope } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';
import { chartText } from './rules.js';

/** The chart's Tasks tab and care team (decisions.md "Chart calls"); access as in chart.ts. */

// ── Tasks and care team ──────────────────────────────────────────────────────────────────────────────────

export const careTeamMember = z.object({
  user_id: z.number().int(),
  name: z.string(),
  /** Why the user is on the team. */
  role: z.enum(['physician', 'care_coordinator', 'clinical_staff']),
});

export const getCareTeam = defineCall({
  method: 'GET',
  path: 'rpm/patients/getCareTeam',
  spec: 'issue 5 part 5 (alert recipients), part 6 (task assignees; ours)',
  summary:
    "The patient's care team: physician, care coordinator and the practice's clinical staff (roles 8 and 13 covering the patient's location); alerts go to them",
  access: CHART,
  query: patientQuery,
  response: listEnvelope(careTeamMember),
});

export const patientTask = z.object({
  task_id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(['open', 'in_progress', 'completed']),
  assigned_to: z.number().int(),
  assigned_to_name: z.string(),
  due_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  created_by: z.number().int(),
  created_at: z.string(),
});

export const getPatientTasks = defineCall({
  method: 'GET',
  path: 'rpm/tasks/getPatientTasks',
  spec: '000 §2.3 (Tasks tab; ours)',
  summary: "The patient's tasks: open ones (open and in progress) first by due date, or completed, or all",
  access: CHART,
  query: z.object({
    patient_id: recordIdParam,
    state: z.enum(['all', 'open', 'completed']).default('open'),
    ...paging,
  }),
  response: pageEnvelope(patientTask),
});

export const addPatientTask = defineCall({
  method: 'POST',
  path: 'rpm/tasks/addPatientTask',
  spec: '000 §2.3 (Tasks tab; ours)',
  summary: "Adds a task about the patient for a member of the patient's care team",
  access: CHART,
  headers: idempotencyHeaders,
  body: z.object({
    patient_id: recordId,
    assigned_to: recordId,
    title: chartText(200).refine((text) => text.trim() !== '', MSG.required),
    description: chartText(2000).optional(),
    due_at: z.iso.datetime({ offset: true }).optional(),
  }),
  response: okAnswer.extend({ data: patientTask }),
});

export const updatePatientTask = defineCall({
  method: 'POST',
  path: 'rpm/tasks/updatePatientTask',
  spec: '000 §2.3 (Tasks tab; ours)',
  summary: 'Moves a task of a patient the user may see to open, in progress or completed',
  access: CHART,
  body: z.object({ task_id: recordId, status: z.enum(['open', 'in_progress', 'completed']) }),
  response: okAnswer.extend({ data: patientTask }),
});
