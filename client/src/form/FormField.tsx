import { FormGroup, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface FormFieldProps {
  /** Id of the input; the label points at it and the error gets `{id}-error`. */
  readonly id: string;
  /** Omitted for a checkbox, which carries its own label. */
  readonly label?: string;
  /** The validation message under the field (000 §5), if any. */
  readonly error?: string | undefined;
  /** A hint under the field when there is no error. */
  readonly hint?: ReactNode;
  readonly children: ReactNode;
}

/** The id of a field's error or hint text, for the input's `aria-describedby`. */
export function describedById(id: string): string {
  return `${id}-error`;
}

/** A labelled form field with its validation message underneath, in red. */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  const text = error ?? hint;
  return (
    <FormGroup
      label={label}
      labelFor={label === undefined ? undefined : id}
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={text === undefined ? undefined : <span id={describedById(id)}>{text}</span>}
    >
      {children}
    </FormGroup>
  );
}
