import {
  Button,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  TextArea,
} from '@blueprintjs/core';
import { checkFormAnswers, FORM_TEXT_ANSWER_MAX, type FormAnswers, type FormField } from '@rpm/shared';
import { type FormEvent, useState } from 'react';

export interface GeneratedFormProps {
  /** The form's fields, in order. */
  readonly fields: readonly FormField[];
  /** Called with the checked answers; the form stays as typed while it runs. */
  readonly onSubmit: (answers: FormAnswers) => Promise<void>;
  /** The form's accessible name. */
  readonly label: string;
}

type Raw = Record<string, string>;

/** What was typed, as the answers schema reads it: blanks absent, numbers and yes/no as such. */
function answersOf(fields: readonly FormField[], raw: Raw): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of fields) {
    const value = raw[field.key] ?? '';
    if (value.trim() === '') continue;
    if (field.kind === 'number') answers[field.key] = Number.isNaN(Number(value)) ? value : Number(value);
    else if (field.kind === 'yesno') answers[field.key] = value === 'yes';
    else answers[field.key] = value;
  }
  return answers;
}

/**
 * A form's fields as inputs (decisions.md "Form"): text, number, Yes/No and choice, each required one marked with
 * '*'. On submit the answers are checked with the schema the server uses (`checkFormAnswers`), each problem shown
 * under its field.
 */
export function GeneratedForm({ fields, onSubmit, label }: GeneratedFormProps) {
  const [raw, setRaw] = useState<Raw>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const set = (key: string) => (value: string) => setRaw((now) => ({ ...now, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkFormAnswers(fields, answersOf(fields, raw));
    if ('problems' in checked) {
      setProblems(Object.fromEntries(checked.problems.map((p) => [p.key ?? '', p.message])));
      return;
    }
    setProblems({});
    setSending(true);
    try {
      await onSubmit(checked.answers);
    } finally {
      setSending(false);
    }
  };

  return (
    <form aria-label={label} onSubmit={(event) => void submit(event)} noValidate>
      {fields.map((field) => {
        const id = `form-answer-${field.key}`;
        const value = raw[field.key] ?? '';
        const problem = problems[field.key];
        const text = `${field.label}${field.required ? '*' : ''}`;
        const group = { intent: problem ? Intent.DANGER : Intent.NONE, helperText: problem };
        if (field.kind === 'yesno')
          return (
            <FormGroup key={field.key} {...group}>
              <RadioGroup
                label={text}
                name={id}
                inline
                selectedValue={value}
                onChange={(e) => set(field.key)(e.currentTarget.value)}
              >
                <Radio label="Yes" value="yes" />
                <Radio label="No" value="no" />
              </RadioGroup>
            </FormGroup>
          );
        return (
          <FormGroup key={field.key} label={text} labelFor={id} {...group}>
            {field.kind === 'text' && (
              <TextArea
                id={id}
                fill
                maxLength={FORM_TEXT_ANSWER_MAX}
                value={value}
                onChange={(e) => set(field.key)(e.currentTarget.value)}
              />
            )}
            {field.kind === 'number' && (
              <InputGroup id={id} inputMode="decimal" value={value} onValueChange={set(field.key)} />
            )}
            {field.kind === 'choice' && (
              <HTMLSelect id={id} fill value={value} onChange={(e) => set(field.key)(e.currentTarget.value)}>
                <option value="">Select</option>
                {field.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </HTMLSelect>
            )}
          </FormGroup>
        );
      })}
      <Button type="submit" intent={Intent.PRIMARY} text="Submit" loading={sending} />
    </form>
  );
}
