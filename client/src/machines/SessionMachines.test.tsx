// Over 300 lines: the session machines as the app wires them, with the devtools that record them.
import {
  type CallDef,
  checkSession,
  DIALOG_IDLE_MS,
  getIncompleteTaskCount,
  getUnreadCount,
  LAST_ACTIVITY_COOKIE,
  loginWithToken,
  MSG,
  SESSION_IDLE_MS,
  STORAGE_KEYS,
  TASK_POLL_MS,
  temporaryLogin,
} from '@rpm/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLastActivity, setLastActivity } from '../session/storage';
import { type FakeAnswer, type FakeServer, fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { useTaskCount, useTemporaryLogin, useUnreadCount } from './hooks';
import { loadPage } from './load-page';
import { RETURN_FAILED, SessionMachinesProvider } from './SessionMachines';
import { UNREAD_CACHE_KEY } from './unread-cache';

vi.mock('./load-page', () => ({ loadPage: vi.fn() }));

const MIN = 60_000;
const START = Date.parse('2026-03-02T09:00:00Z');

/** Shows what the hooks give, with buttons to drive them. */
function Probe() {
  const unread = useUnreadCount();
  const tasks = useTaskCount();
  const temporary = useTemporaryLogin();
  return (
    <div>
      <output aria-label="unread">{unread.count}</output>
      <output aria-label="tasks">{tasks.count}</output>
      <output aria-label="temporary">{`${temporary.active}:${temporary.state}`}</output>
      <button type="button" onClick={() => unread.refresh(true)}>
        refresh unread
      </button>
      <button type="button" onClick={() => tasks.refresh()}>
        refresh tasks
      </button>
      <button type="button" onClick={() => temporary.start('Role8@Demo.Test')}>
        act as
      </button>
      <button type="button" onClick={() => temporary.returnHome()}>
        home
      </button>
    </div>
  );
}

interface Served {
  readonly unread?: number;
  readonly tasks?: number;
  readonly tempLogin?: () => FakeAnswer<typeof temporaryLogin>;
  readonly loginWithToken?: () => FakeAnswer<typeof loginWithToken>;
}

let server: FakeServer;

/** The BFF's answers for the machines' calls. */
function serve({ unread = 3, tasks = 12, tempLogin, loginWithToken: withToken }: Served = {}) {
  server = fakeServer()
    .on(checkSession, { status: 1, message: 'ok' })
    .on(getUnreadCount, { status: 1, data: [{ count: unread }] })
    .on(getIncompleteTaskCount, { status: 1, count: tasks })
    .on(temporaryLogin, () => tempLogin?.() ?? { status: 0, message: 'no' })
    .on(loginWithToken, () => withToken?.() ?? { status: 0, message: 'no' });
  return server;
}

/** The queries sent to `call`, oldest first. */
const queries = (call: CallDef) => server.requests(call).map((r) => r.query);

async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function renderSignedIn(user = makeUser()) {
  storeUser(user);
  setLastActivity(Date.now() / 1000 + SESSION_IDLE_MS / 1000);
  return renderWithProviders(
    <SessionMachinesProvider>
      <Probe />
    </SessionMachinesProvider>,
    '/app/patients',
  );
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  vi.spyOn(document, 'hasFocus').mockReturnValue(true);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SessionMachinesProvider: session (000 §4.1)', () => {
  it("opens 'Session Timeout' after 10 idle minutes at the next 5-minute check; Extend Session keeps the user", async () => {
    serve();
    const view = renderSignedIn();
    await pass(10 * MIN);
    expect(screen.queryByText(MSG.sessionTimeoutTitle)).toBeNull();
    await pass(5 * MIN);
    expect(screen.getByRole('alertdialog', { name: MSG.sessionTimeoutTitle })).toBeTruthy();
    expect(screen.getByText(MSG.sessionTimeoutBody)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: MSG.extendSession }));
    await pass(0);
    expect(queries(checkSession)).toContainEqual({ status: '1' });
    expect(readLastActivity()).toBe(Math.floor((Date.now() + SESSION_IDLE_MS) / 1000));
    await pass(1000);
    expect(screen.queryByText(MSG.sessionTimeoutBody)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).not.toBeNull();
    expect(view.path()).toBe('/app/patients');
  });

  it('ends the session after the two dialog idles: status 0, storage and cookie cleared, then /', async () => {
    serve();
    const view = renderSignedIn();
    await pass(15 * MIN);
    expect(screen.getByText(MSG.sessionTimeoutBody)).toBeTruthy();
    await pass(DIALOG_IDLE_MS);
    expect(queries(checkSession)).not.toContainEqual({ status: '0' });
    await pass(DIALOG_IDLE_MS);
    expect(queries(checkSession)).toContainEqual({ status: '0' });
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(document.cookie).not.toContain(`${LAST_ACTIVITY_COOKIE}=`);
    expect(view.path()).toBe('/');
  });

  it('Logout in the dialog logs out and goes to /', async () => {
    serve();
    const view = renderSignedIn();
    await pass(15 * MIN);
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await pass(0);
    expect(queries(checkSession)).toContainEqual({ status: '0' });
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(readLastActivity()).toBeNull();
    expect(view.path()).toBe('/');
  });

  it('a key press moves the stored last activity 10 minutes ahead after 250 ms, so no dialog opens', async () => {
    serve();
    renderSignedIn();
    await pass(8 * MIN);
    fireEvent.keyDown(window, { key: 'a' });
    await pass(249);
    expect(readLastActivity()).toBe(Math.floor((START + SESSION_IDLE_MS) / 1000));
    await pass(1);
    expect(readLastActivity()).toBe(Math.floor((Date.now() + SESSION_IDLE_MS) / 1000));
    await pass(10 * MIN);
    expect(screen.queryByText(MSG.sessionTimeoutBody)).toBeNull();
    // Active since the last ping: the server's session was kept alive.
    expect(queries(checkSession)).toContainEqual({ status: '1' });
  });

  it('gives an interpreting physician no idle dialog', async () => {
    serve();
    renderSignedIn(makeUser({ roleid: [6], is_interpreting_prac: 1 }));
    await pass(40 * MIN);
    expect(screen.queryByText(MSG.sessionTimeoutBody)).toBeNull();
  });
});

