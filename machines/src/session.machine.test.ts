// Over 300 lines: every transition of the session machine (000 §4), on a simulated clock.
import {
  ACTIVITY_DEBOUNCE_MS,
  ACTIVITY_PING_INTERVAL_MS,
  DIALOG_IDLE_MS,
  SESSION_CHECK_INTERVAL_MS,
  SESSION_IDLE_MS,
} from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  type SessionInput,
  type StoredSessionFacts,
  sessionDialogOpen,
  sessionMachine,
  skipsExpiryCheck,
} from './session.machine.js';
import { advance, flush } from './test-clock.js';

const MIN = 60_000;
const nurse: SessionInput = { roleid: [8], is_interpreting_prac: 0 };
const interpreting: SessionInput = { roleid: [6], is_interpreting_prac: 1 };

interface Options {
  readonly input?: SessionInput;
  readonly failChecks?: boolean;
  readonly failRead?: boolean;
}

/**
 * A session with fake storage on a simulated clock: `store.lastActivity` is the cookie (ms), `store.userStored`
 * the 'user' record. Sign-in put last activity 10 minutes ahead, as SessionProvider.signIn does.
 */
function start({ input = nurse, failChecks = false, failRead = false }: Options = {}) {
  const clock = new SimulatedClock();
  const store = { userStored: true, lastActivity: (clock.now() + SESSION_IDLE_MS) as number | null };
  const checks: { status: 0 | 1; at: number }[] = [];
  const log: string[] = [];
  let reads = 0;
  const machine = sessionMachine.provide({
    actors: {
      readStoredSession: fromPromise<StoredSessionFacts>(async () => {
        reads++;
        if (failRead) throw new Error('storage');
        return {
          userStored: store.userStored,
          msUntilExpiry: store.lastActivity === null ? null : store.lastActivity - clock.now(),
        };
      }),
      checkSession: fromPromise<void, { status: 0 | 1 }>(async ({ input: query }) => {
        checks.push({ status: query.status, at: clock.now() });
        if (failChecks) throw new Error('401');
      }),
      logout: fromPromise(async () => {
        log.push('logout');
      }),
    },
    actions: {
      pushLastActivity: (_, { forwardMs }) => {
        store.lastActivity = clock.now() + forwardMs;
        log.push(`push@${clock.now()}`);
      },
      forgetSession: () => {
        store.userStored = false;
        store.lastActivity = null;
        log.push('forget');
      },
      goHome: () => log.push('home'),
    },
  });
  const actor = createActor(machine, { clock, input }).start();
  return {
    actor,
    clock,
    store,
    checks,
    log,
    reads: () => reads,
    dialog: () => sessionDialogOpen(actor.getSnapshot()),
    advance: (ms: number) => advance(clock, ms),
  };
}

/** Idles until the dialog opens: the checks at 5 and 10 minutes find time left, the one at 15 finds it past. */
async function openDialog(s: ReturnType<typeof start>) {
  await s.advance(15 * MIN);
  expect(s.dialog()).toBe(true);
}

