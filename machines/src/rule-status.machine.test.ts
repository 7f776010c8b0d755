import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { ruleStatusMachine, type TerminateInput } from './rule-status.machine.js';
import { flush } from './test-clock.js';

function start({ active = true, fail = false } = {}) {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  const terminates: TerminateInput[] = [];
  let changed = 0;
  const machine = ruleStatusMachine.provide({
    actors: {
      resume: fromPromise<void>(async () => {
        calls.push('resume');
        if (fail) throw new Error('409');
      }),
      terminate: fromPromise<void, TerminateInput>(async ({ input }) => {
        calls.push('terminate');
        terminates.push(input);
        if (fail) throw new Error('400');
      }),
    },
    actions: {
      changed: () => {
        changed += 1;
      },
    },
  });
  const actor = createActor(machine, { clock, input: { active } }).start();
  return {
    actor,
    calls,
    terminates,
    changed: () => changed,
    state: () => actor.getSnapshot().value,
    active: () => actor.getSnapshot().context.active,
  };
}

const dates = { start_date: '2026-11-22', end_date: '2099-12-31' };

describe('rule status machine (001 §4 Notification rule, §2.2)', () => {
  it('turning an inactive rule on resumes it', async () => {
    const s = start({ active: false });
    s.actor.send({ type: 'TOGGLE' });
    expect(s.state()).toBe('resuming');
    await flush();
    expect(s.calls).toEqual(['resume']);
    expect(s.state()).toBe('idle');
    expect(s.active()).toBe(true);
    expect(s.changed()).toBe(1);
  });

  it('turning an active rule off asks when to resume, and calls nothing yet', () => {
    const s = start();
    s.actor.send({ type: 'TOGGLE' });
    expect(s.state()).toBe('asking');
    expect(s.calls).toEqual([]);
    expect(s.active()).toBe(true);
  });

  it.each([
    ['SAVE terminates and continues with the dates', { type: 'SAVE', dates } as const, dates],
    ['NO terminates only', { type: 'NO' } as const, null],
  ])('%s', async (_, event, continueWith) => {
    const s = start();
    s.actor.send({ type: 'TOGGLE' });
    s.actor.send(event);
    expect(s.state()).toBe('terminating');
    await flush();
    expect(s.terminates).toEqual([{ continueWith }]);
    expect(s.state()).toBe('idle');
    expect(s.active()).toBe(false);
    expect(s.changed()).toBe(1);
  });

  it('closing the dialog leaves the rule as it was', () => {
    const s = start();
    s.actor.send({ type: 'TOGGLE' });
    s.actor.send({ type: 'CANCEL' });
    expect(s.state()).toBe('idle');
    expect(s.active()).toBe(true);
    expect(s.calls).toEqual([]);
  });

  it.each([
    ['a failed resume', false, [{ type: 'TOGGLE' }] as const],
    ['a failed terminate-and-continue', true, [{ type: 'TOGGLE' }, { type: 'SAVE', dates }] as const],
    ['a failed terminate', true, [{ type: 'TOGGLE' }, { type: 'NO' }] as const],
  ])('%s leaves the switch as it was', async (_, active, events) => {
    const s = start({ active, fail: true });
    for (const event of events) s.actor.send(event);
    await flush();
    expect(s.calls).toHaveLength(1);
    expect(s.state()).toBe('idle');
    expect(s.active()).toBe(active);
    expect(s.changed()).toBe(0);
  });

  it('ignores the dialog answers while idle and toggles while busy', async () => {
    const s = start();
    s.actor.send({ type: 'NO' });
    expect(s.state()).toBe('idle');
    s.actor.send({ type: 'TOGGLE' });
    s.actor.send({ type: 'NO' });
    s.actor.send({ type: 'TOGGLE' });
    await flush();
    expect(s.calls).toEqual(['terminate']);
  });
});
