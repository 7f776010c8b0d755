import { z } from 'zod';
import { MSG } from './messages.js';

/**
 * A practice's custom forms (000 §2.4 'form'; decisions.md "Form"): each form is a list of fields, and one builder
 * turns them into the schema its answers must meet, used by the screen before sending and by the server on submit.
 */

/** What a field asks for. */
export const FORM_FIELD_KINDS = ['text', 'number', 'yesno', 'choice'] as const;
export type FormFieldKind = (typeof FORM_FIELD_KINDS)[number];

/** How the field editor names each kind. */
export const FORM_FIELD_KIND_LABELS: Readonly<Record<FormFieldKind, string>> = {
  text: 'Text',
  number: 'Number',
  yesno: 'Yes / No',
  choice: 'Choice',
};

export const FORM_TITLE_MAX = 120;
export const FORM_DESCRIPTION_MAX = 1000;
export const FORM_FIELDS_MAX = 30;
export const FORM_FIELD_LABEL_MAX = 120;
export const FORM_OPTIONS_MAX = 20;
export const FORM_OPTION_MAX = 80;
export const FORM_TEXT_ANSWER_MAX = 2000;

export const FORM_TEXT = {
  badKey: 'Use lower-case letters, digits and _ (starting with a letter), at most 40 characters.',
  fewOptions: 'A choice needs at least 2 options.',
  noOptions: 'Only a choice field has options.',
  sameOption: 'Each option must be different.',
  sameKey: 'Each field needs its own key.',
  noFields: 'A form needs at least one field.',
  manyFields: `A form has at most ${FORM_FIELDS_MAX} fields.`,
  number: 'Enter a number',
  yesno: 'Choose Yes or No',
  choice: 'Choose one of the options',
  notActive: 'This form is not active.',
  otherOrganization: "The patient is not of this form's organization.",
  notAdministrator: 'Only an administrator can add or change forms.',
} as const;

/** One question of a form; `key` names its answer (`answers.<key>`). */
export const formField = z
  .object({
    key: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, FORM_TEXT.badKey),
    label: z.string().trim().min(1, MSG.required).max(FORM_FIELD_LABEL_MAX),
    kind: z.enum(FORM_FIELD_KINDS),
    required: z.boolean(),
    /** A choice's options, in order; empty for other kinds. */
    options: z
      .array(z.string().trim().min(1, MSG.required).max(FORM_OPTION_MAX))
      .max(FORM_OPTIONS_MAX)
      .default([]),
  })
  .superRefine((field, ctx) => {
    if (field.kind === 'choice' && field.options.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: FORM_TEXT.fewOptions });
    if (field.kind !== 'choice' && field.options.length > 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: FORM_TEXT.noOptions });
    if (new Set(field.options).size !== field.options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: FORM_TEXT.sameOption });
  });
export type FormField = z.infer<typeof formField>;

/** A form's fields: 1 to 30, each key once. */
export const formFields = z
  .array(formField)
  .min(1, FORM_TEXT.noFields)
  .max(FORM_FIELDS_MAX, FORM_TEXT.manyFields)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((field, n) => {
      if (seen.has(field.key)) ctx.addIssue({ code: 'custom', path: [n, 'key'], message: FORM_TEXT.sameKey });
      seen.add(field.key);
    });
  });

/** An answer as stored: text, a number, yes/no, or a choice's option; absent when an optional field is left empty. */
export type FormAnswer = string | number | boolean;
export type FormAnswers = Readonly<Record<string, FormAnswer>>;

/** Missing answers say 'Required'; others what the field expects. */
const expected = (message: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? MSG.required : message,
});

function answerSchema(field: FormField): z.ZodType<FormAnswer | undefined> {
  if (field.kind === 'text') {
    const text = z.string(expected(MSG.required)).trim().max(FORM_TEXT_ANSWER_MAX);
    return field.required
      ? text.min(1, MSG.required)
      : text.optional().transform((value) => (value === '' ? undefined : value));
  }
  const value =
    field.kind === 'number'
      ? z.number(expected(FORM_TEXT.number)).finite(FORM_TEXT.number)
      : field.kind === 'yesno'
        ? z.boolean(expected(FORM_TEXT.yesno))
        : z.enum(field.options as [string, ...string[]], expected(FORM_TEXT.choice));
  return field.required ? value : value.nullish().transform((answer) => answer ?? undefined);
}

/**
 * The schema of a form's answers, keyed by its fields' keys: a required field must be answered, each answer must be
 * of its field's kind (a choice one of its options), and no other key is accepted.
 */
export function formAnswersSchema(fields: readonly FormField[]) {
  return z
    .strictObject(Object.fromEntries(fields.map((field) => [field.key, answerSchema(field)])))
    .transform(
      (answers): FormAnswers =>
        Object.fromEntries(Object.entries(answers).filter((entry) => entry[1] !== undefined)) as FormAnswers,
    );
}

/** An answer as the screen shows it: 'Yes'/'No', numbers and text as given, '' when not answered. */
export function formAnswerText(answer: FormAnswer | undefined): string {
  if (answer === undefined) return '';
  if (typeof answer === 'boolean') return answer ? 'Yes' : 'No';
  return String(answer);
}

/** One problem of a form's answers: the field's key (null for the answers as a whole) and what to fix. */
export interface FormAnswerProblem {
  readonly key: string | null;
  readonly message: string;
}

/**
 * Checks answers with {@link formAnswersSchema}: the stored answers, or each problem by its field's key (an unknown
 * key is named as its own problem), the first field's first.
 */
export function checkFormAnswers(
  fields: readonly FormField[],
  answers: unknown,
): { readonly answers: FormAnswers } | { readonly problems: readonly FormAnswerProblem[] } {
  const parsed = formAnswersSchema(fields).safeParse(answers);
  if (parsed.success) return { answers: parsed.data };
  return {
    problems: parsed.error.issues.flatMap((issue): FormAnswerProblem[] => {
      if (issue.code === 'unrecognized_keys')
        return issue.keys.map((key) => ({ key, message: `${key} is not a field of this form` }));
      const key = issue.path[0];
      return [{ key: key === undefined ? null : String(key), message: issue.message }];
    }),
  };
}
