import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HUB_EVENTS } from '@rpm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHub, type Hub } from '../hub/hub.js';
import { hubAuthOf, hubClient } from '../hub/test-tab.js';
import { signIn, startTestApp, type TestApp } from '../test-app.js';
import { attachSleepLocks, type SleepLocks } from './lock-hub.js';
import { LOCK_LEASE_MS, LOCK_RENEW_MS } from './lock-store.js';

type Signed = Awaited<ReturnType<typeof signIn>>;
type Answer = {
  ok: boolean;
  token?: number;
  since?: string;
  error?: string;
  lockedBy?: { userName: string };
};

let t: TestApp;
let server: Server;
let hub: Hub;
let locks: SleepLocks;
let origin: string;
let reader: Signed; // interpreting@ (role 6), Lakeside
let second: Signed; // role16@, Lakeside
let outsider: Signed; // role8@, Northwind
const sockets: Socket[] = [];
/** Studies of Lakeside patients, and one outside Lakeside. */
let lakeside: number[];
let elsewhere: number;

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 60 });
  reader = await signIn(t.app, 'interpreting@demo.test');
  second = await signIn(t.app, 'role16@demo.test');
  outsider = await signIn(t.app, 'role8@demo.test');
  // The app keeps its hub out of reach: a hub of its own, on the test's simulated clock, so renewals are ticks.
  server = createServer();
  hub = createHub(server, { db: t.db, clock: t.clock, log: t.app.log });
  locks = attachSleepLocks(hub, { db: t.db, clock: t.clock, log: t.app.log });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const practices = await t.db
    .selectFrom('user_practices')
    .select('practice_id')
    .where('user_id', '=', reader.user.user_id)
    .execute();
  const ids = practices.map((p) => p.practice_id);
  const studies = await t.db
    .selectFrom('sleep_studies as s')
    .innerJoin('patients as p', 'p.patient_id', 's.patient_id')
    .select(['s.study_id', 'p.practice_id'])
    .orderBy('s.study_id')
    .execute();
  lakeside = studies.filter((s) => ids.includes(s.practice_id)).map((s) => s.study_id);
  elsewhere = studies.find((s) => !ids.includes(s.practice_id))?.study_id ?? 0;
  expect(lakeside.length).toBeGreaterThan(4);
  expect(elsewhere).toBeGreaterThan(0);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  locks?.stop();
  await hub?.close();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

async function tab(who: Signed): Promise<Socket> {
  const socket = hubClient(origin, hubAuthOf(who), who.headers.cookie);
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
const send = (socket: Socket, event: string, payload: unknown) =>
  socket.timeout(5_000).emitWithAck(event, payload) as Promise<Answer>;
const lock = (socket: Socket, who: Signed, testId: number) =>
  send(socket, HUB_EVENTS.sleepLock, { testId, userId: who.user.user_id, userName: 'x' });
const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));
const audits = async (action: string, studyId: number) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select('audit_id')
      .where('action', '=', action)
      .where('entity_id', '=', String(studyId))
      .execute()
  ).length;

