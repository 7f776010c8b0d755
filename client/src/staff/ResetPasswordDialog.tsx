import { Dialog, DialogBody, Intent } from '@blueprintjs/core';
import {
  formErrors,
  passwordStrength,
  passwordStrengthLabel,
  resetStaffPassword,
  SNACKBAR_MS,
} from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { FormDialogFooter } from '../form/FormDialogFooter';
import { PasswordField } from '../form/PasswordField';
import { showToast } from '../toaster/toast';

export interface ResetPasswordDialogProps {
  /** Whose password is reset; null closes the dialog. */
  readonly member: { readonly user_id: number; readonly name: string } | null;
  readonly onClose: () => void;
}

/** The label of the row action and of the dialog's confirm button. */
export const RESET_PASSWORD = 'Reset password';

/**
 * An administrator sets another user's password: the dialog is the confirmation; the user must
 * change it at the next sign-in (000 §4.3 change_password) and is signed out at once.
 */
export function ResetPasswordDialog({ member, onClose }: ResetPasswordDialogProps) {
  return (
    <Dialog isOpen={member !== null} title={RESET_PASSWORD} onClose={onClose}>
      {member && <ResetPasswordForm member={member} onClose={onClose} />}
    </Dialog>
  );
}

const FORM_ID = 'reset-password-form';

function ResetPasswordForm({
  member,
  onClose,
}: ResetPasswordDialogProps & { readonly member: NonNullable<ResetPasswordDialogProps['member']> }) {
  const api = useApi();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const body = { userid: member.user_id, password };
    const found = formErrors(resetStaffPassword.body, body).password;
    setError(found);
    if (found !== undefined) return;
    setSaving(true);
    try {
      const answer = await api.call(resetStaffPassword, { body });
      void showToast({ message: answer.message, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      onClose();
    } catch {
      // The error dialog shows it.
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <DialogBody>
        <p>
          Set a new password for {member.name}? They are signed out at once and must change it at their next
          sign-in.
        </p>
        <form id={FORM_ID} noValidate onSubmit={submit}>
          <PasswordField
            id="reset-password"
            label="New Password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={error}
            hint={password === '' ? undefined : passwordStrengthLabel(passwordStrength(password))}
          />
        </form>
      </DialogBody>
      <FormDialogFooter
        formId={FORM_ID}
        onClose={onClose}
        busy={saving}
        submitText={RESET_PASSWORD}
        intent={Intent.DANGER}
      />
    </>
  );
}
