import {
  acknowledgeAlerts,
  addPatientNote,
  addPatientTask,
  addTimeEntry,
  deleteTimeEntry,
  getActivityLogs,
  getCareTeam,
  getPatientAlerts,
  getPatientDevices,
  getPatientNotes,
  getPatientTasks,
  isoDay,
  MSG,
  type PatientAlert,
  updatePatientTask,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FakeAnswer, FakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { ActivityLogsTab } from './ActivityLogsTab';
import { AlertsTab } from './AlertsTab';
import { formatDuration } from './CareTimer';
import { cuff, serveChart } from './chart-test-server';
import { DevicesTab } from './DevicesTab';
import { NotesTab } from './NotesTab';
import { TasksTab } from './TasksTab';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));

/** Renders `ui` for a signed-in nurse; `server` (made first, so it answers the first calls) serves the chart. */
function open(ui: ReactElement, server: FakeServer) {
  storeUser(makeUser({ user_id: 42, roleid: [8], pages: ['Patient Chart'] }));
  renderWithProviders(ui, '/app/patient-chart/overview/5');
  return { server, user: userEvent.setup() };
}

const alert = (alert_id: number, acknowledged: boolean): PatientAlert => ({
  alert_id,
  reading_id: alert_id,
  notification_rule_id: 31,
  vital_id: 1,
  vital_type: 'systolic',
  unit: 'mmHg',
  device_name: 'BP Cuff',
  value: 170,
  level: 'critical',
  direction: 'high',
  bound: 160,
  taken_at: '2026-11-21T08:00:00.000Z',
  created_at: '2026-11-21T08:00:01.000Z',
  acknowledged_at: acknowledged ? '2026-11-21T09:00:00.000Z' : null,
  acknowledged_by: acknowledged ? 'Dana Nurse' : null,
});

