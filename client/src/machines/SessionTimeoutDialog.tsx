import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { MSG } from '@rpm/shared';

export interface SessionTimeoutDialogProps {
  readonly isOpen: boolean;
  /** 'Extend Session'. */
  readonly onExtend: () => void;
  /** Logout from the dialog (000 §4.1). */
  readonly onLogout: () => void;
}

/**
 * The 'Session Timeout' dialog (000 §4.1, §8): "You're Session is about to Expire", 'Extend Session', and Logout
 * (decisions.md "Texts the spec does not quote"). It does not close on Escape or an outside click: the user
 * chooses, or the idle timer decides.
 */
export function SessionTimeoutDialog({ isOpen, onExtend, onLogout }: SessionTimeoutDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      role="alertdialog"
      title={MSG.sessionTimeoutTitle}
      isCloseButtonShown={false}
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <p>{MSG.sessionTimeoutBody}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Logout" onClick={onLogout} />
            <Button intent={Intent.PRIMARY} text={MSG.extendSession} onClick={onExtend} autoFocus />
          </>
        }
      />
    </Dialog>
  );
}
