import { Dialog, DialogBody } from '@blueprintjs/core';
import { type MfaAuth, MfaEnrolment } from './MfaEnrolment';
import { MFA_TEXT } from './mfa-text';

export interface MfaEnrolmentDialogProps {
  readonly auth: MfaAuth;
  readonly onClose: () => void;
  readonly onDone: () => void;
}

/**
 * The sign-in's 'Set up multi-factor sign-in' dialog, for a user whose role requires it
 * (decisions.md "Multi-factor sign-in"). Its own module, loaded when a sign-in answers so: Blueprint's dialog and
 * the enrolment calls stay off the sign-in page's first load (issue 45 §4).
 */
export function MfaEnrolmentDialog({ auth, onClose, onDone }: MfaEnrolmentDialogProps) {
  return (
    <Dialog isOpen title={MFA_TEXT.setUpTitle} onClose={onClose}>
      <DialogBody>
        <p>{MFA_TEXT.required}</p>
        <MfaEnrolment auth={auth} onDone={onDone} />
      </DialogBody>
    </Dialog>
  );
}