describe('SessionMachinesProvider: counts (000 §4.6, §7)', () => {
  it('polls the unread count, caches it for the user, and refresh(true) asks at once', async () => {
    serve({ unread: 4 });
    renderSignedIn();
    await pass(0);
    expect(screen.getByLabelText('unread').textContent).toBe('4');
    expect(JSON.parse(localStorage.getItem(UNREAD_CACHE_KEY) ?? '{}')).toEqual({
      user_id: 42,
      count: 4,
      fetchedAt: START,
    });
    expect(queries(getUnreadCount)).toContainEqual({ user_id: '42' });
    fireEvent.click(screen.getByRole('button', { name: 'refresh unread' }));
    await pass(0);
    expect(server.requests(getUnreadCount)).toHaveLength(2);
  });

  it('shows a fresh cached unread count without asking the server', async () => {
    localStorage.setItem(UNREAD_CACHE_KEY, JSON.stringify({ user_id: 42, count: 9, fetchedAt: START - MIN }));
    serve();
    renderSignedIn();
    await pass(0);
    expect(screen.getByLabelText('unread').textContent).toBe('9');
    expect(server.requests(getUnreadCount).length > 0).toBe(false);
  });

  it('loads the task count, polls it with focus, and skips the poll without focus', async () => {
    serve({ tasks: 120 });
    renderSignedIn();
    await pass(0);
    expect(screen.getByLabelText('tasks').textContent).toBe('120');
    await pass(TASK_POLL_MS);
    const taskCalls = () => server.requests(getIncompleteTaskCount).length;
    expect(taskCalls()).toBe(2);
    vi.mocked(document.hasFocus).mockReturnValue(false);
    fireEvent.blur(window);
    await pass(TASK_POLL_MS);
    expect(taskCalls()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'refresh tasks' }));
    await pass(0);
    expect(taskCalls()).toBe(2);
  });
});

