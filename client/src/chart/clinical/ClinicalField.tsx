import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';

interface Props {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The field's message from the call's schema (form-errors.ts). */
  readonly error?: string | undefined;
  readonly maxLength?: number;
  readonly type?: 'text' | 'date';
  /** Suggestions (a datalist's id). */
  readonly list?: string;
  readonly children?: ReactNode;
}

/** A labelled text field of the Clinical tab's add forms, with its validation message. */
export function ClinicalField({
  id,
  label,
  value,
  onChange,
  error,
  maxLength,
  type = 'text',
  list,
  children,
}: Props) {
  return (
    <FormGroup label={label} labelFor={id} helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
      <InputGroup
        id={id}
        type={type}
        value={value}
        {...(maxLength === undefined ? {} : { maxLength })}
        {...(list === undefined ? {} : { list })}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      {children}
    </FormGroup>
  );
}
