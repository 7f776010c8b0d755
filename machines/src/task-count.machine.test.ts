import { TASK_POLL_MS } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { taskCountMachine } from './task-count.machine.js';
import { advance, flush } from './test-clock.js';

function start({ focused = true, fail = false } = {}) {
  const clock = new SimulatedClock();
  const server = { count: 4, fail };
  const fetches: number[] = [];
  const machine = taskCountMachine.provide({
    actors: {
      fetchCount: fromPromise<number>(async () => {
        fetches.push(clock.now());
        if (server.fail) throw new Error('500');
        return server.count;
      }),
    },
  });
  const actor = createActor(machine, { clock, input: { focused } }).start();
  return {
    actor,
    server,
    fetches,
    count: () => actor.getSnapshot().context.count,
    advance: (ms: number) => advance(clock, ms, 60_000),
  };
}

describe('task count machine (000 §7 getIncompleteTaskCount, §9)', () => {
  it.each([
    [true, 'with focus'],
    [false, 'without focus (the load is forced)'],
  ])('asks on load %s', async (focused) => {
    const s = start({ focused });
    await flush();
    expect(s.fetches).toEqual([0]);
    expect(s.count()).toBe(4);
  });

  it('asks every 10 minutes while the page has focus', async () => {
    const s = start();
    await flush();
    s.server.count = 6;
    await s.advance(TASK_POLL_MS);
    expect(s.fetches).toEqual([0, TASK_POLL_MS]);
    expect(s.count()).toBe(6);
    await s.advance(TASK_POLL_MS);
    expect(s.fetches).toHaveLength(3);
  });

  it('skips the ticks without focus and resumes with it', async () => {
    const s = start({ focused: false });
    await flush();
    await s.advance(2 * TASK_POLL_MS);
    expect(s.fetches).toEqual([0]);
    s.actor.send({ type: 'FOCUS', focused: true });
    await s.advance(TASK_POLL_MS);
    expect(s.fetches).toEqual([0, 3 * TASK_POLL_MS]);
  });

  it.each([
    ['focus, not forced', true, false, true],
    ['no focus, forced', false, true, true],
    ['no focus, not forced', false, false, false],
  ])('a task-count signal with %s asks → %s', async (_, focused, force, asks) => {
    const s = start({ focused });
    await flush();
    s.actor.send({ type: 'REFRESH', force });
    await flush();
    expect(s.fetches).toHaveLength(asks ? 2 : 1);
  });

  it('a forced signal during a fetch asks again', async () => {
    const s = start();
    s.actor.send({ type: 'REFRESH', force: true });
    await flush();
    expect(s.fetches).toHaveLength(2);
    expect(s.actor.getSnapshot().value).toBe('waiting');
  });

  it('ignores failures silently and keeps the count', async () => {
    const s = start();
    await flush();
    s.server.fail = true;
    await s.advance(TASK_POLL_MS);
    expect(s.fetches).toHaveLength(2);
    expect(s.count()).toBe(4);
    expect(s.actor.getSnapshot().value).toBe('waiting');
  });
});
