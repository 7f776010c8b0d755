import type { ReactNode } from 'react';
import { PasswordInput, type PasswordInputProps } from '../pages/sign-in/PasswordInput';
import { describedById, FormField } from './FormField';

export interface PasswordFieldProps
  extends Pick<PasswordInputProps, 'id' | 'value' | 'onChange' | 'autoComplete'> {
  readonly label: string;
  /** The validation message under the field (000 §5; 001 §5), if any. */
  readonly error?: string | undefined;
  /** A hint under the field when there is no error (e.g. the password strength). */
  readonly hint?: ReactNode;
}

/** A labelled password field with show/hide and its message underneath, wired for screen readers. */
export function PasswordField({ id, label, error, hint, ...input }: PasswordFieldProps) {
  const described = error !== undefined || hint !== undefined;
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <PasswordInput
        id={id}
        {...input}
        invalid={error !== undefined}
        describedBy={described ? describedById(id) : undefined}
      />
    </FormField>
  );
}