describe('SessionMachinesProvider: temporary login (000 §4.4)', () => {
  it('starts: sends is_dummy with the admin id and token, stores flag, main user and user, reloads the dashboard', async () => {
    const admin = makeUser({ user_id: 1, token: 'admin-tok', username: 'role1@demo.test', roleid: [1] });
    const actedAs = makeUser({ user_id: 8, token: 'temp-tok', username: 'role8@demo.test', roleid: [8] });
    serve({ tempLogin: () => ({ status: 1, message: MSG.loginSuccessful, user: actedAs }) });
    renderSignedIn(admin);
    fireEvent.click(screen.getByRole('button', { name: 'act as' }));
    await pass(0);
    expect(server.requests(temporaryLogin)[0]?.body).toEqual({
      username: 'role8@demo.test',
      password: '',
      is_dummy: 1,
      user_id: 1,
      user_token: 'admin-tok',
    });
    expect(localStorage.getItem(STORAGE_KEYS.tempLogin)).toBe('true');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.mainUser) ?? 'null')).toEqual({
      user_id: 1,
      token: 'admin-tok',
      username: 'role1@demo.test',
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null').user_id).toBe(8);
    expect(loadPage).toHaveBeenCalledWith('/app/dashboard');
  });

  it('returns through Home: clears the flags, logs in with the main user, stores it and goes to the dashboard', async () => {
    const admin = makeUser({ user_id: 1, token: 'admin-tok-2', username: 'role1@demo.test', roleid: [1] });
    serve({ loginWithToken: () => ({ status: 1, message: MSG.loginSuccessful, user: admin }) });
    localStorage.setItem(STORAGE_KEYS.tempLogin, 'true');
    localStorage.setItem(STORAGE_KEYS.tempDash, 'x');
    localStorage.setItem(
      STORAGE_KEYS.mainUser,
      JSON.stringify({ user_id: 1, token: 'admin-tok', username: 'Role1@Demo.Test' }),
    );
    const view = renderSignedIn(makeUser({ user_id: 8, token: 'temp-tok', roleid: [8] }));
    expect(screen.getByLabelText('temporary').textContent).toBe('true:idle');
    fireEvent.click(screen.getByRole('button', { name: 'home' }));
    await pass(0);
    expect(server.requests(loginWithToken)[0]?.body).toEqual({
      username: 'role1@demo.test',
      token: 'admin-tok',
    });
    for (const key of [STORAGE_KEYS.tempLogin, STORAGE_KEYS.tempDash, STORAGE_KEYS.mainUser]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null').token).toBe('admin-tok-2');
    expect(view.path()).toBe('/app/dashboard');
    // New identity, new actors: no temporary login any more.
    expect(screen.getByLabelText('temporary').textContent).toBe('false:idle');
  });

  it('a failed return shows the invalid state', async () => {
    serve({ loginWithToken: () => ({ status: 0, message: 'Invalid Username or Password' }) });
    localStorage.setItem(STORAGE_KEYS.tempLogin, 'true');
    localStorage.setItem(
      STORAGE_KEYS.mainUser,
      JSON.stringify({ user_id: 1, token: 'admin-tok', username: 'role1@demo.test' }),
    );
    renderSignedIn(makeUser({ user_id: 8, roleid: [8] }));
    fireEvent.click(screen.getByRole('button', { name: 'home' }));
    await pass(0);
    expect(screen.getByLabelText('temporary').textContent).toBe('false:invalid');
    expect(localStorage.getItem(STORAGE_KEYS.mainUser)).toBeNull();
    await pass(0);
    expect(screen.getByText(`${RETURN_FAILED} Invalid Username or Password`)).toBeTruthy();
  });
});

describe('machine devtools (architecture.md "Adding a machine")', () => {
  it("exports the session machine's recorded events as JSON for replayEvents", async () => {
    serve();
    renderSignedIn();
    fireEvent.pointerDown(window);
    await pass(SESSION_IDLE_MS);
    const exported = window.__rpmMachines?.export('session');
    const recording = JSON.parse(exported ?? 'null');
    expect(recording.machine).toBe('session');
    expect(recording.events[0].event).toEqual({
      type: 'xstate.init',
      input: { roleid: [8], is_interpreting_prac: 0 },
    });
    expect(recording.events.map((e: { event: { type: string } }) => e.event.type)).toContain('ACTIVITY');
    expect(window.__rpmMachines?.machines()).toEqual(
      expect.arrayContaining(['session', 'temporaryLogin', 'notificationCount', 'taskCount']),
    );
  });
});
