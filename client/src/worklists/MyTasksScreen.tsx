import { Button, Intent } from '@blueprintjs/core';
import { completeMyTask, myTasksList } from '@rpm/shared';
import { useState } from 'react';
import { useRoute } from 'wouter';
import { useApi } from '../errors/ErrorDialogProvider';
import { ListScreen } from '../list/ListScreen';
import type { ListRow } from '../list/ListTable';
import { useTaskCount } from '../machines/hooks';
import { showToast } from '../toaster/toast';
import { ReassignDialog } from './ReassignDialog';

const def = myTasksList;

/**
 * My Tasks (000 §2.4, route myTasks/{taskId?}): the signed-in user's tasks with Complete and Reassign per row;
 * `taskId` opens that task's details. A completion or a hand-over signals the task count (000 §7 "when a task-count
 * update is signalled"), so the menu badge follows at once.
 */
export function MyTasksScreen() {
  const api = useApi();
  const taskCount = useTaskCount();
  const [, params] = useRoute(def.route);
  const [busy, setBusy] = useState<number | null>(null);
  const [reassigning, setReassigning] = useState<{
    readonly task: { readonly task_id: number; readonly title: string };
    readonly reload: () => void;
  } | null>(null);

  const complete = async (row: ListRow, reload: () => void) => {
    const taskId = Number(row.task_id);
    setBusy(taskId);
    try {
      const answer = await api.call(completeMyTask, { body: { task_id: taskId } });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      reload();
      taskCount.refresh(true);
    } catch {
      // Shown by the error dialog (000 §8).
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <ListScreen
        def={def}
        infoId={(params as Record<string, string | undefined> | null)?.taskId}
        rowActions={(row, context) => {
          const title = String(row.title);
          const done = row.status === 'completed';
          return (
            <>
              <Button
                size="small"
                variant="minimal"
                intent={Intent.SUCCESS}
                icon="tick"
                text="Complete"
                aria-label={`Complete ${title}`}
                disabled={done || (busy !== null && busy !== Number(row.task_id))}
                loading={busy === Number(row.task_id)}
                onClick={() => void complete(row, context.reload)}
              />
              <Button
                size="small"
                variant="minimal"
                icon="swap-horizontal"
                text="Reassign"
                aria-label={`Reassign ${title}`}
                disabled={done}
                onClick={() =>
                  setReassigning({ task: { task_id: Number(row.task_id), title }, reload: context.reload })
                }
              />
            </>
          );
        }}
      />
      <ReassignDialog
        task={reassigning?.task ?? null}
        onClose={() => setReassigning(null)}
        onDone={() => {
          reassigning?.reload();
          taskCount.refresh(true);
          setReassigning(null);
        }}
      />
    </>
  );
}
