import { Button, Card, Intent } from '@blueprintjs/core';
import { disableMfa, getMfaStatus } from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/api-error';
import { call } from '../api/call';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { CodeField, MfaEnrolment } from './MfaEnrolment';
import { MFA_TEXT } from './mfa-text';

/**
 * The profile's multi-factor sign-in card: whether it is on, set-up, and turning it off with a code
 * (not offered when the role requires it).
 */
export function MfaCard() {
  const { showError } = useApi();
  const status = useCall(getMfaStatus, {});
  const [enrolling, setEnrolling] = useState(false);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const data = status.data;

  const turnOff = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setInvalid(false);
    try {
      await call(disableMfa, { body: { code: code.trim() } });
      setCode('');
      status.reload();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 400) setInvalid(true);
      else showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="mfa-card" aria-labelledby="mfa-card-title">
      <h2 id="mfa-card-title">{MFA_TEXT.stepTitle}</h2>
      {data === null ? null : enrolling ? (
        <MfaEnrolment
          onDone={() => {
            setEnrolling(false);
            status.reload();
          }}
        />
      ) : data.enrolled ? (
        <>
          <p>
            {MFA_TEXT.on} {MFA_TEXT.recoveryLeft(data.recovery_codes_left)}
          </p>
          {!data.required && (
            <form noValidate onSubmit={turnOff} aria-label={MFA_TEXT.turnOff}>
              <CodeField id="mfa-off-code" value={code} invalid={invalid} onChange={setCode} />
              <Button type="submit" intent={Intent.DANGER} text={MFA_TEXT.turnOff} loading={busy} />
            </form>
          )}
        </>
      ) : (
        <>
          <p>{data.required ? MFA_TEXT.required : MFA_TEXT.off}</p>
          <Button intent={Intent.PRIMARY} text={MFA_TEXT.setUp} onClick={() => setEnrolling(true)} />
        </>
      )}
    </Card>
  );
}
