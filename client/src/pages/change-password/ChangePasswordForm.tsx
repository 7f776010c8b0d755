import { Intent, ProgressBar } from '@blueprintjs/core';
import { changePasswordByUserId, MSG, passwordStrength, passwordStrengthLabel } from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { call } from '../../api/call';
import { useApi } from '../../errors/ErrorDialogProvider';
import { PasswordField } from '../../form/PasswordField';
import { type ChangePasswordValues, changePasswordErrors } from './change-password-errors';

const STRENGTH_INTENT = {
  0: Intent.DANGER,
  33: Intent.WARNING,
  66: Intent.PRIMARY,
  100: Intent.SUCCESS,
} as const;

const EMPTY: ChangePasswordValues = { current: '', next: '', confirm: '' };

/** Whose password changes: the user id and the token the call is made with. */
export interface PasswordOwner {
  readonly user_id: number;
  readonly token: string;
}

/**
 * The state of the change-password form (001 §2.7, §5), shared by the forced dialog and the profile: submit
 * validation, then changePasswordByUserId as `owner`; `onChanged` runs on a true status, a false one shows
 * 'Your Password was Invalid', HTTP errors the error dialog (001 §8).
 */
export function useChangePassword(owner: PasswordOwner, onChanged: () => void) {
  const { showError } = useApi();
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY);
  const [errors, setErrors] = useState<ReturnType<typeof changePasswordErrors>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState(false);

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
        { body: { userid: owner.user_id, newPassword: values.next, superPassword: values.current } },
        { auth: { uid: owner.user_id, token: owner.token } },
      );
      if (!answer.status) {
        setRefused(true);
        return;
      }
      setValues(EMPTY);
      setSubmitted(false);
      onChanged();
    } catch (error) {
      if (error instanceof ApiError) showError(error);
      else throw error;
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, busy, refused, update, submit };
}

/** The form's fields: current, new with its strength, confirmation with the live match text (001 §2.7). */
export function ChangePasswordFields({
  form,
  formId,
}: {
  readonly form: ReturnType<typeof useChangePassword>;
  readonly formId: string;
}) {
  const { values, errors, refused, update, submit } = form;
  const strength = passwordStrength(values.next);
  const matchText =
    values.confirm === ''
      ? undefined
      : values.confirm === values.next
        ? MSG.passwordsMatch
        : MSG.passwordsDoNotMatch;
  return (
    <form id={formId} noValidate onSubmit={submit}>
      <PasswordField
        id={`${formId}-current`}
        label="Current Password"
        error={errors.current}
        value={values.current}
        autoComplete="current-password"
        onChange={(v) => update('current', v)}
      />
      <PasswordField
        id={`${formId}-new`}
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
        id={`${formId}-confirm`}
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
  );
}
