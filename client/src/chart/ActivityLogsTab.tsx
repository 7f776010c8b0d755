import { Button, Callout, HTMLSelect, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import {
  type ActivityTimer,
  displayUtcDay,
  getActivityLogs,
  getRunningTimer,
  isoDay,
  MSG,
  startActivityTimer,
  stopActivityTimer,
  TIMER_MAX_SECONDS,
  TIMER_PROGRAMS,
} from '@rpm/shared';
import { useEffect, useState } from 'react';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { TablePager } from '../list/TablePager';
import { usePaging } from '../list/use-paging';
import { showToast } from '../toaster/toast';

type Program = (typeof TIMER_PROGRAMS)[number];

/** 'm:ss' of a number of seconds. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export interface ActivityLogsTabProps {
  readonly patientId: number;
}

/**
 * The Activity Logs tab with the activity timer (000 §2.3): Start times the user's RPM or CCM work
 * on the patient on the server's clock (the time shown here only counts along), Stop logs it (at most
 * TIMER_MAX_SECONDS) with an optional note, Discard logs nothing; below, this month's logged time with totals.
 */
export function ActivityLogsTab({ patientId }: ActivityLogsTabProps) {
  const { call } = useApi();
  const today = isoDay(new Date());
  const from = `${today.slice(0, 8)}01`;
  const [program, setProgram] = useState<Program>('RPM');
  const [timer, setTimer] = useState<ActivityTimer | null>(null);
  const [note, setNote] = useState('');
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const paging = usePaging([patientId, from]);
  const logs = useCall(getActivityLogs, {
    query: { patient_id: patientId, from, to: today, ...paging.query },
  });

  useEffect(() => {
    call(getRunningTimer, {})
      .then((a) => setTimer(a.data))
      .catch(() => undefined);
  }, [call]);

  useEffect(() => {
    if (!timer) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [timer]);

  const start = async () => {
    setBusy(true);
    try {
      setTimer((await call(startActivityTimer, { body: { patient_id: patientId, program } })).data);
      setNow(Date.now());
    } catch {
      // Shown by the error dialog (409: another timer runs).
    } finally {
      setBusy(false);
    }
  };

  const stop = async (discard: boolean) => {
    if (!timer) return;
    setBusy(true);
    try {
      const answer = await call(stopActivityTimer, {
        body: { timer_id: timer.timer_id, discard, ...(note.trim() ? { note } : {}) },
      });
      setTimer(null);
      setNote('');
      if (!discard)
        void showToast({ message: `Logged ${formatDuration(answer.data.seconds)}`, intent: Intent.SUCCESS });
      logs.reload();
    } catch {
      // Shown by the error dialog.
    } finally {
      setBusy(false);
    }
  };

  const elapsed = timer ? Math.min(TIMER_MAX_SECONDS, (now - Date.parse(timer.started_at)) / 1000) : 0;
  const otherPatient = timer !== null && timer.patient_id !== patientId;

  return (
    <div className="chart-activity">
      <div className="chart-rules-toolbar">
        {timer ? (
          <>
            <span data-testid="chart-timer">
              {timer.program} {formatDuration(elapsed)}
            </span>
            <InputGroup
              aria-label="Timer Note"
              placeholder="Note"
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            <Button intent={Intent.PRIMARY} text="Stop" loading={busy} onClick={() => void stop(false)} />
            <Button text="Discard" disabled={busy} onClick={() => void stop(true)} />
          </>
        ) : (
          <>
            <HTMLSelect
              aria-label="Program"
              value={program}
              onChange={(e) => setProgram(e.currentTarget.value as Program)}
              options={[...TIMER_PROGRAMS]}
            />
            <Button
              intent={Intent.PRIMARY}
              icon="time"
              text="Start Timer"
              loading={busy}
              onClick={() => void start()}
            />
          </>
        )}
      </div>
      {otherPatient && (
        <Callout intent={Intent.WARNING}>The running timer belongs to another patient's chart.</Callout>
      )}
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
                  <th>By</th>
                  <th>Note</th>
                </tr>
              </thead>
              <tbody>
                {logs.data.data.map((l) => (
                  <tr key={l.time_log_id}>
                    <td>{displayUtcDay(l.logged_at)}</td>
                    <td>{l.program}</td>
                    <td>{formatDuration(l.seconds)}</td>
                    <td>{l.user_name}</td>
                    <td>{l.note ?? '-'}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
          {logs.data && <TablePager {...paging.pager} count={logs.data.count} />}
        </>
      )}
    </div>
  );
}
