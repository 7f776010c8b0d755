import { Button, InputGroup } from '@blueprintjs/core';
import { type ChangeEvent, useState } from 'react';

export interface PasswordInputProps {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly autoComplete: 'current-password' | 'new-password';
  readonly invalid?: boolean;
  /** Id of the element that describes the field (its error or hint). */
  readonly describedBy?: string;
}

/** An eye drawn inline: a Blueprint icon would pull the ~100 KB icon chunk onto the sign-in page. */
function EyeIcon({ crossed }: { readonly crossed: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d="M8 3C4.4 3 1.6 5.4.5 8c1.1 2.6 3.9 5 7.5 5s6.4-2.4 7.5-5C14.4 5.4 11.6 3 8 3zm0 8.3A3.3 3.3 0 1 1 8 4.7a3.3 3.3 0 0 1 0 6.6zM8 6.3a1.7 1.7 0 1 0 0 3.4 1.7 1.7 0 0 0 0-3.4z"
        fill="currentColor"
      />
      {crossed && <path d="M2 1.5 14.5 14" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />}
    </svg>
  );
}

/** A password field that can be shown or hidden (000 §2.5). */
export function PasswordInput({
  id,
  value,
  onChange,
  autoComplete,
  invalid,
  describedBy,
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      id={id}
      type={visible ? 'text' : 'password'}
      value={value}
      autoComplete={autoComplete}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      intent={invalid ? 'danger' : 'none'}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      rightElement={
        <Button
          variant="minimal"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          icon={<EyeIcon crossed={visible} />}
          onClick={() => setVisible((v) => !v)}
        />
      }
    />
  );
}
