import { z } from 'zod';
import {
  FORM_DESCRIPTION_MAX,
  FORM_TITLE_MAX,
  type FormAnswer,
  formField,
  formFields,
} from '../form-fields.js';
import { MSG } from '../messages.js';
import { idempotencyHeaders } from './chart-common.js';
import { defineCall } from './contract.js';
import { listEnvelope, okAnswer } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';
import { chartText } from './rules.js';

/** Form's calls (decisions.md "Form"); its list is `formsList`. */

const ACCESS = { page: 'form' } as const;
const SPEC = "000 §2.4 'form' (ours)";

/** What a form says besides its id and organisation: editable by an administrator. */
const formFacts = {
  title: chartText(FORM_TITLE_MAX).refine((text) => text.trim() !== '', MSG.required),
  description: chartText(FORM_DESCRIPTION_MAX).default(''),
  fields: formFields,
  active: z.boolean().default(true),
};

export const addForm = defineCall({
  method: 'POST',
  path: 'rpm/forms/add',
  spec: SPEC,
  summary: "Adds a form to one of the caller's organisations (administrators: lowest role 1 or 2)",
  access: ACCESS,
  headers: idempotencyHeaders,
  body: z.object({ organization_id: recordId, ...formFacts }),
  response: okAnswer.extend({ data: z.object({ form_id: z.number().int() }) }),
});

export const updateForm = defineCall({
  method: 'POST',
  path: 'rpm/forms/update',
  spec: SPEC,
  summary:
    "Changes a form of the caller's organisations (administrators); its version goes up, earlier submissions keep the fields they answered",
  access: ACCESS,
  body: z.object({ form_id: recordId, ...formFacts }),
  response: okAnswer,
});

/** One form with its fields, as the editor and the fill-in screen read it. */
export const formDetail = z.object({
  form_id: z.number().int(),
  organization_id: z.number().int(),
  organization: z.string(),
  title: z.string(),
  description: z.string(),
  fields: z.array(formField),
  active: z.boolean(),
  version: z.number().int(),
  /** ISO timestamp. */
  updated_at: z.string(),
});
export type FormDetail = z.infer<typeof formDetail>;

export const getForm = defineCall({
  method: 'GET',
  path: 'rpm/forms/get',
  spec: SPEC,
  summary: "One form of the caller's organisations with its fields (404 for another's)",
  access: ACCESS,
  query: z.object({ form_id: recordIdParam }),
  response: z.object({ status: z.number().int(), data: formDetail }),
});

export const submitForm = defineCall({
  method: 'POST',
  path: 'rpm/forms/submit',
  spec: SPEC,
  summary:
    "Records a patient's answers to an active form of the patient's organisation; the answers are checked against the form's fields (400 naming answers.<key>)",
  access: ACCESS,
  headers: idempotencyHeaders,
  body: z.object({
    form_id: recordId,
    patient_id: recordId,
    /** Keyed by the fields' keys; checked by `formAnswersSchema` of the form's fields. */
    answers: z.record(z.string(), z.unknown()),
  }),
  response: okAnswer.extend({ data: z.object({ submission_id: z.number().int() }) }),
});

const formAnswer: z.ZodType<FormAnswer> = z.union([z.string(), z.number(), z.boolean()]);

/** One submission: the fields as they were when it was submitted, and the answers. */
export const formSubmission = z.object({
  submission_id: z.number().int(),
  form_id: z.number().int(),
  form_title: z.string(),
  form_version: z.number().int(),
  fields: z.array(formField),
  answers: z.record(z.string(), formAnswer),
  submitted_by: z.string(),
  /** ISO timestamp. */
  submitted_at: z.string(),
});
export type FormSubmission = z.infer<typeof formSubmission>;

export const getFormSubmissions = defineCall({
  method: 'GET',
  path: 'rpm/forms/submissions',
  spec: SPEC,
  summary: "A patient's form submissions the caller may read, newest first; with form_id, that form's only",
  access: ACCESS,
  query: z.object({ patient_id: recordIdParam, form_id: recordIdParam.optional() }),
  response: listEnvelope(formSubmission),
});
