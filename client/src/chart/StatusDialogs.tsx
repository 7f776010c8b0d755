import {
  Button,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import {
  dischargeDetails,
  enrollmentDetails,
  isoDay,
  MSG,
  rejectDetails,
  type StatusDialog,
} from '@rpm/shared';
import { useState } from 'react';

/** What a status dialog hands back: the extra payload of the update call (shared/src/api/chart.ts). */
export type StatusDialogResult =
  | {
      readonly kind: 'enrollment';
      readonly enrollment: { enrolled_on: string; consent: 'verbal' | 'written'; note: string };
    }
  | { readonly kind: 'rejected' | 'reject'; readonly details: { reason: string; comment: string } }
  | {
      readonly kind: 'discharge';
      readonly discharge: { discharged_on: string; reason: string; comment: string };
    };

export interface StatusChangeDialogProps {
  readonly kind: StatusDialog;
  readonly onSubmit: (result: StatusDialogResult) => void;
  readonly onClose: () => void;
  readonly busy: boolean;
}

/** Titles of the dialogs of 001 §4 (fields: decisions.md "Status dialog fields"). */
const STATUS_DIALOG_TITLES: Record<StatusDialog, string> = {
  enrollment: 'Enrollment Details',
  rejected: 'Rejected',
  reject: 'Reject',
  discharge: 'Discharge',
};

/**
 * The dialog a status change opens first (001 §4): enrollment details (RPM 1), rejected (RPM 9) and reject (RPM 13)
 * with reason and comment, discharge (CCM 4). Checked with the contract's own schemas before it is sent.
 */
export function StatusChangeDialog({ kind, onSubmit, onClose, busy }: StatusChangeDialogProps) {
  const today = isoDay(new Date());
  const [day, setDay] = useState(today);
  const [consent, setConsent] = useState<'verbal' | 'written'>('verbal');
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (kind === 'enrollment') {
      const parsed = enrollmentDetails.safeParse({ enrolled_on: day, consent, note: comment });
      if (!parsed.success || day > today) return setError(MSG.invalidDate);
      return onSubmit({ kind, enrollment: parsed.data });
    }
    if (kind === 'discharge') {
      const parsed = dischargeDetails.safeParse({ discharged_on: day, reason, comment });
      if (!parsed.success || day > today)
        return setError(parsed.success ? MSG.invalidDate : firstIssue(parsed.error));
      return onSubmit({ kind, discharge: parsed.data });
    }
    const parsed = rejectDetails.safeParse({ reason, comment });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    return onSubmit({ kind, details: parsed.data });
  };

  return (
    <Dialog isOpen title={STATUS_DIALOG_TITLES[kind]} onClose={onClose}>
      <DialogBody>
        {(kind === 'enrollment' || kind === 'discharge') && (
          <FormGroup
            label={kind === 'enrollment' ? 'Enrolled On' : 'Discharged On'}
            labelFor="status-dialog-day"
          >
            <InputGroup
              id="status-dialog-day"
              type="date"
              max={today}
              value={day}
              onChange={(e) => setDay(e.currentTarget.value)}
            />
          </FormGroup>
        )}
        {kind === 'enrollment' && (
          <FormGroup label="Consent" labelFor="status-dialog-consent">
            <HTMLSelect
              id="status-dialog-consent"
              value={consent}
              onChange={(e) => setConsent(e.currentTarget.value === 'written' ? 'written' : 'verbal')}
              options={[
                { value: 'verbal', label: 'Verbal' },
                { value: 'written', label: 'Written' },
              ]}
            />
          </FormGroup>
        )}
        {kind !== 'enrollment' && (
          <FormGroup label="Reason" labelFor="status-dialog-reason" labelInfo="*">
            <InputGroup
              id="status-dialog-reason"
              value={reason}
              maxLength={200}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          </FormGroup>
        )}
        <FormGroup label={kind === 'enrollment' ? 'Note' : 'Comment'} labelFor="status-dialog-comment">
          <TextArea
            id="status-dialog-comment"
            fill
            maxLength={1000}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
        </FormGroup>
        {error && (
          <p className={`${Classes.TEXT_SMALL} chart-error`} role="alert">
            {error}
          </p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MSG.close} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text={MSG.save} loading={busy} onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}

function firstIssue(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? MSG.required;
}
