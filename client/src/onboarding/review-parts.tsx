import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { MSG, ONBOARDING_REASON_MAX } from '@rpm/shared';
import { useState } from 'react';

/** Parts of a sign-up's review view (OnboardingSubmissionScreen): label-value facts and the reject dialog. */

/** Labels and values, each value written as text. */
export function Facts({ rows }: { readonly rows: readonly (readonly [string, string])[] }) {
  return (
    <dl className="onboarding-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="onboarding-fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface RejectDialogProps {
  readonly isOpen: boolean;
  readonly busy: boolean;
  readonly onClose: () => void;
  readonly onReject: (reason: string) => void;
}

/** The reason the practice's contact sees; required. */
export function RejectDialog({ isOpen, busy, onClose, onReject }: RejectDialogProps) {
  const [reason, setReason] = useState('');
  return (
    <Dialog isOpen={isOpen} title="Reject sign-up" onClose={onClose}>
      <DialogBody>
        <FormGroup
          label="Reason*"
          labelFor="onboarding-reject-reason"
          helperText="The practice's contact sees it."
        >
          <TextArea
            id="onboarding-reject-reason"
            fill
            maxLength={ONBOARDING_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MSG.close} onClick={onClose} />
            <Button
              intent={Intent.DANGER}
              text="Reject"
              loading={busy}
              disabled={reason.trim() === ''}
              onClick={() => onReject(reason.trim())}
            />
          </>
        }
      />
    </Dialog>
  );
}
