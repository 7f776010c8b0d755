import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { alertTitle, MSG } from '@rpm/shared';

export interface ErrorDialogProps {
  /** HTTP status of the failed call; 0 when no answer arrived. */
  readonly status: number;
  /** The server's message, or 'Can't Connect to server. Please Try again'. */
  readonly message: string;
  readonly onClose: () => void;
  /**
   * Set when the call was mapping a patient: a 403 then offers 'Map Patient' (which should close the dialog and
   * open the patient list) in place of Close (000 §8).
   */
  readonly onMapPatient?: (() => void) | undefined;
}

/**
 * The error dialog of a failed call (000 §8): 'Alert - {status}', the server's message and a Close button; for a
 * 403 in the patient-mapping context the button is 'Map Patient'. Without an answer (001 §8) it reads 'Can't
 * Connect to server. Please Try again' and offers Reload.
 */
export function ErrorDialog({ status, message, onClose, onMapPatient }: ErrorDialogProps) {
  const offline = status === 0;
  const mapPatient = status === 403 ? onMapPatient : undefined;
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
            {mapPatient ? (
              <Button intent={Intent.PRIMARY} text={MSG.mapPatient} onClick={mapPatient} />
            ) : (
              <Button intent={Intent.PRIMARY} text={MSG.close} onClick={onClose} />
            )}
          </>
        }
      />
    </Dialog>
  );
}
