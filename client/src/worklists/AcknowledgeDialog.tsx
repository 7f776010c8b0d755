import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { acknowledgeWorklistAlerts, MSG } from '@rpm/shared';
import { useEffect, useId, useState } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { showToast } from '../toaster/toast';

/** The most minutes one acknowledgement logs (the call's limit). */
const MAX_MINUTES = 120;

export interface AcknowledgeDialogProps {
  /** The alerts to acknowledge; empty keeps the dialog closed. */
  readonly alertIds: readonly number[];
  readonly onDone: () => void;
  readonly onClose: () => void;
}

/**
 * Acknowledges the chosen alerts of the monitoring worklist (000 §2.4; decisions.md "Monitoring worklist triage"):
 * a note is required, minutes of care to log are optional (1–120).
 */
export function AcknowledgeDialog({ alertIds, onDone, onClose }: AcknowledgeDialogProps) {
  const api = useApi();
  const id = useId();
  const isOpen = alertIds.length > 0;
  const [note, setNote] = useState('');
  const [minutes, setMinutes] = useState('');
  const [errors, setErrors] = useState<{ note?: string; minutes?: string }>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (isOpen) {
      setNote('');
      setMinutes('');
      setErrors({});
    }
  }, [isOpen]);

  const save = async () => {
    const found: { note?: string; minutes?: string } = {};
    if (note.trim() === '') found.note = MSG.required;
    const m = Number(minutes);
    if (minutes.trim() !== '' && !(Number.isInteger(m) && m >= 1 && m <= MAX_MINUTES))
      found.minutes = `Enter whole minutes from 1 to ${MAX_MINUTES}`;
    setErrors(found);
    if (found.note || found.minutes) return;
    setBusy(true);
    try {
      const answer = await api.call(acknowledgeWorklistAlerts, {
        body: {
          alert_id: [...alertIds],
          note: note.trim(),
          ...(minutes.trim() !== '' ? { minutes: m } : {}),
        },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      onDone();
    } catch {
      // Shown by the error dialog (000 §8); the dialog stays open with the note.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen={isOpen} title="Acknowledge" onClose={onClose}>
      <DialogBody>
        <p>{alertIds.length === 1 ? '1 alert' : `${alertIds.length} alerts`} will be acknowledged.</p>
        <FormGroup
          label="Note*"
          labelFor={`${id}-note`}
          intent={errors.note ? Intent.DANGER : Intent.NONE}
          helperText={errors.note}
        >
          <TextArea
            id={`${id}-note`}
            fill
            rows={3}
            maxLength={1000}
            value={note}
            intent={errors.note ? Intent.DANGER : Intent.NONE}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup
          label="Minutes"
          labelFor={`${id}-minutes`}
          intent={errors.minutes ? Intent.DANGER : Intent.NONE}
          helperText={errors.minutes ?? 'Optional: minutes of care to log for each patient'}
        >
          <InputGroup
            id={`${id}-minutes`}
            type="number"
            min={1}
            max={MAX_MINUTES}
            value={minutes}
            intent={errors.minutes ? Intent.DANGER : Intent.NONE}
            onValueChange={setMinutes}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MSG.close} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text="Acknowledge" loading={busy} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}
