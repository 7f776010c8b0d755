import { Button, Callout, Dialog, DialogBody, DialogFooter, InputGroup, Intent } from '@blueprintjs/core';
import { lowestRoleId, MSG, USER_MENU_LABELS } from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { describedById, FormField } from '../form/FormField';
import { useSession } from '../session/SessionProvider';
import { useTemporaryLogin } from './hooks';

export interface TemporaryLoginDialogProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
}

/** The administrators who may act as another user (000 §6.2, §4.4; the server checks the same). */
const TEMPORARY_LOGIN_ROLE = 1;

/** A failed temporary login without the server's reason (000 §4.4, 001 §8; decisions.md "Temporary login"). */
export const TEMPORARY_LOGIN_INVALID = 'This user cannot be signed in to. Check the user name.';

const FIELD_ID = 'temporary-login-username';

/**
 * 'Sign in as another user' (000 §4.4, §6.2; 001 §6): an administrator (lowest role 1) types the user name of the
 * user to act as and presses Start; on success the dashboard reloads as that user
 * (decisions.md "Texts the spec does not quote").
 */
export function TemporaryLoginDialog({ isOpen, onClose }: TemporaryLoginDialogProps) {
  const { user } = useSession();
  const temporary = useTemporaryLogin();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | undefined>();
  const allowed = user !== null && lowestRoleId(user.roleid) === TEMPORARY_LOGIN_ROLE && !temporary.active;
  const busy = temporary.state === 'starting';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (username.trim() === '') {
      setError(MSG.required);
      return;
    }
    setError(undefined);
    temporary.start(username);
  };

  const close = () => {
    if (busy) return;
    if (temporary.state === 'invalid') temporary.dismiss();
    setError(undefined);
    onClose();
  };

  return (
    <Dialog isOpen={isOpen} title={USER_MENU_LABELS['temporary-login']} onClose={close}>
      <form noValidate onSubmit={submit} aria-label={USER_MENU_LABELS['temporary-login']}>
        <DialogBody>
          {allowed ? (
            <FormField id={FIELD_ID} label={MSG.registerUsernameLabel} error={error}>
              <InputGroup
                id={FIELD_ID}
                name="username"
                inputMode="email"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                autoFocus
                value={username}
                disabled={busy}
                intent={error ? Intent.DANGER : Intent.NONE}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? describedById(FIELD_ID) : undefined}
                onChange={(event) => {
                  setUsername(event.target.value);
                  if (temporary.state === 'invalid') temporary.dismiss();
                }}
              />
            </FormField>
          ) : (
            // The menu offers the entry to administrators only; this covers a stale menu
            // (decisions.md "Temporary login").
            <Callout intent={Intent.WARNING}>
              {temporary.active
                ? 'Return to your own account with Home before signing in as another user.'
                : 'Only administrators can sign in as another user.'}
            </Callout>
          )}
          {temporary.state === 'invalid' && !temporary.active && (
            <Callout intent={Intent.DANGER} role="alert">
              {temporary.message ?? TEMPORARY_LOGIN_INVALID}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={MSG.close} onClick={close} disabled={busy} />
              <Button type="submit" intent={Intent.PRIMARY} text="Start" loading={busy} disabled={!allowed} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
