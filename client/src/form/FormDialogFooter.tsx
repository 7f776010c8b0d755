import { Button, DialogFooter, Intent } from '@blueprintjs/core';
import { MSG } from '@rpm/shared';

export interface FormDialogFooterProps {
  /** The id of the form the submit button submits. */
  readonly formId: string;
  readonly onClose: () => void;
  readonly busy: boolean;
  /** The submit button's text; 'Save' unless given. */
  readonly submitText?: string;
  readonly intent?: Intent;
}

/** The footer of a dialog holding one form: Close, then the form's submit button (001 §2.8's Save and Close). */
export function FormDialogFooter({
  formId,
  onClose,
  busy,
  submitText = MSG.save,
  intent = Intent.PRIMARY,
}: FormDialogFooterProps) {
  return (
    <DialogFooter
      actions={
        <>
          <Button text={MSG.close} onClick={onClose} />
          <Button type="submit" form={formId} intent={intent} text={submitText} loading={busy} />
        </>
      }
    />
  );
}
