import { type ActivityTimer, SESSION_IDLE_MS } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { careTimerMachine, type TimerStopChoice } from './care-timer.machine.js';
import { advance, flush } from './test-clock.js';

const CHART = 7;
const OTHER = 9;

/** A fake server keeping one timer for the user, on the simulated clock. */
function start({ running = null as ActivityTimer | null, autoStart = true } = {}) {
  const clock = new SimulatedClock();
  const server = { timer: running, calls: [] as string[], logged: [] as number[] };
  const at = () => new Date(clock.now()).toISOString();
  const machine = careTimerMachine.provide({
    actors: {
      load: fromPromise(async () => server.timer),
      start: fromPromise(async ({ input }) => {
        server.calls.push(`start ${input.patientId}`);
        if (server.timer) throw new Error('409');
        server.timer = {
          timer_id: 1,
          patient_id: input.patientId,
          program: input.program,
          started_at: at(),
          paused_at: null,
          paused_seconds: 0,
        };
        return server.timer;
      }),
      pause: fromPromise(async () => {
        server.calls.push(`pause at ${clock.now()}`);
        server.timer = { ...(server.timer as ActivityTimer), paused_at: at() };
        return server.timer;
      }),
      resume: fromPromise(async () => {
        server.calls.push(`resume at ${clock.now()}`);
        server.timer = { ...(server.timer as ActivityTimer), paused_at: null };
        return server.timer;
      }),
      stop: fromPromise(async ({ input }: { input: { timerId: number; choice: TimerStopChoice } }) => {
        server.calls.push(
          `stop ${server.timer?.patient_id} ${input.choice.discard ? 'discard' : input.choice.category}`,
        );
        server.timer = null;
        return { seconds: 60 };
      }),
    },
    actions: { logged: (_, params) => void server.logged.push(params.seconds) },
  });
  const actor = createActor(machine, {
    clock,
    input: { patientId: CHART, autoStart, program: 'RPM' },
  }).start();
  return {
    actor,
    server,
    state: () => actor.getSnapshot().value,
    advance: (ms: number) => advance(clock, ms, 60_000),
  };
}

const runningOn = (patientId: number): ActivityTimer => ({
  timer_id: 5,
  patient_id: patientId,
  program: 'CCM',
  started_at: new Date(0).toISOString(),
  paused_at: null,
  paused_seconds: 0,
});

const answer: TimerStopChoice = {
  discard: false,
  program: 'RPM',
  category: 'Data review',
  note: 'Reviewed',
  interactive: false,
};

describe('care timer machine (issue 41 §2)', () => {
  it('starts when the chart opens, unless the user turned that off', async () => {
    const on = start();
    await flush();
    expect(on.state()).toEqual({ mine: 'running' });
    expect(on.server.calls).toEqual([`start ${CHART}`]);
    const off = start({ autoStart: false });
    await flush();
    expect(off.state()).toBe('idle');
    off.actor.send({ type: 'START', program: 'CCM' });
    await flush();
    expect(off.server.timer?.program).toBe('CCM');
  });

  it('keeps this chart’s running timer (another tab of the chart, a reload) without starting a second', async () => {
    const s = start({ running: runningOn(CHART) });
    await flush();
    expect(s.state()).toEqual({ mine: 'running' });
    expect(s.server.calls).toEqual([]);
  });

  it('pauses after the idle limit without activity; activity defers it; Resume continues', async () => {
    const s = start();
    await flush();
    await s.advance(SESSION_IDLE_MS - 60_000);
    s.actor.send({ type: 'ACTIVITY' });
    await s.advance(SESSION_IDLE_MS - 60_000);
    expect(s.state()).toEqual({ mine: 'running' });
    await s.advance(60_000);
    expect(s.state()).toEqual({ mine: 'paused' });
    expect(s.server.calls).toEqual([`start ${CHART}`, `pause at ${2 * SESSION_IDLE_MS - 60_000}`]);
    s.actor.send({ type: 'ACTIVITY' });
    await s.advance(SESSION_IDLE_MS * 3);
    expect(s.state()).toEqual({ mine: 'paused' });
    s.actor.send({ type: 'RESUME' });
    await flush();
    expect(s.state()).toEqual({ mine: 'running' });
  });

  it('a second chart never runs beside the first: stopping the first starts this one', async () => {
    const s = start({ running: runningOn(OTHER) });
    await flush();
    expect(s.state()).toBe('elsewhere');
    await s.advance(SESSION_IDLE_MS * 2);
    expect(s.server.calls).toEqual([]);
    s.actor.send({ type: 'STOP' });
    s.actor.send({ type: 'CANCEL' });
    expect(s.state()).toBe('elsewhere');
    s.actor.send({ type: 'STOP' });
    s.actor.send({ type: 'ANSWER', choice: answer });
    await flush();
    expect(s.server.calls).toEqual([`stop ${OTHER} Data review`, `start ${CHART}`]);
    expect(s.state()).toEqual({ mine: 'running' });
  });

  it('Stop asks first and keeps counting; the answer logs the time and leaves the chart idle', async () => {
    const s = start();
    await flush();
    s.actor.send({ type: 'STOP' });
    expect(s.state()).toBe('asking');
    s.actor.send({ type: 'CANCEL' });
    expect(s.state()).toEqual({ mine: 'running' });
    s.actor.send({ type: 'STOP' });
    s.actor.send({ type: 'ANSWER', choice: { discard: true } });
    await flush();
    expect(s.state()).toBe('idle');
    expect(s.server.logged).toEqual([60]);
    expect(s.server.calls).toEqual([`start ${CHART}`, `stop ${CHART} discard`]);
  });
});