describe('chart tabs', () => {
  it('Devices lists the assignments', async () => {
    open(
      <DevicesTab patientId={5} />,
      serveChart().on(getPatientDevices, () => ({
        status: 1,
        data: [{ ...cuff, last_reading_at: '2026-11-21T08:00:00Z', active_rule_id: 31 }],
      })),
    );
    const row = (await screen.findByText('860000000000001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('10/01/2026')).toBeTruthy();
    expect(within(row).getByText('Current')).toBeTruthy();
  });

  it('Alerts acknowledges the chosen open alerts with a required note, its minutes to the program chosen', async () => {
    const { server, user } = open(
      <AlertsTab patientId={5} />,
      serveChart()
        .on(getPatientAlerts, () => ({ status: 1, data: [alert(7, false), alert(8, true)], count: 2 }))
        .on(acknowledgeAlerts, () => ({ status: 1, message: 'Acknowledged', data: { acknowledged: 1 } })),
    );
    expect(await screen.findAllByText('Critical High')).toHaveLength(2);
    expect(screen.queryByLabelText('Select alert 8')).toBeNull();
    expect(screen.getByRole('button', { name: 'Acknowledge' })).toHaveProperty('disabled', true);
    await user.click(screen.getByLabelText('Select alert 7'));
    await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge' });
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(within(dialog).getByText(MSG.required)).toBeTruthy();
    expect(server.bodies(acknowledgeAlerts)).toEqual([]);
    await user.type(within(dialog).getByLabelText('Note*'), 'Called the patient');
    await user.type(within(dialog).getByLabelText('Minutes'), '4');
    await user.selectOptions(within(dialog).getByLabelText('Program'), 'CCM');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() =>
      expect(server.bodies(acknowledgeAlerts)).toEqual([
        { patient_id: 5, alert_id: [7], note: 'Called the patient', minutes: 4, program: 'CCM' },
      ]),
    );
  });

  it('Notes refuses an empty note and adds one', async () => {
    const note = {
      note_id: 3,
      note: 'Called the patient.',
      author_id: 42,
      author_name: 'Dana Nurse',
      created_at: '2026-11-21T08:00:00Z',
      updated_at: '2026-11-21T08:00:00Z',
    };
    const { server, user } = open(
      <NotesTab patientId={5} />,
      serveChart()
        .on(getPatientNotes, () => ({ status: 1, data: [note], count: 1 }))
        .on(addPatientNote, () => ({ status: 1, message: 'Added', data: note })),
    );
    expect(await screen.findByText('Called the patient.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(screen.getByText(MSG.required)).toBeTruthy();
    await user.type(screen.getByLabelText('New Note'), 'Reviewed readings.');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    await waitFor(() =>
      expect(server.bodies(addPatientNote)).toEqual([{ patient_id: 5, note: 'Reviewed readings.' }]),
    );
  });

  it('Alerts pages on the server, 10 rows by default, instead of stopping at 100 (issue 10)', async () => {
    const pages: string[] = [];
    const { user } = open(
      <AlertsTab patientId={5} />,
      serveChart().on(getPatientAlerts, ({ query }) => {
        pages.push(`${query.page}/${query.rowsPerPage}`);
        const page = Number(query.page);
        const size = Number(query.rowsPerPage);
        const ids = Array.from(
          { length: Math.max(0, Math.min(size, 123 - page * size)) },
          (_, n) => page * size + n + 1,
        );
        return { status: 1, data: ids.map((id) => alert(id, false)), count: 123 };
      }),
    );
    expect(await screen.findByText('1–10 of 123')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('11–20 of 123')).toBeTruthy();
    expect(pages).toEqual(['0/10', '1/10']);
  });

  it('Tasks adds a task for the signed-in user and changes a status', async () => {
    const task: FakeAnswer<typeof addPatientTask>['data'] = {
      task_id: 9,
      title: 'Call patient',
      description: null,
      status: 'open',
      assigned_to: 42,
      assigned_to_name: 'Dana Nurse',
      due_at: null,
      completed_at: null,
      created_by: 42,
      created_at: '2026-11-21T08:00:00Z',
    };
    const { server, user } = open(
      <TasksTab patientId={5} />,
      serveChart()
        .on(getPatientTasks, () => ({ status: 1, data: [task], count: 1 }))
        .on(getCareTeam, () => ({ status: 1, data: [] }))
        .on(addPatientTask, () => ({ status: 1, message: 'Added', data: task }))
        .on(updatePatientTask, () => ({ status: 1, message: 'Updated', data: task })),
    );
    await user.type(await screen.findByLabelText('Task'), 'Check cuff');
    await user.click(screen.getByRole('button', { name: 'Add Task' }));
    await waitFor(() =>
      expect(server.bodies(addPatientTask)).toEqual([
        { patient_id: 5, assigned_to: 42, title: 'Check cuff' },
      ]),
    );
    await user.selectOptions(screen.getByLabelText('Status of Call patient'), 'completed');
    await waitFor(() =>
      expect(server.bodies(updatePatientTask)).toEqual([{ task_id: 9, status: 'completed' }]),
    );
  });

  it('Activity Logs adds a time entry checked by its schema, and edits or deletes only hand-entered rows', async () => {
    const row = (time_log_id: number, manual: boolean) => ({
      time_log_id,
      logged_at: '2026-11-20T12:00:00.000Z',
      program: 'RPM',
      seconds: 600,
      user_id: 42,
      user_name: 'Dana Nurse',
      note: 'Called the patient',
      category: 'Patient call',
      interactive: true,
      manual,
    });
    const { server, user } = open(
      <ActivityLogsTab patientId={5} version={0} />,
      serveChart()
        .on(getActivityLogs, () => ({
          status: 1,
          data: [row(1, true), row(2, false)],
          count: 2,
          totals: { RPM: 1200 },
        }))
        .on(addTimeEntry, () => ({ status: 1, data: { time_log_id: 3 } }))
        .on(deleteTimeEntry, () => ({ status: 1, data: { time_log_id: 1 } })),
    );
    expect(await screen.findByText(/RPM 20:00/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Edit the entry/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Add Time Entry' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter whole minutes from 1 to 60')).toBeTruthy();
    expect(server.bodies(addTimeEntry)).toEqual([]);
    await user.type(screen.getByLabelText('Minutes*'), '15');
    await user.selectOptions(screen.getByLabelText('Activity*'), 'Patient call');
    await user.type(screen.getByLabelText('Note*'), 'Called from my mobile');
    await user.click(screen.getByLabelText('Interactive contact with the patient or caregiver'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.bodies(addTimeEntry)).toEqual([
        {
          patient_id: 5,
          day: isoDay(new Date()),
          minutes: 15,
          program: 'RPM',
          category: 'Patient call',
          note: 'Called from my mobile',
          interactive: true,
        },
      ]),
    );
    await user.click(screen.getByRole('button', { name: /^Delete the entry/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.bodies(deleteTimeEntry)).toEqual([{ time_log_id: 1 }]));
  });

  it.each([
    [0, '0:00'],
    [61, '1:01'],
    [3600, '60:00'],
  ])('formatDuration(%i) is %s', (s, text) => {
    expect(formatDuration(s)).toBe(text);
  });
});
