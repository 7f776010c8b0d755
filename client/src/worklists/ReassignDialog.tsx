import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { getTaskAssignees, MSG, reassignMyTask } from '@rpm/shared';
import { useEffect, useId, useState } from 'react';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { showToast } from '../toaster/toast';

/** Props of {@link ReassignDialog}. */
export interface ReassignDialogProps {
  /** The task to hand over; `null` keeps the dialog closed. */
  readonly task: { readonly task_id: number; readonly title: string } | null;
  readonly onDone: () => void;
  readonly onClose: () => void;
}

/** Hands one of my tasks to someone getTaskAssignees offers (000 §2.4; decisions.md "My Tasks"). */
export function ReassignDialog({ task, onDone, onClose }: ReassignDialogProps) {
  const api = useApi();
  const id = useId();
  const assignees = useCall(
    getTaskAssignees,
    { query: { task_id: task?.task_id ?? 0 } },
    { enabled: task !== null },
  );
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const taskId = task?.task_id;
  useEffect(() => {
    if (taskId !== undefined) {
      setChosen('');
      setError(null);
    }
  }, [taskId]);
  const people = assignees.data?.data ?? [];

  const save = async () => {
    if (!task) return;
    if (chosen === '') return setError(MSG.required);
    setBusy(true);
    try {
      const answer = await api.call(reassignMyTask, {
        body: { task_id: task.task_id, assigned_to: Number(chosen) },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      onDone();
    } catch {
      // Shown by the error dialog (000 §8).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen={task !== null} title="Reassign Task" onClose={onClose}>
      <DialogBody>
        {task && <p>{task.title}</p>}
        <FormGroup
          label="Assign to*"
          labelFor={id}
          intent={error ? Intent.DANGER : Intent.NONE}
          helperText={error ?? (assignees.data && people.length === 0 ? MSG.noOptions : undefined)}
        >
          <HTMLSelect
            id={id}
            fill
            value={chosen}
            disabled={assignees.loading}
            options={[
              { value: '', label: assignees.loading ? MSG.loading : 'Choose a person' },
              ...people.map((p) => ({ value: String(p.user_id), label: p.name })),
            ]}
            onChange={(event) => {
              setChosen(event.currentTarget.value);
              setError(null);
            }}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MSG.close} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text="Reassign" loading={busy} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}