describe('sleep-test locks (000 §4.11; issue 15 §2)', () => {
  it('takes a lock, broadcasts it to the practice, and opens the study read-only for a second reader', async () => {
    const study = lakeside[0] as number;
    const a = await tab(reader);
    const b = await tab(second);
    const seen = next<{ testId: number; userId: number; userName: string; since: string }>(
      b,
      HUB_EVENTS.sleepLock,
    );
    const taken = await lock(a, reader, study);
    expect(taken).toMatchObject({ ok: true });
    expect(taken.token).toBeGreaterThan(0);
    expect(await seen).toEqual({
      testId: study,
      userId: reader.user.user_id,
      userName: 'Samuel Adeyemi',
      since: t.clock.now().toISOString(),
    });
    const refused = await lock(b, second, study);
    expect(refused).toMatchObject({ ok: false, error: 'Locked by Samuel Adeyemi' });
    expect(await audits('lock_sleep_test', study)).toBe(1);
    // Freed by its holder: broadcast, audited, then the second reader takes it with a larger fencing token.
    const freed = next<{ testId: number }>(b, HUB_EVENTS.sleepFree);
    expect(await send(a, HUB_EVENTS.sleepFree, { testId: study, userId: reader.user.user_id })).toEqual({
      ok: true,
    });
    expect(await freed).toEqual({ testId: study, userId: reader.user.user_id });
    expect(await audits('free_sleep_test', study)).toBe(1);
    const after = await lock(b, second, study);
    expect(after.ok).toBe(true);
    expect(after.token).toBeGreaterThan(taken.token as number);
  });

  it('refuses and logs a forged userId, a bad payload and a study outside the scope', async () => {
    const a = await tab(reader);
    expect(await lock(a, second, lakeside[1] as number)).toEqual({
      ok: false,
      error: 'SLEEP::LOCK may name only you.',
    });
    expect(await send(a, HUB_EVENTS.sleepLock, { testId: 'one', userId: reader.user.user_id })).toMatchObject(
      {
        ok: false,
      },
    );
    expect(await lock(a, reader, elsewhere)).toEqual({
      ok: false,
      error: `Sleep test ${elsewhere} does not exist.`,
    });
    const o = await tab(outsider);
    expect(await lock(o, outsider, lakeside[1] as number)).toMatchObject({ ok: false });
    expect(await send(a, HUB_EVENTS.sleepFreeAll, { userId: second.user.user_id })).toMatchObject({
      ok: false,
    });
    const held = await t.db
      .selectFrom('sleep_study_locks')
      .select('study_id')
      .where('study_id', '=', lakeside[1] as number)
      .execute();
    expect(held).toEqual([]);
  });

  it('renews the lease while the socket lives, keeps it through a drop, releases it when it lapses', async () => {
    const study = lakeside[2] as number;
    const a = await tab(reader);
    const b = await tab(second);
    const first = await lock(a, reader, study);
    // Renewed on each tick while connected: still held long after one lease.
    for (let n = 0; n < 4; n++) {
      t.clock.advance(LOCK_RENEW_MS);
      await locks.tick();
    }
    expect((await lock(b, second, study)).ok).toBe(false);
    // A drop: the reader reconnects within the grace and keeps the study with the same token.
    a.disconnect();
    t.clock.advance(1_000);
    const again = await tab(reader);
    expect(await lock(again, reader, study)).toMatchObject({ ok: true, token: first.token });
    // Gone for good: after the lease, the lapse is released, broadcast and audited; the other reader may take it.
    const againId = again.id;
    again.disconnect();
    await vi.waitFor(async () =>
      expect((await hub.io.local.fetchSockets()).map((socket) => socket.id)).not.toContain(againId),
    );
    const freed: number[] = [];
    b.on(HUB_EVENTS.sleepFree, (event: { testId: number }) => freed.push(event.testId));
    // Ticks as the replica runs them: the connected holders' leases are renewed, the dropped one's lapses.
    for (let waited = 0; waited <= LOCK_LEASE_MS; waited += LOCK_RENEW_MS) {
      t.clock.advance(LOCK_RENEW_MS);
      await locks.tick();
    }
    await vi.waitFor(() => expect(freed).toEqual([study]));
    expect(await audits('sleep_lock_lapsed', study)).toBe(1);
    const taken = await lock(b, second, study);
    expect(taken.ok).toBe(true);
    expect(taken.token).toBeGreaterThan(first.token as number);
  });

  it('frees all of the user’s locks on SLEEP::FREE_ALL', async () => {
    const a = await tab(reader);
    const b = await tab(second);
    const [x, y] = [lakeside[3] as number, lakeside[4] as number];
    expect((await lock(a, reader, x)).ok).toBe(true);
    expect((await lock(a, reader, y)).ok).toBe(true);
    expect(await send(a, HUB_EVENTS.sleepFreeAll, { userId: reader.user.user_id })).toEqual({ ok: true });
    expect((await lock(b, second, x)).ok).toBe(true);
    expect((await lock(b, second, y)).ok).toBe(true);
  });
});
