import { getTaskAssignees, reassignMyTask } from '@rpm/shared';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { ChoosePersonDialog } from './ChoosePersonDialog';

export interface ReassignDialogProps {
  /** The task to hand over; `null` keeps the dialog closed. */
  readonly task: { readonly task_id: number; readonly title: string } | null;
  readonly onDone: () => void;
  readonly onClose: () => void;
}

/** Hands one of my tasks to someone getTaskAssignees offers (000 §2.4; decisions.md "My Tasks"). */
export function ReassignDialog({ task, onDone, onClose }: ReassignDialogProps) {
  const api = useApi();
  const assignees = useCall(
    getTaskAssignees,
    { query: { task_id: task?.task_id ?? 0 } },
    { enabled: task !== null },
  );
  return (
    <ChoosePersonDialog
      isOpen={task !== null}
      title="Reassign Task"
      label="Assign to*"
      placeholder="Choose a person"
      action="Reassign"
      subject={task?.task_id}
      people={{ loading: assignees.loading, data: assignees.data?.data }}
      intro={task && <p>{task.title}</p>}
      send={async (userId) =>
        (
          await api.call(reassignMyTask, {
            body: { task_id: (task as { task_id: number }).task_id, assigned_to: userId },
          })
        ).message
      }
      onDone={onDone}
      onClose={onClose}
    />
  );
}
