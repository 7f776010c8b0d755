import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { alertTitle, MSG } from '@rpm/shared';

/** Props of {@link ErrorDialog}. */
export interface ErrorDialogProps {
  /** HTTP status of the failed call; 0 when no answer arrived. */
  readonly status: number;
  /** The server's message, or 'Can't Connect to server. Please Try again'. */
  readonly message: string;
  readonly onClose: () => void;
}

/**
 * The error dialog of a failed call (000 §8): 'Alert - {status}', the server's message and a Close button.
 * Without an answer (001 §8) it reads 'Can't Connect to server. Please Try again' and offers Reload.
 */
export function ErrorDialog({ status, message, onClose }: ErrorDialogProps) {
  const offline = status === 0;
  return (
    <Dialog
      isOpen
      role="alertdialog"
      title={offline ? MSG.alert : alertTitle(status)}
      isCloseButtonShown={false}
      canOutsideClickClose={false}
      onClose={onClose}
    >
      <DialogBody>
        <p>{message}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {offline && <Button text={MSG.reload} onClick={() => window.location.reload()} />}
            <Button intent={Intent.PRIMARY} text={MSG.close} onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
}
