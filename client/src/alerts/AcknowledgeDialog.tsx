import {
  Button,
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
  ACK_MINUTES_MAX,
  ACK_NOTE_MAX,
  type AlertAcknowledgement,
  alertAcknowledgement,
  MSG,
  TIMER_PROGRAMS,
} from '@rpm/shared';
import { useEffect, useId, useState } from 'react';
import { showToast } from '../toaster/toast';

type Program = (typeof TIMER_PROGRAMS)[number];

export interface AcknowledgeDialogProps {
  /** The alerts to acknowledge; empty keeps the dialog closed. */
  readonly alertIds: readonly number[];
  /** The entry point's call (worklist or chart), with the dialog's fields; answers its message. */
  readonly submit: (fields: AlertAcknowledgement) => Promise<{ message: string }>;
  readonly onDone: () => void;
  readonly onClose: () => void;
}

/**
 * Acknowledges alerts wherever that happens (decisions.md "Acknowledging alerts"): a note is required, minutes of care
 * are optional and go to the program chosen. The fields are checked by the calls' own schema (alert-policy.ts).
 */
export function AcknowledgeDialog({ alertIds, submit, onDone, onClose }: AcknowledgeDialogProps) {
  const id = useId();
  const isOpen = alertIds.length > 0;
  const [note, setNote] = useState('');
  const [minutes, setMinutes] = useState('');
  const [program, setProgram] = useState<Program>('RPM');
  const [errors, setErrors] = useState<{ note?: string; minutes?: string }>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (isOpen) {
      setNote('');
      setMinutes('');
      setProgram('RPM');
      setErrors({});
    }
  }, [isOpen]);

  const save = async () => {
    const m = Number(minutes);
    const fields = { note, program, ...(minutes.trim() !== '' ? { minutes: m } : {}) };
    const parsed = alertAcknowledgement.safeParse(fields);
    if (!parsed.success) {
      const paths = new Set(parsed.error.issues.map((issue) => issue.path[0]));
      setErrors({
        ...(paths.has('note') ? { note: MSG.required } : {}),
        ...(paths.has('minutes') ? { minutes: `Enter whole minutes from 1 to ${ACK_MINUTES_MAX}` } : {}),
      });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await submit({ ...fields, note: note.trim() });
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
            maxLength={ACK_NOTE_MAX}
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
            max={ACK_MINUTES_MAX}
            value={minutes}
            intent={errors.minutes ? Intent.DANGER : Intent.NONE}
            onValueChange={setMinutes}
          />
        </FormGroup>
        <FormGroup label="Program" labelFor={`${id}-program`}>
          <HTMLSelect
            id={`${id}-program`}
            value={program}
            options={[...TIMER_PROGRAMS]}
            onChange={(event) => setProgram(event.currentTarget.value as Program)}
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
