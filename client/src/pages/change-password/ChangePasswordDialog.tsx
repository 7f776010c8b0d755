import { Button, Dialog, DialogBody, DialogFooter, Intent, ProgressBar } from '@blueprintjs/core';
import {
  changePasswordByUserId,
  MSG,
  passwordStrength,
  passwordStrengthLabel,
  type StoredUser,
} from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { call } from '../../api/call';
import { useApi } from '../../errors/ErrorDialogProvider';
import { PasswordField } from '../../form/PasswordField';
import { type ChangePasswordValues, changePasswordErrors } from './change-password-errors';

/** Props of {@link ChangePasswordDialog}. */
export interface ChangePasswordDialogProps {
  /** The user the sign-in answer flagged change_password; its token is good only for this call (001 §4). */
  readonly user: StoredUser;
  readonly onClose: () => void;
  /** The password was changed: the user signs in again with it. */
  readonly onChanged: () => void;
}

const STRENGTH_INTENT = {
  0: Intent.DANGER,
  33: Intent.WARNING,
  66: Intent.PRIMARY,
  100: Intent.SUCCESS,
} as const;

const FORM_ID = 'change-password-form';

/**
 * The change-password form in a dialog (001 §2.7, §5): current password, new password and its confirmation, a
 * live 'Passwords match' / 'Passwords do not match', and a strength bar. Sends changePasswordByUserId with the
 * flagged user's uid and token (decisions.md "Texts the spec does not quote").
 */
export function ChangePasswordDialog({ user, onClose, onChanged }: ChangePasswordDialogProps) {
  const { showError } = useApi();
  const [values, setValues] = useState<ChangePasswordValues>({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<ReturnType<typeof changePasswordErrors>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState(false);

  const strength = passwordStrength(values.next);
  const update = (field: keyof ChangePasswordValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(changePasswordErrors(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = changePasswordErrors(values);
    setSubmitted(true);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setRefused(false);
    try {
      const answer = await call(
        changePasswordByUserId,
        { body: { userid: user.user_id, newPassword: values.next, superPassword: values.current } },
        { auth: { uid: user.user_id, token: user.token } },
      );
      if (answer.status) onChanged();
      else setRefused(true);
    } catch (error) {
      // 001 §8: HTTP errors show the error dialog.
      if (error instanceof ApiError) showError(error);
      else throw error;
    } finally {
      setBusy(false);
    }
  };

  const matchText =
    values.confirm === ''
      ? undefined
      : values.confirm === values.next
        ? MSG.passwordsMatch
        : MSG.passwordsDoNotMatch;

  return (
    <Dialog
      isOpen
      title="Change Password"
      onClose={onClose}
      canOutsideClickClose={false}
      isCloseButtonShown={false}
    >
      <DialogBody>
        <form id={FORM_ID} noValidate onSubmit={submit}>
          <PasswordField
            id="cp-current"
            label="Current Password"
            error={errors.current}
            value={values.current}
            autoComplete="current-password"
            onChange={(v) => update('current', v)}
          />
          <PasswordField
            id="cp-new"
            label="New Password"
            error={errors.next}
            hint={values.next === '' ? undefined : passwordStrengthLabel(strength)}
            value={values.next}
            autoComplete="new-password"
            onChange={(v) => update('next', v)}
          />
          <ProgressBar
            className="password-strength"
            value={strength / 100}
            intent={STRENGTH_INTENT[strength]}
            animate={false}
            stripes={false}
            aria-label="Password strength"
          />
          <PasswordField
            id="cp-confirm"
            label="Confirm Password"
            error={errors.confirm}
            value={values.confirm}
            autoComplete="new-password"
            onChange={(v) => update('confirm', v)}
          />
          {matchText !== undefined && (
            <p
              className={matchText === MSG.passwordsMatch ? 'password-match' : 'password-mismatch'}
              aria-live="polite"
            >
              {matchText}
            </p>
          )}
          {refused && (
            <p className="signin-invalid" role="alert">
              {MSG.passwordInvalid}
            </p>
          )}
        </form>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MSG.close} onClick={onClose} />
            <Button type="submit" form={FORM_ID} intent={Intent.PRIMARY} text={MSG.save} loading={busy} />
          </>
        }
      />
    </Dialog>
  );
}
