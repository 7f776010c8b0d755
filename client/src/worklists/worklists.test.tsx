import {
  acknowledgeWorklistAlerts,
  type CallDef,
  completeMyTask,
  getTaskAssignees,
  type MonitorRow,
  MSG,
  type MyTaskRow,
  monitorList,
  myTasksList,
  reassignMyTask,
} from '@rpm/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_CHANGED_EVENT, LIVE_RELOAD_DEBOUNCE_MS } from '../list/use-live-reload';
import { PageArea } from '../shell/PageArea';
import { fakeServer, pageOf } from '../test/fake-server';
import { listPatientOf, makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { MonitorScreen } from './MonitorScreen';
import { MyTasksScreen } from './MyTasksScreen';

vi.setConfig({ testTimeout: 20_000 });

// The hub's listeners, by event: a test plays the server's push.
const hubListeners = vi.hoisted(() => new Map<string, () => void>());
vi.mock('../hub/HubProvider', () => ({
  useHubEvent: (event: string, handler: () => void) => {
    hubListeners.set(event, handler);
  },
  useHubConnect: () => undefined,
}));

// The task-count machine's signal (000 §7): the badge's refresh.
const refreshTaskCount = vi.hoisted(() => vi.fn());
vi.mock('../machines/hooks', () => ({
  useTaskCount: () => ({ count: 3, refresh: refreshTaskCount }),
}));

const listCall = monitorList.calls.list as unknown as CallDef;
const tasksCall = myTasksList.calls.list as unknown as CallDef;

function alert(id: number, patientId: number, name: string): MonitorRow {
  return {
    alert_id: id,
    patient_id: patientId,
    patient_name: name,
    patient: listPatientOf(patientId, name),
    practice_name: 'Main Street Practice',
    level: 'critical',
    vital_type: 'Systolic',
    reading: `${180 + id} mmHg`,
    bound_crossed: 'Critical high 180',
    taken_at: '2026-03-15T09:00:00Z',
    created_at: '2026-03-15T09:01:00Z',
    waiting_minutes: 59,
    acknowledged_at: null,
    acknowledged_by: null,
    escalated_to: id === 1 ? 'Care coordinator' : null,
  };
}

function task(id: number, overrides: Partial<MyTaskRow> = {}): MyTaskRow {
  return {
    task_id: id,
    title: `Call patient ${id}`,
    description: 'About the missed readings',
    patient_id: 100 + id,
    patient_name: `Roe ${id}, Ann`,
    patient: listPatientOf(100 + id, `Roe ${id}, Ann`),
    status: 'open',
    due_at: '2026-03-20T15:00:00Z',
    overdue: false,
    created_by_name: 'Dana Nurse',
    created_at: '2026-03-10T08:00:00Z',
    completed_at: null,
    ...overrides,
  };
}

beforeEach(() => {
  hubListeners.clear();
  refreshTaskCount.mockClear();
  storeUser(makeUser({ pages: ['Monitoring Table', 'My Tasks'] }));
});
afterEach(() => vi.useRealTimers());

describe('Monitoring worklist (000 §2.4, §2.8)', () => {
  /** A server with open alerts that acknowledgement closes. */
  function serveAlerts() {
    let open = [alert(1, 5, 'Doe, John'), alert(2, 5, 'Doe, John'), alert(3, 6, 'Poe, Ed')];
    const server = fakeServer()
      .on(listCall, (r) => pageOf(open, r.query))
      .on(monitorList.calls.filterOptions as unknown as CallDef, () => ({ status: 1, data: {} }))
      .on(acknowledgeWorklistAlerts, (r) => {
        const ids = (r.body as { alert_id: number[] }).alert_id;
        open = open.filter((a) => !ids.includes(a.alert_id));
        return { status: 1, message: 'Alerts acknowledged', data: { acknowledged: ids.length } };
      });
    return server;
  }

  it("the bell's route shows the worklist filtered to that patient (PageArea routes it)", async () => {
    const server = serveAlerts();
    renderWithProviders(
      <PageArea pathname="/app/ActiveNotifications/monitor/5" title="5" notFound={false} />,
      '/app/ActiveNotifications/monitor/5',
    );
    await screen.findAllByText('DOE, JOHN');
    // The open state is the definition's default: left to the server; the patient comes from the route.
    expect(server.last(listCall)?.query).toEqual({
      page: '0',
      rowsPerPage: '10',
      orderby: 'level',
      order: 'asc',
      patient: '5',
    });
    expect(screen.getByText('Patient: 5')).toBeTruthy();
  });

  it('acknowledges the chosen alerts with a required note and optional minutes; they leave the list', async () => {
    const server = serveAlerts();
    const ui = userEvent.setup();
    renderWithProviders(<MonitorScreen />, '/app/monitor');
    await screen.findByText('POE, ED');
    // The escalation tier an alert reached shows on its row.
    expect(screen.getByText('Care coordinator')).toBeTruthy();
    const acknowledge = screen.getByRole('button', { name: 'Acknowledge' });
    expect(acknowledge).toHaveProperty('disabled', true);

    await ui.click(screen.getByRole('checkbox', { name: 'Select Doe, John Systolic 181 mmHg' }));
    await ui.click(screen.getByRole('checkbox', { name: 'Select Poe, Ed Systolic 183 mmHg' }));
    await ui.click(acknowledge);
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge' });
    expect(within(dialog).getByText('2 alerts will be acknowledged.')).toBeTruthy();

    await ui.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(within(dialog).getByText(MSG.required)).toBeTruthy();
    expect(server.requests(acknowledgeWorklistAlerts)).toHaveLength(0);

    await ui.type(within(dialog).getByLabelText('Note*'), 'Called, resting now');
    await ui.type(within(dialog).getByLabelText('Minutes'), '5');
    await ui.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));

    await waitFor(() =>
      expect(server.last(acknowledgeWorklistAlerts)?.body).toEqual({
        alert_id: [1, 3],
        note: 'Called, resting now',
        minutes: 5,
        program: 'RPM',
      }),
    );
    await waitFor(() => expect(screen.queryByText('POE, ED')).toBeNull());
    expect(screen.getAllByText('DOE, JOHN')).toHaveLength(1);
    expect(screen.getByText('Alerts acknowledged')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Acknowledge' })).toBeNull());
  });

  it('reloads once, 300 ms after a burst of hub events', async () => {
    const server = serveAlerts();
    renderWithProviders(<MonitorScreen />, '/app/monitor');
    await screen.findByText('POE, ED');
    const before = server.requests(listCall).length;
    const push = hubListeners.get(LIST_CHANGED_EVENT);
    expect(push).toBeDefined();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => {
      push?.();
      push?.();
      push?.();
    });
    act(() => vi.advanceTimersByTime(LIVE_RELOAD_DEBOUNCE_MS - 1));
    expect(server.requests(listCall)).toHaveLength(before);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(server.requests(listCall)).toHaveLength(before + 1));
  });
});

