import { NOTIFICATION_CACHE_MS, NOTIFICATION_POLL_MS } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { CachedCount } from './count-polling.js';
import { notificationCountMachine } from './notification-count.machine.js';
import { advance, flush } from './test-clock.js';

/** A bell count with a fake server and a fake storage cache on a simulated clock. */
function start({
  focused = true,
  cache = null as { count: number; at: number } | null,
  failFetch = false,
} = {}) {
  const clock = new SimulatedClock();
  const store = { cache, server: 5 };
  const fetches: number[] = [];
  const pending: ((n: number) => void)[] = [];
  let manual = false;
  const machine = notificationCountMachine.provide({
    actors: {
      readCache: fromPromise<CachedCount | null>(async () =>
        store.cache === null ? null : { count: store.cache.count, ageMs: clock.now() - store.cache.at },
      ),
      fetchCount: fromPromise<number>(async () => {
        fetches.push(clock.now());
        if (failFetch) throw new Error('500');
        if (manual) return new Promise<number>((resolve) => pending.push(resolve));
        return store.server;
      }),
    },
    actions: {
      writeCache: (_, { count }) => {
        store.cache = { count, at: clock.now() };
      },
    },
  });
  const actor = createActor(machine, { clock, input: { focused } }).start();
  return {
    actor,
    clock,
    store,
    fetches,
    count: () => actor.getSnapshot().context.count,
    advance: (ms: number) => advance(clock, ms, 60_000),
    holdAnswers: () => {
      manual = true;
    },
    /** Answers the `index`-th held fetch with `n`. */
    answer: (index: number, n: number) => pending[index]?.(n),
  };
}

describe('notification count machine (000 §4.6, §9)', () => {
  it('asks the server on start with focus and no cache, then caches the answer with the time', async () => {
    const s = start();
    await flush();
    expect(s.fetches).toEqual([0]);
    expect(s.count()).toBe(5);
    expect(s.store.cache).toEqual({ count: 5, at: 0 });
  });

  it.each([
    ['focus, cache 10 minutes old', true, NOTIFICATION_CACHE_MS, true],
    ['focus, cache a moment younger than 10 minutes', true, NOTIFICATION_CACHE_MS - 1, false],
    ['no focus, no cache', false, null, false],
    ['no focus, old cache', false, 2 * NOTIFICATION_CACHE_MS, false],
  ])('with %s: asks the server → %s', async (_, focused, age, asks) => {
    const s = start({ focused, cache: age === null ? null : { count: 2, at: -age } });
    await flush();
    expect(s.fetches.length > 0).toBe(asks);
    // Otherwise the cached count shows (or 0 without one).
    expect(s.count()).toBe(asks ? 5 : age === null ? 0 : 2);
  });

  it('fires every 10 minutes and shows the cached count another tab stored meanwhile', async () => {
    const s = start();
    await flush();
    await s.advance(NOTIFICATION_POLL_MS / 2);
    s.store.cache = { count: 9, at: s.clock.now() };
    await s.advance(NOTIFICATION_POLL_MS / 2);
    expect(s.fetches).toEqual([0]);
    expect(s.count()).toBe(9);
    s.store.server = 11;
    await s.advance(NOTIFICATION_POLL_MS);
    expect(s.fetches).toEqual([0, 2 * NOTIFICATION_POLL_MS]);
    expect(s.count()).toBe(11);
  });

  it('does not ask while the tab has no focus, and asks at the next tick after focus returns', async () => {
    const s = start();
    await flush();
    s.actor.send({ type: 'FOCUS', focused: false });
    await s.advance(3 * NOTIFICATION_POLL_MS);
    expect(s.fetches).toEqual([0]);
    s.actor.send({ type: 'FOCUS', focused: true });
    expect(s.fetches).toHaveLength(1);
    await s.advance(NOTIFICATION_POLL_MS);
    expect(s.fetches).toHaveLength(2);
  });

  it('a forced refresh asks at once without focus and with a fresh cache, and restarts the timer', async () => {
    const s = start({ focused: false, cache: { count: 1, at: 0 } });
    await flush();
    expect(s.count()).toBe(1);
    await s.advance(NOTIFICATION_POLL_MS / 2);
    s.actor.send({ type: 'REFRESH', force: true });
    await flush();
    expect(s.fetches).toEqual([NOTIFICATION_POLL_MS / 2]);
    expect(s.count()).toBe(5);
  });

  it('a refresh without force applies the focus and cache rules', async () => {
    const s = start();
    await flush();
    s.actor.send({ type: 'REFRESH', force: false });
    await flush();
    expect(s.fetches).toHaveLength(1);
    await s.advance(NOTIFICATION_CACHE_MS);
    expect(s.fetches).toHaveLength(2);
    s.actor.send({ type: 'REFRESH', force: false });
    await flush();
    expect(s.fetches).toHaveLength(2);
  });

  it('a forced refresh during a fetch asks again and keeps only the later answer', async () => {
    const s = start();
    s.holdAnswers();
    await flush();
    expect(s.actor.getSnapshot().value).toBe('fetching');
    s.actor.send({ type: 'REFRESH', force: true });
    await flush();
    expect(s.fetches).toHaveLength(2);
    s.answer(1, 7);
    await flush();
    // The first answer was asked before the new notification: it comes late and is dropped.
    s.answer(0, 6);
    await flush();
    expect(s.count()).toBe(7);
    expect(s.store.cache?.count).toBe(7);
    expect(s.actor.getSnapshot().value).toBe('waiting');
  });

  it('keeps the count shown when the fetch fails, and keeps polling', async () => {
    const s = start({ failFetch: true, cache: { count: 3, at: -NOTIFICATION_CACHE_MS } });
    await flush();
    expect(s.fetches).toHaveLength(1);
    expect(s.count()).toBe(0);
    await s.advance(NOTIFICATION_POLL_MS);
    expect(s.fetches).toHaveLength(2);
    expect(s.actor.getSnapshot().value).toBe('waiting');
  });
});
