import { Button, Callout, InputGroup, Intent } from '@blueprintjs/core';
import { beginMfaEnrolment, type CallResponse, confirmMfaEnrolment, MSG } from '@rpm/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../api/api-error';
import { call } from '../api/call';
import { useApi } from '../errors/ErrorDialogProvider';
import { describedById, FormField } from '../form/FormField';
import { MFA_TEXT } from './mfa-text';

/** The session to enrol with: the sign-in answer's user (a session limited to enrolment), or the stored one. */
export type MfaAuth = { readonly uid: number; readonly token: string } | undefined;

export interface MfaEnrolmentProps {
  readonly auth?: MfaAuth;
  /** The recovery codes were shown and the user is done. */
  readonly onDone: () => void;
}

/** The 'Authentication code' input with its '*Invalid authentication code' message. */
export function CodeField(props: {
  readonly id: string;
  readonly value: string;
  readonly invalid: boolean;
  /** Only a TOTP code (enrolment); otherwise a recovery code is welcome too. */
  readonly digitsOnly?: boolean;
  readonly onChange: (value: string) => void;
}) {
  const { id, value, invalid, digitsOnly = false, onChange } = props;
  return (
    <FormField id={id} label={MFA_TEXT.codeLabel} error={invalid ? MFA_TEXT.invalidCode : undefined}>
      <InputGroup
        id={id}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        {...(digitsOnly ? { inputMode: 'numeric' as const, maxLength: 6 } : {})}
        value={value}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? describedById(id) : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}

/**
 * Enrolment of a TOTP factor: starts it (a new secret, its QR code), takes a code from the app to
 * confirm, then shows the one-time recovery codes once.
 */
export function MfaEnrolment({ auth, onDone }: MfaEnrolmentProps) {
  const { showError } = useApi();
  const [setup, setSetup] = useState<CallResponse<typeof beginMfaEnrolment> | null>(null);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [recovery, setRecovery] = useState<readonly string[] | null>(null);
  const options = auth ? { auth } : {};

  // biome-ignore lint/correctness/useExhaustiveDependencies: one enrolment per mount; `auth` is fixed for it.
  useEffect(() => {
    let live = true;
    call(beginMfaEnrolment, undefined, options).then(
      (answer) => {
        if (live) setSetup(answer);
      },
      (error: unknown) => {
        if (live && error instanceof ApiError) showError(error);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setInvalid(false);
    try {
      const answer = await call(confirmMfaEnrolment, { body: { code: code.trim() } }, options);
      setRecovery(answer.recovery_codes);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 400) setInvalid(true);
      else showError(error);
    } finally {
      setBusy(false);
    }
  };

  if (recovery) {
    return (
      <div className="mfa-enrolment">
        <Callout intent={Intent.SUCCESS} icon={null}>
          {MFA_TEXT.recoveryIntro}
        </Callout>
        <ul className="mfa-recovery-codes" aria-label="Recovery codes">
          {recovery.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <Button intent={Intent.PRIMARY} text={MFA_TEXT.done} onClick={onDone} />
      </div>
    );
  }
  if (!setup) return <p className="page-loading">{MSG.loading}</p>;
  return (
    <form className="mfa-enrolment" noValidate onSubmit={submit} aria-label="Set up multi-factor sign-in">
      <p>{MFA_TEXT.scan}</p>
      <img src={setup.qr} alt={MFA_TEXT.qrAlt} width={200} height={200} />
      <p>
        <code className="mfa-secret">{setup.secret}</code>
      </p>
      <CodeField id="mfa-enrol-code" value={code} invalid={invalid} digitsOnly onChange={setCode} />
      <Button type="submit" intent={Intent.PRIMARY} text={MFA_TEXT.confirm} loading={busy} />
    </form>
  );
}
