import { Button, FormGroup, HTMLSelect, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import {
  addPatientTask,
  displayUtcDay,
  getCareTeam,
  getPatientTasks,
  MSG,
  updatePatientTask,
} from '@rpm/shared';
import { useState } from 'react';
import { useActionKey } from '../api/action-key';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { TablePager } from '../list/TablePager';
import { usePaging } from '../list/use-paging';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';

type State = 'all' | 'open' | 'completed';
type TaskStatus = 'open' | 'in_progress' | 'completed';
const STATUS_LABELS: Record<TaskStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  completed: 'Completed',
};

export interface TasksTabProps {
  readonly patientId: number;
}

/**
 * The Tasks tab (000 §2.3): the patient's tasks (open by default), a status per task, and a form to add one for a
 * member of the care team (the signed-in user first).
 */
export function TasksTab({ patientId }: TasksTabProps) {
  const { call } = useApi();
  const { user } = useSession();
  const [state, setState] = useState<State>('open');
  const [title, setTitle] = useState('');
  const [assignee, setAssignee] = useState<number | null>(user?.user_id ?? null);
  const [error, setError] = useState<string | null>(null);
  const paging = usePaging([patientId, state]);
  const tasks = useCall(getPatientTasks, {
    query: { patient_id: patientId, state, ...paging.query },
  });
  const team = useCall(getCareTeam, { query: { patient_id: patientId } });
  const people = [
    ...(user ? [{ user_id: user.user_id, name: `${user.name} (me)` }] : []),
    ...(team.data?.data ?? []).filter((m) => m.user_id !== user?.user_id),
  ];

  const actionKey = useActionKey(patientId, assignee, title);
  const add = async () => {
    if (title.trim() === '' || assignee === null) return setError(MSG.required);
    setError(null);
    try {
      const answer = await call(addPatientTask, {
        body: { patient_id: patientId, assigned_to: assignee, title },
        headers: { 'idempotency-key': actionKey },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      setTitle('');
      tasks.reload();
    } catch {
      // Shown by the error dialog.
    }
  };

  const setStatus = async (taskId: number, status: TaskStatus) => {
    try {
      await call(updatePatientTask, { body: { task_id: taskId, status } });
      tasks.reload();
    } catch {
      // Shown by the error dialog.
    }
  };

  return (
    <div className="chart-tasks">
      <div className="chart-rules-toolbar">
        <FormGroup
          label="Task"
          labelFor="chart-task-title"
          intent={error ? Intent.DANGER : Intent.NONE}
          helperText={error}
        >
          <InputGroup
            id="chart-task-title"
            maxLength={200}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup label="Assign To" labelFor="chart-task-assignee">
          <HTMLSelect
            id="chart-task-assignee"
            value={assignee ?? ''}
            onChange={(e) => setAssignee(Number(e.currentTarget.value))}
            options={people.map((p) => ({ value: p.user_id, label: p.name }))}
          />
        </FormGroup>
        <Button intent={Intent.PRIMARY} text="Add Task" onClick={() => void add()} />
        <HTMLSelect
          aria-label="Task State"
          value={state}
          onChange={(e) => setState(e.currentTarget.value as State)}
          options={[
            { value: 'open', label: 'Open' },
            { value: 'completed', label: 'Completed' },
            { value: 'all', label: 'All' },
          ]}
        />
      </div>
      {!tasks.data ? (
        <p>{MSG.loading}</p>
      ) : tasks.data.data.length === 0 ? (
        <p>{MSG.noDataFound}</p>
      ) : (
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th>Task</th>
              <th>Assigned To</th>
              <th>Due</th>
              <th>Created</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {tasks.data.data.map((t) => (
              <tr key={t.task_id}>
                <td>{t.title}</td>
                <td>{t.assigned_to_name}</td>
                <td>{t.due_at ? displayUtcDay(t.due_at) : '-'}</td>
                <td>{displayUtcDay(t.created_at)}</td>
                <td>
                  <HTMLSelect
                    aria-label={`Status of ${t.title}`}
                    value={t.status}
                    onChange={(e) => void setStatus(t.task_id, e.currentTarget.value as TaskStatus)}
                    options={Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {tasks.data && <TablePager {...paging.pager} count={tasks.data.count} />}
    </div>
  );
}
