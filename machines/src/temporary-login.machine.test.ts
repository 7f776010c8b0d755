import type { MainUser, StoredUser } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  type ReturnRequest,
  type TemporaryLoginAnswer,
  type TemporaryLoginInput,
  type TemporaryLoginRequest,
  temporaryLoginMachine,
} from './temporary-login.machine.js';
import { flush } from './test-clock.js';

const admin: MainUser = { user_id: 1, token: 'admin-token', username: 'Role1@Demo.Test' };
const actedAs = { user_id: 8, token: 'temp-token', username: 'role8@demo.test' } as StoredUser;
const adminAgain = { user_id: 1, token: 'admin-token-2', username: 'role1@demo.test' } as StoredUser;

interface Options {
  readonly input?: Partial<TemporaryLoginInput>;
  readonly startAnswers?: (TemporaryLoginAnswer | Error)[];
  readonly returnAnswers?: (TemporaryLoginAnswer | Error)[];
}

function start({ input = {}, startAnswers = [], returnAnswers = [] }: Options = {}) {
  const sent: { start: TemporaryLoginRequest[]; return: ReturnRequest[] } = { start: [], return: [] };
  const log: unknown[] = [];
  const answer = (list: (TemporaryLoginAnswer | Error)[]) => {
    const next = list.shift();
    if (!next || next instanceof Error) throw next ?? new Error('no answer');
    return next;
  };
  const machine = temporaryLoginMachine.provide({
    actors: {
      startTemporaryLogin: fromPromise(async ({ input: body }) => {
        sent.start.push(body);
        return answer(startAnswers);
      }),
      returnToMainUser: fromPromise(async ({ input: body }) => {
        sent.return.push(body);
        return answer(returnAnswers);
      }),
    },
    actions: {
      storeTemporaryLogin: (_, p) => log.push(['storeTemporaryLogin', p]),
      openDashboard: (_, p) => log.push(['openDashboard', p.user.user_id]),
      clearTemporaryLogin: () => log.push(['clearTemporaryLogin']),
      storeUser: (_, p) => log.push(['storeUser', p.user.user_id]),
      goToDashboard: (_, p) => log.push(['goToDashboard', p.user.user_id]),
    },
  });
  const actor = createActor(machine, {
    clock: new SimulatedClock(),
    input: { current: admin, active: false, mainUser: null, ...input },
  }).start();
  return { actor, sent, log, state: () => actor.getSnapshot() };
}

const during: Partial<TemporaryLoginInput> = {
  current: { user_id: 8, token: 'temp-token', username: 'role8@demo.test' },
  active: true,
  mainUser: admin,
};

describe('temporary login machine (000 §4.4, §7; 001 §4)', () => {
  it('starts with rpm/auth/login for the lowercased user name and the admin id and token', async () => {
    const s = start({ startAnswers: [{ kind: 'signedIn', user: actedAs }] });
    s.actor.send({ type: 'START', username: '  Role8@Demo.TEST ' });
    expect(s.state().value).toBe('starting');
    await flush();
    expect(s.sent.start).toEqual([{ username: 'role8@demo.test', user_id: 1, user_token: 'admin-token' }]);
    expect(s.state().value).toBe('started');
    expect(s.log).toEqual([
      ['storeTemporaryLogin', { mainUser: admin, user: actedAs }],
      ['openDashboard', 8],
    ]);
  });

  it.each([
    ['a status other than 1', { kind: 'invalid', message: 'No such user' } as const, 'No such user'],
    ['a status other than 1 without a message', { kind: 'invalid', message: null } as const, null],
    ['a failed call', new Error('403'), null],
  ])('shows the invalid state on %s, stores nothing, and may start again', async (_, failure, message) => {
    const s = start({ startAnswers: [failure, { kind: 'signedIn', user: actedAs }] });
    s.actor.send({ type: 'START', username: 'nobody@demo.test' });
    await flush();
    expect(s.state().value).toBe('invalid');
    expect(s.state().context.message).toBe(message);
    expect(s.log).toEqual([]);
    s.actor.send({ type: 'START', username: 'role8@demo.test' });
    expect(s.state().context.message).toBeNull();
    await flush();
    expect(s.state().value).toBe('started');
  });

  it('DISMISS leaves the invalid state', async () => {
    const s = start({ startAnswers: [{ kind: 'invalid', message: 'x' }] });
    s.actor.send({ type: 'START', username: 'x@demo.test' });
    await flush();
    s.actor.send({ type: 'DISMISS' });
    expect(s.state().value).toBe('idle');
    expect(s.state().context.message).toBeNull();
  });

  it('ignores an empty user name, a second START while starting, and START during a temporary login', async () => {
    const s = start({ startAnswers: [{ kind: 'signedIn', user: actedAs }] });
    s.actor.send({ type: 'START', username: '   ' });
    expect(s.state().value).toBe('idle');
    s.actor.send({ type: 'START', username: 'a@demo.test' });
    s.actor.send({ type: 'START', username: 'b@demo.test' });
    await flush();
    expect(s.sent.start.map((b) => b.username)).toEqual(['a@demo.test']);
    expect(s.state().value).toBe('started');
    s.actor.send({ type: 'START', username: 'c@demo.test' });
    s.actor.send({ type: 'RETURN' });
    expect(s.state().value).toBe('started');

    const acting = start({ input: during });
    acting.actor.send({ type: 'START', username: 'c@demo.test' });
    expect(acting.state().value).toBe('idle');
    expect(acting.sent.start).toEqual([]);
  });

  it('ignores RETURN when no temporary login is active', () => {
    const s = start();
    s.actor.send({ type: 'RETURN' });
    expect(s.state().value).toBe('idle');
    expect(s.log).toEqual([]);
  });

  it('returns: clears the flags first, logs in with the lowercased main user name and token, goes to the dashboard', async () => {
    const s = start({ input: during, returnAnswers: [{ kind: 'signedIn', user: adminAgain }] });
    s.actor.send({ type: 'RETURN' });
    expect(s.state().value).toBe('returning');
    expect(s.log).toEqual([['clearTemporaryLogin']]);
    expect(s.state().context.active).toBe(false);
    await flush();
    expect(s.sent.return).toEqual([{ username: 'role1@demo.test', token: 'admin-token' }]);
    expect(s.log).toEqual([['clearTemporaryLogin'], ['storeUser', 1], ['goToDashboard', 1]]);
    expect(s.state().value).toBe('idle');
    expect(s.state().context).toMatchObject({ active: false, mainUser: null });
  });

  it.each([
    ['a status other than 1', { kind: 'invalid', message: 'Session ended' } as const],
    ['a failed call', new Error('offline')],
  ])('shows the invalid state when the return gets %s; the flags stay cleared', async (_, failure) => {
    const s = start({ input: during, returnAnswers: [failure] });
    s.actor.send({ type: 'RETURN' });
    await flush();
    expect(s.state().value).toBe('invalid');
    expect(s.log).toEqual([['clearTemporaryLogin']]);
    expect(s.state().context).toMatchObject({ active: false, mainUser: null });
    // No longer active: Home does nothing more.
    s.actor.send({ type: 'RETURN' });
    expect(s.state().value).toBe('invalid');
  });

  it('shows the invalid state at once when tempLogin is set but no main user is stored', () => {
    const s = start({ input: { ...during, mainUser: null } });
    s.actor.send({ type: 'RETURN' });
    expect(s.state().value).toBe('invalid');
    expect(s.log).toEqual([['clearTemporaryLogin']]);
    expect(s.sent.return).toEqual([]);
    expect(s.state().context.active).toBe(false);
  });
});
