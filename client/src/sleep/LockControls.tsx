import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Intent,
  OverlayToaster,
  TextArea,
  Toast,
} from '@blueprintjs/core';
import {
  breakSleepTestLock,
  displayDateTime,
  LOCK_BREAK_REASON_MAX,
  LOCK_BREAK_REASON_MIN,
  MSG,
} from '@rpm/shared';
import { useState } from 'react';
import { ApiError } from '../api/api-error';
import { useApi } from '../errors/ErrorDialogProvider';
import type { HandOver, StudyLock } from './use-study-lock';

/**
 * The lock's part of the interpretation view (decisions.md "Sleep lock hand-over"): who holds the
 * study when it is not this reader (read-only), with 'Request hand-over' and, for administrators, 'Break lock' with
 * a reason; for the holder, a toast when another reader asks for the study ('Hand over' / 'Keep').
 */
export function LockControls(props: {
  readonly testId: number;
  readonly lock: StudyLock;
  readonly handOver: HandOver;
  readonly canBreak: boolean;
}) {
  const { testId, lock, handOver, canBreak } = props;
  const [breaking, setBreaking] = useState(false);
  return (
    <>
      {lock.kind === 'other' && (
        <Callout intent={Intent.WARNING} role="status">
          <p>
            Locked by {lock.userName} since {displayDateTime(lock.since)}. The test is read-only.
          </p>
          {handOver.asked === 'waiting' && <p>Hand-over requested; waiting for {lock.userName}.</p>}
          {handOver.asked === 'kept' && <p>{lock.userName} keeps the test for now.</p>}
          <Button
            text="Request hand-over"
            onClick={handOver.request}
            disabled={handOver.asked === 'waiting'}
          />
          {canBreak && <Button text="Break lock" intent={Intent.DANGER} onClick={() => setBreaking(true)} />}
        </Callout>
      )}
      {handOver.error && (
        <Callout intent={Intent.DANGER} role="alert">
          {handOver.error}
        </Callout>
      )}
      {lock.kind === 'failed' && (
        <Callout intent={Intent.WARNING} role="status">
          The test could not be locked for you ({lock.error}). It is read-only.
        </Callout>
      )}
      {lock.kind === 'taking' && <p>Locking the test…</p>}
      <OverlayToaster usePortal={false} position="top">
        {lock.kind === 'held' && handOver.incoming && (
          <Toast
            key={`hand-over-${handOver.incoming.userId}`}
            intent={Intent.PRIMARY}
            timeout={0}
            // Dismissing the toast keeps the study, as 'Keep' does.
            onDismiss={() => handOver.answer(false)}
            message={
              <>
                {handOver.incoming.userName} asks you to hand over this test.{' '}
                <Button text="Hand over" intent={Intent.PRIMARY} onClick={() => handOver.answer(true)} />
                <Button text="Keep" onClick={() => handOver.answer(false)} />
              </>
            }
          />
        )}
      </OverlayToaster>
      {breaking && <BreakLockDialog testId={testId} onClose={() => setBreaking(false)} />}
    </>
  );
}

/** An administrator breaks the lock with a reason (audited); the freed study is then taken by this view. */
function BreakLockDialog({ testId, onClose }: { readonly testId: number; readonly onClose: () => void }) {
  const api = useApi();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const short = reason.trim().length < LOCK_BREAK_REASON_MIN;
  const submit = async () => {
    setBusy(true);
    try {
      await api.call(breakSleepTestLock, { body: { test_id: testId, reason: reason.trim() } });
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title="Break lock" onClose={busy ? undefined : onClose}>
      <DialogBody>
        <FormGroup
          label="Reason"
          labelFor="sleep-break-reason"
          helperText={`At least ${LOCK_BREAK_REASON_MIN} characters; the holder's unsaved work is lost.`}
        >
          <TextArea
            id="sleep-break-reason"
            fill
            rows={3}
            value={reason}
            maxLength={LOCK_BREAK_REASON_MAX}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MSG.close} onClick={onClose} disabled={busy} />
            <Button
              text="Break lock"
              intent={Intent.DANGER}
              loading={busy}
              disabled={short}
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
}
