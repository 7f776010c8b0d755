import { Alert, Button, HTMLTable, Intent } from '@blueprintjs/core';
import {
  addTimeEntry,
  deleteTimeEntry,
  displayUtcDay,
  getActivityLogs,
  isoDay,
  MSG,
  type TIME_CATEGORIES,
  type TIMER_PROGRAMS,
  type TimeEntry,
  updateTimeEntry,
} from '@rpm/shared';
import { useMemo, useState } from 'react';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { TablePager } from '../list/TablePager';
import { usePaging } from '../list/use-paging';
import { showToast } from '../toaster/toast';
import { formatDuration } from './CareTimer';
import { TimeEntryDialog } from './TimeEntryDialog';

export interface ActivityLogsTabProps {
  readonly patientId: number;
  /** Bumped when the banner's timer logged time: the list reads again. */
  readonly version: number;
}

type Row = NonNullable<ReturnType<typeof useCall<typeof getActivityLogs>>['data']>['data'][number];

/** A hand-entered row as the dialog edits it (its minutes are whole: the entry was made so). */
const entryOf = (row: Row): TimeEntry => ({
  day: isoDay(new Date(row.logged_at)),
  minutes: Math.round(row.seconds / 60),
  program: row.program as (typeof TIMER_PROGRAMS)[number],
  category: row.category as (typeof TIME_CATEGORIES)[number],
  note: row.note ?? '',
  interactive: row.interactive,
});

/**
 * The Activity Logs tab (000 §2.3): this month's logged care time with totals per program, whoever logged it and
 * how (the timer lives in the banner on every tab), and time entered by hand: Add Time Entry, and for one's own
 * entries Edit and Delete until the month's claim is sent (the server refuses with 409;
 * decisions.md "Care time entries").
 */
export function ActivityLogsTab({ patientId, version }: ActivityLogsTabProps) {
  const { call } = useApi();
  const today = isoDay(new Date());
  const from = `${today.slice(0, 8)}01`;
  const paging = usePaging([patientId, from]);
  const logs = useCall(
    getActivityLogs,
    { query: { patient_id: patientId, from, to: today, ...paging.query } },
    { reloadKey: version },
  );
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  // One object per edit: the dialog fills its fields when this changes.
  const initial = useMemo(() => (editing?.row ? entryOf(editing.row) : null), [editing]);

  const save = async (entry: TimeEntry) => {
    if (editing?.row)
      await call(updateTimeEntry, { body: { ...entry, time_log_id: editing.row.time_log_id } });
    else await call(addTimeEntry, { body: { ...entry, patient_id: patientId } });
    void showToast({ message: `Logged ${entry.minutes} min of ${entry.program}`, intent: Intent.SUCCESS });
    setEditing(null);
    logs.reload();
  };

  const remove = async (row: Row) => {
    try {
      await call(deleteTimeEntry, { body: { time_log_id: row.time_log_id } });
      void showToast({ message: 'Time entry deleted', intent: Intent.SUCCESS });
      logs.reload();
    } catch {
      // Shown by the error dialog (409: the month's claim was sent).
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className="chart-activity">
      <div className="chart-rules-toolbar">
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          text="Add Time Entry"
          onClick={() => setEditing({ row: null })}
        />
      </div>
      {!logs.data ? (
        <p>{MSG.loading}</p>
      ) : (
        <>
          <p>
            This month:{' '}
            {Object.entries(logs.data.totals)
              .map(([p, s]) => `${p} ${formatDuration(s)}`)
              .join(', ') || '-'}
          </p>
          {logs.data.data.length === 0 ? (
            <p>{MSG.noDataFound}</p>
          ) : (
            <HTMLTable compact striped>
              <thead>
                <tr>
                  <th>Date</th>
                  <th>Program</th>
                  <th>Time</th>
                  <th>Activity</th>
                  <th>Interactive</th>
                  <th>By</th>
                  <th>Note</th>
                  <th>
                    <span className="bp6-text-muted">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {logs.data.data.map((l) => (
                  <tr key={l.time_log_id}>
                    <td>{displayUtcDay(l.logged_at)}</td>
                    <td>{l.program}</td>
                    <td>{formatDuration(l.seconds)}</td>
                    <td>
                      {l.category ?? '-'}
                      {l.manual ? ' (entered)' : ''}
                    </td>
                    <td>{l.interactive ? 'Yes' : 'No'}</td>
                    <td>{l.user_name}</td>
                    <td>{l.note ?? '-'}</td>
                    <td>
                      {l.manual && (
                        <>
                          <Button
                            size="small"
                            variant="minimal"
                            icon="edit"
                            aria-label={`Edit the entry of ${displayUtcDay(l.logged_at)}`}
                            onClick={() => setEditing({ row: l })}
                          />
                          <Button
                            size="small"
                            variant="minimal"
                            icon="trash"
                            aria-label={`Delete the entry of ${displayUtcDay(l.logged_at)}`}
                            onClick={() => setDeleting(l)}
                          />
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
          <TablePager {...paging.pager} count={logs.data.count} />
        </>
      )}
      <TimeEntryDialog
        mode="entry"
        isOpen={editing !== null}
        initial={initial}
        onSave={save}
        onClose={() => setEditing(null)}
      />
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon="trash"
        cancelButtonText={MSG.close}
        confirmButtonText="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      >
        {deleting &&
          `Delete ${formatDuration(deleting.seconds)} of ${deleting.program} entered for ${displayUtcDay(deleting.logged_at)}?`}
      </Alert>
    </div>
  );
}
