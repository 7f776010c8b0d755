import { HUB_EVENTS } from '@rpm/shared';
import { describe, expect, it, vi } from 'vitest';
import { LOCK_LEASE_MS, LOCK_RENEW_MS } from './lock-store.js';
import { lock, lockWorld, next, send } from './lock-test-world.js';

const w = lockWorld();

describe('sleep-test locks (000 §4.11; issue 15 §2)', () => {
  it('takes a lock, broadcasts it to the practice, and opens the study read-only for a second reader', async () => {
    const study = w.lakeside[0] as number;
    const a = await w.tab(w.reader);
    const b = await w.tab(w.second);
    const seen = next<{ testId: number; userId: number; userName: string; since: string }>(
      b,
      HUB_EVENTS.sleepLock,
    );
    const taken = await lock(a, w.reader, study);
    expect(taken).toMatchObject({ ok: true });
    expect(taken.token).toBeGreaterThan(0);
    expect(await seen).toEqual({
      testId: study,
      userId: w.reader.user.user_id,
      userName: 'Samuel Adeyemi',
      since: w.t.clock.now().toISOString(),
    });
    const refused = await lock(b, w.second, study);
    expect(refused).toMatchObject({ ok: false, error: 'Locked by Samuel Adeyemi' });
    expect(await w.audits('lock_sleep_test', study)).toEqual([
      { user_id: w.reader.user.user_id, detail: { token: taken.token } },
    ]);
    // Freed by its holder: broadcast, audited, then the second reader takes it with a larger fencing token.
    const freed = next<{ testId: number }>(b, HUB_EVENTS.sleepFree);
    expect(await send(a, HUB_EVENTS.sleepFree, { testId: study, userId: w.reader.user.user_id })).toEqual({
      ok: true,
    });
    expect(await freed).toEqual({ testId: study, userId: w.reader.user.user_id });
    expect(await w.audits('free_sleep_test', study)).toEqual([
      { user_id: w.reader.user.user_id, detail: { holder: w.reader.user.user_id, token: taken.token } },
    ]);
    const after = await lock(b, w.second, study);
    expect(after.ok).toBe(true);
    expect(after.token).toBeGreaterThan(taken.token as number);
  });

  it("connects a reader with one query at most, the session's, which reads their roles, practices and name (issue 17 goal 2)", async () => {
    const executor = w.t.db.getExecutor();
    const queries = vi.spyOn(executor, 'executeQuery');
    const a = await w.tab(w.reader);
    const read = queries.mock.calls
      .map(([query]) => query.sql)
      .filter((sql) => !sql.includes('sleep_study_locks'));
    queries.mockRestore();
    // readerAuth's two and the scope's one besides the session's before (the start calls wait for the connect).
    expect(read.length).toBeLessThanOrEqual(1);
    // The name the lock broadcasts came with the session.
    const b = await w.tab(w.second);
    const seen = next<{ userName: string }>(b, HUB_EVENTS.sleepLock);
    expect(await lock(a, w.reader, w.lakeside[2] as number)).toMatchObject({ ok: true });
    expect((await seen).userName).toBe('Samuel Adeyemi');
    expect(
      await send(a, HUB_EVENTS.sleepFree, { testId: w.lakeside[2], userId: w.reader.user.user_id }),
    ).toEqual({ ok: true });
  });

  it('refuses and logs a forged userId, a bad payload and a study outside the scope', async () => {
    const warn = vi.spyOn(w.t.app.log, 'warn');
    const a = await w.tab(w.reader);
    expect(await lock(a, w.second, w.lakeside[1] as number)).toEqual({
      ok: false,
      error: 'SLEEP::LOCK may name only you.',
    });
    expect(
      await send(a, HUB_EVENTS.sleepLock, { testId: 'one', userId: w.reader.user.user_id }),
    ).toMatchObject({
      ok: false,
    });
    expect(await lock(a, w.reader, w.elsewhere)).toEqual({
      ok: false,
      error: `Sleep test ${w.elsewhere} does not exist.`,
    });
    const o = await w.tab(w.outsider);
    expect(await lock(o, w.outsider, w.lakeside[1] as number)).toMatchObject({ ok: false });
    expect(await send(a, HUB_EVENTS.sleepFreeAll, { userId: w.second.user.user_id })).toMatchObject({
      ok: false,
    });
    const held = await w.t.db
      .selectFrom('sleep_study_locks')
      .select('study_id')
      .where('study_id', '=', w.lakeside[1] as number)
      .execute();
    expect(held).toEqual([]);
    // Each refusal is in the log with the sender (refused and logged).
    const logged = warn.mock.calls.map(([fields, message]) => ({ fields, message }));
    warn.mockRestore();
    expect(logged).toEqual(
      expect.arrayContaining([
        {
          fields: expect.objectContaining({ event: HUB_EVENTS.sleepLock, userId: w.reader.user.user_id }),
          message: 'refused SLEEP::LOCK: SLEEP::LOCK may name only you.',
        },
        {
          fields: expect.objectContaining({ event: HUB_EVENTS.sleepLock, userId: w.reader.user.user_id }),
          message: 'refused SLEEP::LOCK: SLEEP::LOCK needs testId, userId, userName, since.',
        },
        {
          fields: expect.objectContaining({
            event: HUB_EVENTS.sleepLock,
            userId: w.reader.user.user_id,
            err: `Sleep test ${w.elsewhere} does not exist.`,
          }),
          message: 'refused SLEEP::LOCK',
        },
        {
          fields: expect.objectContaining({ event: HUB_EVENTS.sleepFreeAll, userId: w.reader.user.user_id }),
          message: 'refused SLEEP::FREE_ALL: SLEEP::FREE_ALL may name only you.',
        },
      ]),
    );
  });

  it('renews the lease while the socket lives, keeps it through a drop, releases it when it lapses', async () => {
    const study = w.lakeside[2] as number;
    const a = await w.tab(w.reader);
    const b = await w.tab(w.second);
    const first = await lock(a, w.reader, study);
    // Renewed on each tick while connected: still held long after one lease.
    for (let n = 0; n < 4; n++) {
      w.t.clock.advance(LOCK_RENEW_MS);
      await w.locks.tick();
    }
    expect((await lock(b, w.second, study)).ok).toBe(false);
    // A drop: the w.reader reconnects within the grace and keeps the study with the same token.
    a.disconnect();
    w.t.clock.advance(1_000);
    const again = await w.tab(w.reader);
    expect(await lock(again, w.reader, study)).toMatchObject({ ok: true, token: first.token });
    // Gone for good: after the lease, the lapse is released, broadcast and audited; the other w.reader may take it.
    const againId = again.id;
    again.disconnect();
    await vi.waitFor(async () =>
      expect((await w.hub.io.local.fetchSockets()).map((socket) => socket.id)).not.toContain(againId),
    );
    const freed: number[] = [];
    b.on(HUB_EVENTS.sleepFree, (event: { testId: number }) => freed.push(event.testId));
    // Ticks as the replica runs them: the connected holders' leases are renewed, the dropped one's lapses.
    for (let waited = 0; waited <= LOCK_LEASE_MS; waited += LOCK_RENEW_MS) {
      w.t.clock.advance(LOCK_RENEW_MS);
      await w.locks.tick();
    }
    await vi.waitFor(() => expect(freed).toEqual([study]));
    expect(await w.audits('sleep_lock_lapsed', study)).toEqual([
      { user_id: null, detail: { holder: w.reader.user.user_id, token: first.token } },
    ]);
    const taken = await lock(b, w.second, study);
    expect(taken.ok).toBe(true);
    expect(taken.token).toBeGreaterThan(first.token as number);
  });

  it('frees all of the user’s w.locks on SLEEP::FREE_ALL', async () => {
    const a = await w.tab(w.reader);
    const b = await w.tab(w.second);
    const [x, y] = [w.lakeside[3] as number, w.lakeside[4] as number];
    expect((await lock(a, w.reader, x)).ok).toBe(true);
    expect((await lock(a, w.reader, y)).ok).toBe(true);
    expect(await send(a, HUB_EVENTS.sleepFreeAll, { userId: w.reader.user.user_id })).toEqual({ ok: true });
    for (const study of [x, y])
      expect((await w.audits('free_sleep_test', study)).map((row) => row.detail)).toEqual([
        expect.objectContaining({ all: true, holder: w.reader.user.user_id }),
      ]);
    expect((await lock(b, w.second, x)).ok).toBe(true);
    expect((await lock(b, w.second, y)).ok).toBe(true);
  });
});
