import { z } from 'zod';
import { SLEEP_STUDY_KIND_LABELS, type SleepStudyKind } from '../lists/sleep.js';
import { idempotencyHeaders } from './chart-common.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId } from './ids.js';
import { INTERPRETATION_TEXT_MAX } from './sleep.js';

/** Custom Interpretation Config's writes (000 §2.4), ours (decisions.md "Interpretation templates"). */

/** Longest template name (bff/src/db/migrations/0019_sleep.sql). */
export const TEMPLATE_NAME_MAX = 100;

const text = z.string().max(INTERPRETATION_TEXT_MAX);

/** A template as the form edits it. */
export const interpretationTemplateFields = z.object({
  name: z.string().trim().min(1, 'Template Name is required').max(TEMPLATE_NAME_MAX),
  kind: z.enum(Object.keys(SLEEP_STUDY_KIND_LABELS) as [SleepStudyKind, ...SleepStudyKind[]]),
  findings: text,
  impression: text,
  recommendations: text,
});

export const interpretationTemplateBody = interpretationTemplateFields.extend({ organization_id: recordId });

export const addInterpretationTemplate = defineCall({
  method: 'POST',
  path: 'rpm/sleep/addInterpretationTemplate',
  spec: 'issue 15 §3 Custom Interpretation Config (ours)',
  summary: "Creates an interpretation template for one of the caller's organisations",
  access: { page: 'Custom Interpretation Config' },
  headers: idempotencyHeaders,
  body: interpretationTemplateBody,
  response: okAnswer.extend({ data: z.object({ template_id: z.number().int() }) }),
});

export const updateInterpretationTemplate = defineCall({
  method: 'POST',
  path: 'rpm/sleep/updateInterpretationTemplate',
  spec: 'issue 15 §3 Custom Interpretation Config (ours)',
  summary: 'Edits a template; signed interpretations keep their own texts',
  access: { page: 'Custom Interpretation Config' },
  body: interpretationTemplateFields.extend({ template_id: recordId }),
  response: okAnswer,
});

export const setInterpretationTemplateActive = defineCall({
  method: 'POST',
  path: 'rpm/sleep/setInterpretationTemplateActive',
  spec: 'issue 15 §3 Custom Interpretation Config (ours)',
  summary: 'Deactivates a template (no longer offered by the interpretation view) or activates it again',
  access: { page: 'Custom Interpretation Config' },
  body: z.object({ template_id: recordId, active: z.boolean() }),
  response: okAnswer,
});
