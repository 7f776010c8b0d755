import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { MSG } from '@rpm/shared';

export interface AlertDialogProps {
  readonly message: string;
  /** OK, Escape. */
  readonly onClose: () => void;
  /** When a conflicting event exists: offers 'Go To Event' (000 §8). */
  readonly onGoToEvent?: (() => void) | undefined;
}

/**
 * The generic alert (000 §8): title 'Alert', the message, an OK button and, when a conflicting event exists,
 * 'Go To Event'. Used for the search box's 'Search Cannot be Empty or contain Special Characters' (000 §2.7) and
 * by screens that find a clash (through useAlert()).
 */
export function AlertDialog({ message, onClose, onGoToEvent }: AlertDialogProps) {
  return (
    <Dialog isOpen role="alertdialog" title={MSG.alert} isCloseButtonShown={false} onClose={onClose}>
      <DialogBody>
        <p>{message}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {onGoToEvent && <Button text={MSG.goToEvent} onClick={onGoToEvent} />}
            <Button intent={Intent.PRIMARY} text={MSG.ok} onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
}