describe('session machine (000 §4.1, §9)', () => {
  it.each([
    ['nurse (role 8)', nurse, false],
    ['role 6 without the interpreting flag', { roleid: [6], is_interpreting_prac: 0 } as const, false],
    ['interpreting physician (role 6, is_interpreting_prac 1)', interpreting, true],
    [
      'interpreting flag with role 6 among others',
      { roleid: [3, 6], is_interpreting_prac: 1 } as const,
      true,
    ],
    ['interpreting flag without role 6', { roleid: [5], is_interpreting_prac: 1 } as const, false],
  ])('skipsExpiryCheck: %s → %s', (_, user, skips) => {
    expect(skipsExpiryCheck(user)).toBe(skips);
  });

  it('debounces presses by 250 ms, then pushes last activity 10 minutes ahead once', async () => {
    const s = start();
    s.actor.send({ type: 'ACTIVITY' });
    s.clock.increment(100);
    s.actor.send({ type: 'ACTIVITY' });
    s.clock.increment(ACTIVITY_DEBOUNCE_MS - 1);
    expect(s.log).toEqual([]);
    s.clock.increment(1);
    expect(s.log).toEqual([`push@${100 + ACTIVITY_DEBOUNCE_MS}`]);
    expect(s.store.lastActivity).toBe(100 + ACTIVITY_DEBOUNCE_MS + SESSION_IDLE_MS);
    expect(s.actor.getSnapshot().context.activeSincePing).toBe(true);
    s.clock.increment(10_000);
    expect(s.log).toHaveLength(1);
  });

  it('checks every 5 minutes and leaves the dialog shut while last activity is ahead', async () => {
    const s = start();
    await s.advance(SESSION_CHECK_INTERVAL_MS);
    expect(s.reads()).toBe(1);
    expect(s.dialog()).toBe(false);
    // Exactly at the stored time is not past yet.
    await s.advance(SESSION_CHECK_INTERVAL_MS);
    expect(s.reads()).toBe(2);
    expect(s.dialog()).toBe(false);
  });

  it("opens the 'Session Timeout' dialog at the first check after the stored time is past", async () => {
    const s = start();
    await s.advance(14 * MIN);
    expect(s.dialog()).toBe(false);
    await s.advance(MIN);
    expect(s.dialog()).toBe(true);
    expect(s.reads()).toBe(3);
  });

  it('keeps a user who presses keys signed in: every press moves the stored time', async () => {
    const s = start();
    for (let minute = 0; minute < 30; minute += 4) {
      await s.advance(4 * MIN);
      s.actor.send({ type: 'ACTIVITY' });
    }
    await s.advance(MIN);
    expect(s.dialog()).toBe(false);
    expect(s.actor.getSnapshot().status).toBe('active');
  });

  it('opens the dialog when no last-activity time is stored (fails closed)', async () => {
    const s = start();
    s.store.lastActivity = null;
    await s.advance(SESSION_CHECK_INTERVAL_MS);
    expect(s.dialog()).toBe(true);
  });

  it('logs out when the stored user is gone at a check', async () => {
    const s = start();
    s.store.userStored = false;
    await s.advance(SESSION_CHECK_INTERVAL_MS);
    expect(s.log).toEqual(['logout']);
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
    expect(s.actor.getSnapshot().status).toBe('done');
  });

  it('tries again at the next check when storage cannot be read', async () => {
    const s = start({ failRead: true });
    await s.advance(2 * SESSION_CHECK_INTERVAL_MS);
    expect(s.reads()).toBe(2);
    expect(s.dialog()).toBe(false);
    expect(s.actor.getSnapshot().matches({ active: { expiry: 'watching' } })).toBe(true);
  });

  it('Extend Session calls checkSession status 1, closes the dialog and pushes last activity 10 minutes', async () => {
    const s = start();
    await openDialog(s);
    const at = s.clock.now();
    s.actor.send({ type: 'EXTEND' });
    expect(s.dialog()).toBe(false);
    expect(s.store.lastActivity).toBe(at + SESSION_IDLE_MS);
    await flush();
    expect(s.checks).toEqual([{ status: 1, at }]);
    expect(s.actor.getSnapshot().matches({ active: { expiry: 'watching' } })).toBe(true);
    // The next checks find the new time ahead.
    await s.advance(SESSION_CHECK_INTERVAL_MS + 1000);
    expect(s.dialog()).toBe(false);
  });

  it('closes the dialog on Extend Session even when the check fails (the error dialog shows it)', async () => {
    const s = start({ failChecks: true });
    await openDialog(s);
    s.actor.send({ type: 'EXTEND' });
    await flush();
    expect(s.checks.map((c) => c.status)).toEqual([1]);
    expect(s.actor.getSnapshot().matches({ active: { expiry: 'watching' } })).toBe(true);
  });

  it('first dialog idle resets once and marks itself; the second ends the session and goes to /', async () => {
    const s = start();
    await openDialog(s);
    expect(s.actor.getSnapshot().context.dialogIdleMarked).toBe(false);
    await s.advance(DIALOG_IDLE_MS);
    expect(s.dialog()).toBe(true);
    expect(s.actor.getSnapshot().context.dialogIdleMarked).toBe(true);
    expect(s.checks).toEqual([]);
    await s.advance(DIALOG_IDLE_MS);
    expect(s.checks.map((c) => c.status)).toEqual([0]);
    expect(s.log).toEqual(['forget', 'home']);
    expect(s.store).toEqual({ userStored: false, lastActivity: null });
    expect(s.actor.getSnapshot().value).toBe('timedOut');
    expect(s.actor.getSnapshot().status).toBe('done');
  });

  it('forgets the session and goes to / even when the session-end report fails', async () => {
    const s = start({ failChecks: true });
    await openDialog(s);
    await s.advance(2 * DIALOG_IDLE_MS);
    expect(s.checks.map((c) => c.status)).toEqual([0]);
    expect(s.log).toEqual(['forget', 'home']);
    expect(s.actor.getSnapshot().value).toBe('timedOut');
  });

  it('reports no session end when the user is no longer stored at the second idle', async () => {
    const s = start();
    await openDialog(s);
    await s.advance(DIALOG_IDLE_MS);
    s.store.userStored = false;
    await s.advance(DIALOG_IDLE_MS);
    expect(s.checks).toEqual([]);
    expect(s.log).toEqual(['forget', 'home']);
    expect(s.actor.getSnapshot().value).toBe('timedOut');
  });

  it('presses inside the dialog restart its idle timer, keep the mark, and do not push the stored time', async () => {
    const s = start();
    await openDialog(s);
    await s.advance(DIALOG_IDLE_MS - 1000);
    s.actor.send({ type: 'ACTIVITY' });
    await s.advance(DIALOG_IDLE_MS - 1000);
    expect(s.actor.getSnapshot().context.dialogIdleMarked).toBe(false);
    await s.advance(1000);
    expect(s.actor.getSnapshot().context.dialogIdleMarked).toBe(true);
    s.actor.send({ type: 'ACTIVITY' });
    await s.advance(DIALOG_IDLE_MS - 1000);
    expect(s.dialog()).toBe(true);
    expect(s.actor.getSnapshot().context.dialogIdleMarked).toBe(true);
    await s.advance(1000);
    expect(s.actor.getSnapshot().value).toBe('timedOut');
    expect(s.log.filter((l) => l.startsWith('push'))).toEqual([]);
  });

  it('closes the dialog instead of ending when another tab pushed the stored time meanwhile', async () => {
    const s = start();
    await openDialog(s);
    await s.advance(DIALOG_IDLE_MS);
    s.store.lastActivity = s.clock.now() + SESSION_IDLE_MS;
    await s.advance(DIALOG_IDLE_MS);
    expect(s.dialog()).toBe(false);
    expect(s.checks).toEqual([]);
    expect(s.log).toEqual([]);
    expect(s.actor.getSnapshot().matches({ active: { expiry: 'watching' } })).toBe(true);
  });

  it('Logout in the dialog runs the logout and ends', async () => {
    const s = start();
    await openDialog(s);
    s.actor.send({ type: 'LOGOUT' });
    await flush();
    expect(s.log).toEqual(['logout']);
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
  });

  it('gives interpreting physicians no expiry check, but still pushes activity and pings', async () => {
    const s = start({ input: interpreting });
    expect(s.actor.getSnapshot().matches({ active: { expiry: 'off' } })).toBe(true);
    s.actor.send({ type: 'ACTIVITY' });
    await s.advance(60 * MIN);
    expect(s.reads()).toBe(0);
    expect(s.dialog()).toBe(false);
    expect(s.log).toHaveLength(1);
    expect(s.checks.map((c) => c.status)).toEqual([1]);
  });

  it('pings checkSession status 1 every 5 minutes only when the user was active since the last ping', async () => {
    const s = start();
    await s.advance(ACTIVITY_PING_INTERVAL_MS);
    expect(s.checks).toEqual([]);
    s.actor.send({ type: 'ACTIVITY' });
    await s.advance(ACTIVITY_PING_INTERVAL_MS);
    expect(s.checks).toEqual([{ status: 1, at: 2 * ACTIVITY_PING_INTERVAL_MS }]);
    await s.advance(ACTIVITY_PING_INTERVAL_MS);
    expect(s.checks).toHaveLength(1);
    s.actor.send({ type: 'ACTIVITY' });
    s.actor.send({ type: 'ACTIVITY' });
    await s.advance(ACTIVITY_PING_INTERVAL_MS);
    expect(s.checks.map((c) => c.at)).toEqual([2, 4].map((n) => n * ACTIVITY_PING_INTERVAL_MS));
  });

  it('keeps pinging after a failed ping', async () => {
    const s = start({ failChecks: true });
    s.actor.send({ type: 'ACTIVITY' });
    await s.advance(ACTIVITY_PING_INTERVAL_MS);
    s.actor.send({ type: 'ACTIVITY' });
    await s.advance(ACTIVITY_PING_INTERVAL_MS);
    expect(s.checks).toHaveLength(2);
  });
});
