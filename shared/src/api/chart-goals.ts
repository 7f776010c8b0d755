import { z } from 'zod';
import { calendarDay } from '../calendar.js';
import { MSG } from '../messages.js';
import { CHART, idempotencyHeaders, patientQuery } from './chart-common.js';
import { defineCall } from './contract.js';
import { listEnvelope, okAnswer } from './envelope.js';
import { recordId } from './ids.js';
import { chartText } from './rules.js';

/** The chart's Goals tab (000 §2.3 `goals/{patientId?}`): clinical and personal goals (decisions.md "Goals"). */

export const GOAL_TITLE_MAX = 200;
/** Days of readings a clinical goal's progress covers (decisions.md "Goal progress"). */
export const GOAL_PROGRESS_DAYS = 30;

export const GOAL_STATUSES = ['active', 'achieved', 'stopped'] as const;

const title = chartText(GOAL_TITLE_MAX).refine((text) => text.trim() !== '', MSG.required);
const target = z.number().finite().min(0).max(10_000).nullable();

/** What the user writes: the rules of a clinical goal (a vital and a range) are checked by the server too. */
export const goalFields = z
  .object({
    kind: z.enum(['clinical', 'personal']),
    title,
    /** A clinical goal's vital; null for a personal goal. */
    vital_id: recordId.nullable(),
    target_low: target,
    target_high: target,
    /** The ICD-10 code of the care-plan problem the goal serves, or null. */
    problem_icd10: z.string().max(8).nullable(),
    target_date: calendarDay(MSG.invalidDate).nullable(),
  })
  .superRefine((goal, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (goal.kind === 'clinical') {
      if (goal.vital_id === null) issue('vital_id', 'A clinical goal needs a vital');
      else if (goal.target_low === null && goal.target_high === null)
        issue('target_low', 'A clinical goal needs a lowest or a highest value');
      else if (goal.target_low !== null && goal.target_high !== null && goal.target_low > goal.target_high)
        issue('target_high', 'The highest value must not be below the lowest');
    } else if (goal.vital_id !== null || goal.target_low !== null || goal.target_high !== null)
      issue('vital_id', 'A personal goal has no vital or target values');
  });

export const patientGoal = z.object({
  goal_id: z.number().int(),
  kind: z.enum(['clinical', 'personal']),
  title: z.string(),
  vital_id: z.number().int().nullable(),
  vital_type: z.string().nullable(),
  unit: z.string().nullable(),
  target_low: z.number().nullable(),
  target_high: z.number().nullable(),
  problem_icd10: z.string().nullable(),
  target_date: z.string().nullable(),
  status: z.enum(GOAL_STATUSES),
  author_name: z.string(),
  updated_at: z.string(),
  /** A clinical goal's readings of the last GOAL_PROGRESS_DAYS days: how many, how many in range, the latest. */
  progress: z
    .object({
      readings: z.number().int(),
      in_range: z.number().int(),
      latest_value: z.number().nullable(),
      latest_at: z.string().nullable(),
    })
    .nullable(),
});
export type PatientGoal = z.infer<typeof patientGoal>;

export const getPatientGoals = defineCall({
  method: 'GET',
  path: 'rpm/goals/getPatientGoals',
  spec: '000 §2.3 (goals tab; ours)',
  summary: "The patient's goals, active first, with the progress of clinical goals from the readings",
  access: CHART,
  query: patientQuery,
  response: listEnvelope(patientGoal),
});

export const addPatientGoal = defineCall({
  method: 'POST',
  path: 'rpm/goals/addPatientGoal',
  spec: '000 §2.3 (goals tab; ours)',
  summary: 'Adds a clinical or personal goal to the patient',
  access: CHART,
  headers: idempotencyHeaders,
  body: z.object({ patient_id: recordId, goal: goalFields }),
  response: okAnswer.extend({ data: patientGoal }),
});

export const updatePatientGoal = defineCall({
  method: 'POST',
  path: 'rpm/goals/updatePatientGoal',
  spec: '000 §2.3 (goals tab; ours)',
  summary: "Changes a goal's fields and status (active, achieved, stopped)",
  access: CHART,
  body: z.object({ goal_id: recordId, goal: goalFields, status: z.enum(GOAL_STATUSES) }),
  response: okAnswer.extend({ data: patientGoal }),
});
