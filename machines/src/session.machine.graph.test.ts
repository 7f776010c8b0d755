import { getAdjacencyMap, getShortestPaths, getStateNodes } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, EventObject } from 'xstate';
import { type SessionInput, type StoredSessionFacts, sessionMachine } from './session.machine.js';

/**
 * Path tests over the session machine's whole state graph (@xstate/graph): every event a running session can get,
 * timers and actor answers included, from every reachable state. They check the 000 §4.1 rules hold on every path,
 * not only on the paths the example tests walk.
 */

const ahead: StoredSessionFacts = { userStored: true, msUntilExpiry: 60_000 };
const past: StoredSessionFacts = { userStored: true, msUntilExpiry: -1 };
const none: StoredSessionFacts = { userStored: true, msUntilExpiry: null };
const noUser: StoredSessionFacts = { userStored: false, msUntilExpiry: null };

const after = (delay: string, state: string) => ({ type: `xstate.after.${delay}.session.${state}` });
const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });

const EVENTS: AnyEventObject[] = [
  { type: 'ACTIVITY' },
  { type: 'EXTEND' },
  { type: 'LOGOUT' },
  after('activityDebounce', 'active.activity.settling'),
  after('expiryCheck', 'active.expiry.watching'),
  after('dialogIdle', 'active.expiry.dialog.counting'),
  after('pingInterval', 'active.ping.waiting'),
  ...[ahead, past, none, noUser].map((facts) => done('readStoredSession', facts)),
  { type: 'xstate.error.actor.readStoredSession', error: new Error('storage') },
  done('extendSession'),
  { type: 'xstate.error.actor.extendSession', error: new Error('401') },
  done('pingSession'),
  { type: 'xstate.error.actor.pingSession', error: new Error('401') },
  done('reportSessionEnd'),
  { type: 'xstate.error.actor.reportSessionEnd', error: new Error('401') },
  done('logout'),
];

const nurse: SessionInput = { roleid: [8], is_interpreting_prac: 0 };
const interpreting: SessionInput = { roleid: [6], is_interpreting_prac: 1 };

type Snap = ReturnType<typeof sessionMachine.transition>;
const edgesOf = (input: SessionInput) => {
  const map = getAdjacencyMap(sessionMachine, { events: EVENTS as never, input });
  return Object.values(map).flatMap(({ state, transitions }) =>
    (Object.values(transitions) as { event: EventObject; state: Snap }[]).map((t) => ({
      from: state as Snap,
      event: t.event as EventObject & { output?: StoredSessionFacts },
      to: t.state,
    })),
  );
};
const inDialog = (s: Snap) => s.matches({ active: { expiry: 'dialog' } });
const leaves = (s: Snap) =>
  s._nodes.filter((n) => n.type === 'atomic' || n.type === 'final').map((n) => n.id);

describe('session machine paths (000 §4.1)', () => {
  const edges = edgesOf(nurse);

  it('reaches every state of the machine', () => {
    const reached = new Set(edges.flatMap((e) => [...leaves(e.from), ...leaves(e.to)]));
    const all = getStateNodes(sessionMachine.root)
      .filter((node) => node.type === 'atomic' || node.type === 'final')
      .map((node) => node.id);
    // 'off' is the interpreting physicians' region; 'choosing' is left at once.
    const expected = all.filter((id) => !id.endsWith('.off') && !id.endsWith('.choosing'));
    expect([...reached].sort()).toEqual(expected.sort());
  });

  it('opens the dialog only on a check that found the stored time past or missing', () => {
    const opening = edges.filter((e) => !inDialog(e.from) && inDialog(e.to));
    expect(opening.length).toBeGreaterThan(0);
    for (const e of opening) {
      expect(e.event.type).toBe('xstate.done.actor.readStoredSession');
      expect(e.event.output?.msUntilExpiry ?? -1).toBeLessThan(0);
    }
  });

  it('ends the session for idling only on the second dialog idle', () => {
    const ending = edges.filter(
      (e) =>
        e.from.status === 'active' &&
        !e.from.matches('reportingEnd') &&
        (e.to.matches('reportingEnd') || e.to.matches('timedOut')),
    );
    expect(ending.length).toBeGreaterThan(0);
    for (const e of ending) {
      expect(e.from.matches({ active: { expiry: { dialog: 'rechecking' } } })).toBe(true);
      expect(e.from.context.dialogIdleMarked).toBe(true);
    }
    const rechecking = (s: Snap) => s.matches({ active: { expiry: { dialog: 'rechecking' } } });
    const rechecks = edges.filter((e) => rechecking(e.to) && !rechecking(e.from));
    expect(rechecks.length).toBeGreaterThan(0);
    for (const e of rechecks) {
      expect(e.event.type).toBe('xstate.after.dialogIdle.session.active.expiry.dialog.counting');
      expect(e.from.context.dialogIdleMarked).toBe(true);
    }
  });

  it('logs out only on Logout in the dialog or a check that found no stored user', () => {
    for (const e of edges.filter((x) => x.to.matches('loggingOut') && !x.from.matches('loggingOut'))) {
      if (e.event.type === 'LOGOUT') expect(inDialog(e.from)).toBe(true);
      else expect(e.event).toEqual(done('readStoredSession', noUser));
    }
  });

  it('leaves the dialog only by Extend Session, Logout, or the recheck at the second idle', () => {
    for (const e of edges.filter((x) => inDialog(x.from) && !inDialog(x.to))) {
      if (['EXTEND', 'LOGOUT'].includes(e.event.type)) continue;
      expect(e.from.matches({ active: { expiry: { dialog: 'rechecking' } } }), e.event.type).toBe(true);
      // Back to work only when another tab pushed the stored time ahead.
      if (e.to.matches('active')) expect(e.event).toEqual(done('readStoredSession', ahead));
    }
  });

  it('never moves the activity timers into a final state', () => {
    for (const e of edges.filter((x) => x.from.status === 'done')) {
      expect(e.to.value).toEqual(e.from.value);
    }
  });

  it('gives an interpreting physician no path to the dialog, a check, or an idle end', () => {
    const paths = getShortestPaths(sessionMachine, { events: EVENTS as never, input: interpreting });
    expect(paths.length).toBeGreaterThan(1);
    for (const { state } of paths) {
      expect(state.matches({ active: { expiry: 'off' } })).toBe(true);
    }
  });
});
