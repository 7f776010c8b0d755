import { SESSION_IDLE_MS } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { createRecorder, type Recording } from './recorder.js';
import { replayEvents } from './replay.js';
import { type StoredSessionFacts, sessionMachine } from './session.machine.js';
import { advance, flush } from './test-clock.js';

const MIN = 60_000;

/** The session machine with fake storage; `log` lists the effects with their simulated times. */
function sessionWithFakes(clock: SimulatedClock) {
  const store = { userStored: true, lastActivity: (clock.now() + SESSION_IDLE_MS) as number | null };
  const log: string[] = [];
  const machine = sessionMachine.provide({
    actors: {
      readStoredSession: fromPromise<StoredSessionFacts>(async () => ({
        userStored: store.userStored,
        msUntilExpiry: store.lastActivity === null ? null : store.lastActivity - clock.now(),
      })),
      checkSession: fromPromise<void, { status: 0 | 1 }>(async ({ input }) => {
        log.push(`checkSession(${input.status})@${clock.now()}`);
      }),
      logout: fromPromise(async () => {
        log.push(`logout@${clock.now()}`);
      }),
    },
    actions: {
      pushLastActivity: (_, { forwardMs }) => {
        store.lastActivity = clock.now() + forwardMs;
        log.push(`push@${clock.now()}`);
      },
      forgetSession: () => log.push(`forget@${clock.now()}`),
      goHome: () => log.push(`home@${clock.now()}`),
    },
  });
  return { machine, log };
}

/**
 * A session recorded as the app records it: a nurse works a minute, idles into the 'Session Timeout' dialog,
 * moves the mouse in it, extends, idles again, and is signed out after the two dialog idles.
 */
async function recordSessionRun() {
  const clock = new SimulatedClock();
  const recorder = createRecorder({ now: () => clock.now() });
  const { machine, log } = sessionWithFakes(clock);
  const actor = createActor(machine, {
    clock,
    input: { roleid: [8], is_interpreting_prac: 0 },
    inspect: recorder.inspect('session'),
  }).start();
  await advance(clock, MIN);
  actor.send({ type: 'ACTIVITY' });
  await advance(clock, 16 * MIN);
  expect(actor.getSnapshot().matches({ active: { expiry: 'dialog' } })).toBe(true);
  actor.send({ type: 'ACTIVITY' });
  await advance(clock, MIN);
  actor.send({ type: 'EXTEND' });
  await flush();
  await advance(clock, 25 * MIN);
  expect(actor.getSnapshot().value).toBe('timedOut');
  return { recording: recorder.export('session') as Recording, log, final: actor.getSnapshot() };
}

describe('replayEvents (architecture.md "Adding a machine": record in the app, replay in a test)', () => {
  it('replays a recorded session run to the same end, with the same effects at the same times', async () => {
    const original = await recordSessionRun();
    // As exported from the browser and pasted into a test.
    const recording = JSON.parse(JSON.stringify(original.recording)) as Recording;
    expect(recording.dropped).toBe(0);
    expect(recording.events[0]?.event).toEqual({
      type: 'xstate.init',
      input: { roleid: [8], is_interpreting_prac: 0 },
    });
    expect(recording.events.map((e) => e.source)).toEqual(
      expect.arrayContaining(['external', 'self', 'child']),
    );

    const clock = new SimulatedClock();
    const { machine, log } = sessionWithFakes(clock);
    const replayed = replayEvents(machine, recording.events, { clock });

    expect(replayed.value).toBe('timedOut');
    expect(replayed.status).toBe('done');
    expect(replayed.context).toEqual(original.final.context);
    // Effects of actions happen again; the calls' answers came from the recording, so calls are not made again.
    const actions = (l: string[]) => l.filter((line) => !line.startsWith('checkSession'));
    expect(actions(log)).toEqual(actions(original.log));
    expect(log.filter((line) => line.startsWith('checkSession'))).toEqual([]);
    expect(original.log).toContain(`checkSession(0)@${original.log.at(-1)?.split('@')[1]}`);
  });

  it('replays up to any point of the recording', async () => {
    const { recording } = await recordSessionRun();
    const extend = recording.events.findIndex((e) => e.event.type === 'EXTEND');
    const clock = new SimulatedClock();
    const before = replayEvents(sessionWithFakes(clock).machine, recording.events.slice(0, extend), {
      clock,
    });
    expect(before.matches({ active: { expiry: 'dialog' } })).toBe(true);
    const clock2 = new SimulatedClock();
    const after = replayEvents(sessionWithFakes(clock2).machine, recording.events.slice(0, extend + 1), {
      clock: clock2,
    });
    expect(after.matches({ active: { expiry: 'extending' } })).toBe(true);
  });

  it('regenerates the machine’s own timers from the clock rather than sending them', async () => {
    const { recording } = await recordSessionRun();
    const dialogIdles = recording.events.filter((e) => e.event.type.startsWith('xstate.after.dialogIdle'));
    // One in the first dialog (before the mouse moved), two in the second.
    expect(dialogIdles.map((e) => e.source)).toEqual(['self', 'self', 'self']);
    // Without the time gaps the dialog's idle timers never fire: the run stops in the dialog.
    const flat = recording.events.map((e) => ({ ...e, at: 0 }));
    const clock = new SimulatedClock();
    const snapshot = replayEvents(sessionWithFakes(clock).machine, flat, { clock });
    expect(snapshot.value).not.toBe('timedOut');
    expect(snapshot.matches({ active: { expiry: 'watching' } })).toBe(true);
  });

  it('uses the given input over the recorded one', async () => {
    const { recording } = await recordSessionRun();
    const clock = new SimulatedClock();
    const snapshot = replayEvents(sessionWithFakes(clock).machine, recording.events, {
      clock,
      input: { roleid: [6], is_interpreting_prac: 1 },
    });
    // An interpreting physician has no expiry check: the same presses and time end nowhere.
    expect(snapshot.matches({ active: { expiry: 'off' } })).toBe(true);
  });
});
