import { z } from 'zod';
import { calendarDay } from '../calendar.js';
import { MSG } from '../messages.js';
import { CHART, idempotencyHeaders, paging } from './chart-common.js';
import { defineCall } from './contract.js';
import { okAnswer, pageEnvelope } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';
import { chartText } from './rules.js';

/** The chart's Care Plan tab (000 §2.3 `ccm`): versioned CCM care plans (decisions.md "Care plan calls"). */

/** Limits of a care plan, shared by the form and the server. */
export const CARE_PLAN_LIMITS = {
  problems: 20,
  goalsPerProblem: 10,
  interventionsPerProblem: 10,
  description: 200,
  goal: 500,
  intervention: 500,
  responsible: 100,
  patientGoals: 2000,
} as const;

/** A new plan's review date: three months on (decisions.md "Care plan review date"). */
export const CARE_PLAN_REVIEW_MONTHS = 3;

/** ICD-10-CM: a letter, two characters, then an optional dot and up to four more (e.g. I10, E11.65). */
const ICD10 = /^[A-TV-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/;

const required = (max: number) => chartText(max).refine((text) => text.trim() !== '', MSG.required);

export const carePlanGoal = z.object({
  goal: required(CARE_PLAN_LIMITS.goal),
  target_date: calendarDay(MSG.invalidDate).nullable(),
});

export const carePlanIntervention = z.object({
  intervention: required(CARE_PLAN_LIMITS.intervention),
  /** Who carries it out: a team member or role as the care team names it (decisions.md "Care plan responsibility"). */
  responsible: required(CARE_PLAN_LIMITS.responsible),
});

export const carePlanProblem = z.object({
  icd10: z.string().regex(ICD10, 'must be an ICD-10 code such as I10 or E11.65'),
  description: required(CARE_PLAN_LIMITS.description),
  goals: z.array(carePlanGoal).max(CARE_PLAN_LIMITS.goalsPerProblem),
  interventions: z.array(carePlanIntervention).max(CARE_PLAN_LIMITS.interventionsPerProblem),
});

/** The content of one version of a care plan (and of the CCM Care Plan Defaults template). */
export const carePlanContent = z.object({
  problems: z
    .array(carePlanProblem)
    .min(1, 'A care plan needs at least one problem')
    .max(CARE_PLAN_LIMITS.problems),
  /** The patient's expressed goals, in their words. */
  patient_goals: chartText(CARE_PLAN_LIMITS.patientGoals),
  /** When the care team reviews the plan next. */
  review_date: calendarDay(MSG.invalidDate),
});
export type CarePlanContent = z.infer<typeof carePlanContent>;

/** Who wrote and who signed a version. */
export const carePlanVersionInfo = z.object({
  version: z.number().int(),
  author_name: z.string(),
  created_at: z.string(),
  signed_by_name: z.string().nullable(),
  signed_at: z.string().nullable(),
});

export const carePlanVersion = carePlanVersionInfo.extend({ plan: carePlanContent });

export const getCarePlan = defineCall({
  method: 'GET',
  path: 'rpm/careplan/getCarePlan',
  spec: '000 §2.3 (ccm tab; ours)',
  summary:
    "The patient's care plan: the newest version (or the version asked), the one in force, the defaults",
  access: CHART,
  query: z.object({ patient_id: recordIdParam, version: recordIdParam.optional() }),
  response: okAnswer.extend({
    data: z.object({
      /** The newest version, or the one asked for; null before the first is saved. */
      plan: carePlanVersion.nullable(),
      /** The newest signed version: the plan in force (decisions.md "Care plan in force"). */
      in_force_version: z.number().int().nullable(),
      latest_version: z.number().int().nullable(),
      /** The CCM Care Plan Defaults (000 §2.4) a new plan starts from. */
      defaults: carePlanContent,
      /** Whether the caller may sign (decisions.md "Care plan signer"). */
      can_sign: z.boolean(),
    }),
  }),
});

export const getCarePlanVersions = defineCall({
  method: 'GET',
  path: 'rpm/careplan/getCarePlanVersions',
  spec: '000 §2.3 (ccm tab; ours)',
  summary: "The versions of the patient's care plan, newest first, with who wrote and signed each",
  access: CHART,
  query: z.object({ patient_id: recordIdParam, ...paging }),
  response: pageEnvelope(carePlanVersionInfo),
});

export const saveCarePlan = defineCall({
  method: 'POST',
  path: 'rpm/careplan/saveCarePlan',
  spec: '000 §2.3 (ccm tab; ours)',
  summary:
    'Saves the care plan as a new version (the previous ones are kept); base_version guards lost updates',
  access: CHART,
  headers: idempotencyHeaders,
  body: z.object({
    patient_id: recordId,
    /** The version the edit started from; null for the first. Another newer version answers 409. */
    base_version: recordId.nullable(),
    plan: carePlanContent,
  }),
  response: okAnswer.extend({ data: carePlanVersion }),
});

export const signCarePlan = defineCall({
  method: 'POST',
  path: 'rpm/careplan/signCarePlan',
  spec: '000 §2.3 (ccm tab; ours)',
  summary: "Signs the newest version of the care plan as the patient's billing practitioner",
  access: CHART,
  body: z.object({ patient_id: recordId, version: recordId }),
  response: okAnswer.extend({ data: carePlanVersion }),
});

export const printCarePlan = defineCall({
  method: 'GET',
  path: 'rpm/careplan/printCarePlan',
  spec: '000 §2.3 (ccm tab; ours)',
  summary: 'The care plan (the newest version, or the version asked) as a PDF for the patient',
  access: CHART,
  query: z.object({ patient_id: recordIdParam, version: recordIdParam.optional() }),
  /** The body is the PDF itself (application/pdf); errors use the JSON error envelope. */
  response: z.unknown(),
});
