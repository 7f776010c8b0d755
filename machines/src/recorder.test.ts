import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, setup } from 'xstate';
import { createRecorder, sanitize } from './recorder.js';

const echo = setup({
  types: {} as { events: { type: 'GO'; token?: string } | { type: 'PING' }; input: { token: string } },
  actors: { work: fromPromise(async () => ({ token: 'secret', ok: true })) },
  delays: { soon: 1000 },
}).createMachine({
  initial: 'idle',
  states: {
    idle: { on: { GO: 'working', PING: 'idle' } },
    working: { invoke: { id: 'work', src: 'work', onDone: 'waiting', onError: 'idle' } },
    waiting: { after: { soon: 'idle' } },
  },
});

describe('createRecorder', () => {
  it('records what the root actor receives, with its source and time, secrets redacted', async () => {
    const clock = new SimulatedClock();
    const recorder = createRecorder({ now: () => clock.now() });
    const actor = createActor(echo, { clock, input: { token: 'abc' }, inspect: recorder.inspect('echo') });
    actor.start();
    clock.increment(5);
    actor.send({ type: 'GO', token: 'tok' });
    await new Promise((resolve) => setImmediate(resolve));
    clock.increment(1000);
    const recording = recorder.export('echo');
    expect(recording?.machine).toBe('echo');
    expect(recording?.events.map((e) => [e.at, e.source, e.event.type])).toEqual([
      [0, 'external', 'xstate.init'],
      [5, 'external', 'GO'],
      [5, 'child', 'xstate.done.actor.work'],
      [1005, 'self', 'xstate.after.soon.(machine).waiting'],
    ]);
    expect(recording?.events[0]?.event).toEqual({ type: 'xstate.init', input: { token: '[redacted]' } });
    expect(recording?.events[1]?.event).toEqual({ type: 'GO', token: '[redacted]' });
    expect(recording?.events[2]?.event).toMatchObject({ output: { token: '[redacted]', ok: true } });
  });

  it('keeps the start and the newest `limit` events, counting the dropped ones', () => {
    const recorder = createRecorder({ now: () => 0, limit: 3 });
    const actor = createActor(echo, { input: { token: 't' }, inspect: recorder.inspect('echo') }).start();
    for (let i = 0; i < 5; i++) actor.send({ type: 'PING' });
    const recording = recorder.export('echo');
    expect(recording?.dropped).toBe(2);
    expect(recording?.events.map((e) => e.event.type)).toEqual(['xstate.init', 'PING', 'PING', 'PING']);
  });

  it('starts a new recording when a new actor of the same machine starts', () => {
    const recorder = createRecorder({ now: () => 0 });
    createActor(echo, { input: { token: 't' }, inspect: recorder.inspect('echo') })
      .start()
      .send({ type: 'PING' });
    createActor(echo, { input: { token: 't' }, inspect: recorder.inspect('echo') }).start();
    expect(recorder.export('echo')?.events.map((e) => e.event.type)).toEqual(['xstate.init']);
    expect(recorder.machines()).toEqual(['echo']);
    expect(recorder.export('other')).toBeNull();
  });

  it.each([
    [new Error('boom'), { name: 'Error', message: 'boom' }],
    [
      { a: { password: 'p', user_token: 'u', n: 1 } },
      { a: { password: '[redacted]', user_token: '[redacted]', n: 1 } },
    ],
    [
      [1, () => 2],
      [1, undefined],
    ],
    ['plain', 'plain'],
  ])('sanitize(%o)', (value, expected) => {
    expect(sanitize(value)).toEqual(expected);
  });
});