describe('My Tasks (000 §2.4, §2.7)', () => {
  function serveTasks() {
    let tasks = [task(1), task(2), task(3)];
    return fakeServer()
      .on(tasksCall, (r) => pageOf(tasks, r.query))
      .on(completeMyTask, (r) => {
        const id = (r.body as { task_id: number }).task_id;
        tasks = tasks.filter((t) => t.task_id !== id);
        return { status: 1, message: 'Task completed' };
      })
      .on(getTaskAssignees, () => ({
        status: 1,
        data: [
          { user_id: 7, name: 'Sam Coordinator' },
          { user_id: 8, name: 'Kim Nurse' },
        ],
      }))
      .on(reassignMyTask, (r) => {
        const id = (r.body as { task_id: number }).task_id;
        tasks = tasks.filter((t) => t.task_id !== id);
        return { status: 1, message: 'Task reassigned' };
      });
  }

  it('completes a task: the list reloads and the task count is signalled', async () => {
    const server = serveTasks();
    const ui = userEvent.setup();
    renderWithProviders(<MyTasksScreen />, '/app/myTasks');
    await screen.findByText('Call patient 2');
    // Open and in-progress tasks by default (the definition's default, left to the server).
    expect(server.last(tasksCall)?.query).toEqual({
      page: '0',
      rowsPerPage: '10',
      orderby: 'due_at',
      order: 'asc',
    });
    await ui.click(screen.getByRole('button', { name: 'Complete Call patient 2' }));
    await waitFor(() => expect(server.last(completeMyTask)?.body).toEqual({ task_id: 2 }));
    await waitFor(() => expect(screen.queryByText('Call patient 2')).toBeNull());
    expect(refreshTaskCount).toHaveBeenCalledWith(true);
    expect(screen.getByText('Task completed')).toBeTruthy();
  });

  it('reassigns a task to someone the server offers', async () => {
    const server = serveTasks();
    const ui = userEvent.setup();
    renderWithProviders(<MyTasksScreen />, '/app/myTasks');
    await screen.findByText('Call patient 3');
    await ui.click(screen.getByRole('button', { name: 'Reassign Call patient 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign Task' });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Kim Nurse' })).toBeTruthy());
    expect(server.last(getTaskAssignees)?.query).toEqual({ task_id: '3' });

    await ui.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(within(dialog).getByText(MSG.required)).toBeTruthy();
    await ui.selectOptions(within(dialog).getByLabelText('Assign to*'), '8');
    await ui.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(server.last(reassignMyTask)?.body).toEqual({ task_id: 3, assigned_to: 8 }));
    await waitFor(() => expect(screen.queryByText('Call patient 3')).toBeNull());
    expect(refreshTaskCount).toHaveBeenCalledWith(true);
  });

  it("the route's taskId opens that task's details on load", async () => {
    serveTasks();
    renderWithProviders(<MyTasksScreen />, '/app/myTasks/2');
    const dialog = await screen.findByRole('dialog', { name: MSG.moreInformation });
    expect(within(dialog).getByText('Call patient 2')).toBeTruthy();
    expect(within(dialog).getByText('ROE 2, ANN · DOB 02/01/1950 · MRN M102')).toBeTruthy();
  });

  it('Enter on a task row opens its details (My Tasks has no page to open)', async () => {
    serveTasks();
    const ui = userEvent.setup();
    renderWithProviders(<MyTasksScreen />, '/app/myTasks');
    await screen.findByText('Call patient 1');
    screen.getByRole('grid').querySelector<HTMLElement>('[data-cell="1:1"]')?.focus();
    await ui.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: MSG.moreInformation });
    expect(within(dialog).getByText('Call patient 1')).toBeTruthy();
  });
});

describe('Coming soon', () => {
  // A path no screen claims (every route of the spec's table may have its screen: this one never will).
  it('names a screen that is not built yet', async () => {
    renderWithProviders(
      <PageArea pathname="/app/not-built-yet" title="Not Built Yet" notFound={false} />,
      '/app/not-built-yet',
    );
    expect(await screen.findByText('Coming soon: Not Built Yet is not available yet.')).toBeTruthy();
    expect(screen.getAllByRole('heading', { name: 'Not Built Yet' })).toHaveLength(2);
  });
});
