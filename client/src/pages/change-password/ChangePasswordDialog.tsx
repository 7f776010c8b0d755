import { Dialog, DialogBody } from '@blueprintjs/core';
import type { StoredUser } from '@rpm/shared';
import { FormDialogFooter } from '../../form/FormDialogFooter';
import { ChangePasswordFields, useChangePassword } from './ChangePasswordForm';

export interface ChangePasswordDialogProps {
  /** The user the sign-in answer flagged change_password; its token is good only for this call (001 §4). */
  readonly user: StoredUser;
  readonly onClose: () => void;
  /** The password was changed: the user signs in again with it. */
  readonly onChanged: () => void;
}

const FORM_ID = 'change-password-form';

/**
 * The change-password form in a dialog (001 §2.7, §5), sent with the flagged user's uid and token
 * (decisions.md "Texts the spec does not quote").
 */
export function ChangePasswordDialog({ user, onClose, onChanged }: ChangePasswordDialogProps) {
  const form = useChangePassword(user, onChanged);
  return (
    <Dialog
      isOpen
      title="Change Password"
      onClose={onClose}
      canOutsideClickClose={false}
      isCloseButtonShown={false}
    >
      <DialogBody>
        <ChangePasswordFields form={form} formId={FORM_ID} />
      </DialogBody>
      <FormDialogFooter formId={FORM_ID} onClose={onClose} busy={form.busy} />
    </Dialog>
  );
}
