import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HUB_EVENTS } from '@rpm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { createHub, type Hub } from '../hub/hub.js';
import { hubAuthOf, hubClient } from '../hub/test-tab.js';
import { signIn, startTestApp, type TestApp } from '../test-app.js';
import { attachSleepLocks, type SleepLocks } from './lock-hub.js';

type Signed = Awaited<ReturnType<typeof signIn>>;
export type Answer = {
  ok: boolean;
  token?: number;
  since?: string;
  error?: string;
  lockedBy?: { userName: string };
};

/**
 * The sleep-lock tests' world: an app, a hub of its own on the test's simulated clock (renewals are ticks), three
 * readers, and studies in and out of the first reader's practices.
 */
export interface LockWorld {
  t: TestApp;
  hub: Hub;
  locks: SleepLocks;
  origin: string;
  /** interpreting@ (role 6), Lakeside. */
  reader: Signed;
  /** role16@, Lakeside. */
  second: Signed;
  /** role8@, Northwind. */
  outsider: Signed;
  /** Studies of Lakeside patients. */
  lakeside: number[];
  /** A study outside Lakeside. */
  elsewhere: number;
  /** A signed-in user's tab on the world's hub. */
  tab(who: Signed): Promise<Socket>;
  /** How many audit rows of `action` name the study. */
  /** The audit rows of an action on a study: who and the detail. */
  audits(action: string, studyId: number): Promise<{ user_id: number | null; detail: unknown }[]>;
}

export function lockWorld(): LockWorld {
  const w = {} as LockWorld;
  let server: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    w.t = await startTestApp({ seedPatients: 60 });
    w.reader = await signIn(w.t.app, 'interpreting@demo.test');
    w.second = await signIn(w.t.app, 'role16@demo.test');
    w.outsider = await signIn(w.t.app, 'role8@demo.test');
    server = createServer();
    w.hub = createHub(server, { db: w.t.db, clock: w.t.clock, log: w.t.app.log });
    w.locks = attachSleepLocks(w.hub, { db: w.t.db, clock: w.t.clock, log: w.t.app.log });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    w.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const practices = await w.t.db
      .selectFrom('user_practices')
      .select('practice_id')
      .where('user_id', '=', w.reader.user.user_id)
      .execute();
    const ids = practices.map((p) => p.practice_id);
    const studies = await w.t.db
      .selectFrom('sleep_studies as s')
      .innerJoin('patients as p', 'p.patient_id', 's.patient_id')
      .select(['s.study_id', 'p.practice_id'])
      .orderBy('s.study_id')
      .execute();
    w.lakeside = studies.filter((s) => ids.includes(s.practice_id)).map((s) => s.study_id);
    w.elsewhere = studies.find((s) => !ids.includes(s.practice_id))?.study_id ?? 0;
    expect(w.lakeside.length).toBeGreaterThan(8);
    expect(w.elsewhere).toBeGreaterThan(0);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    w.locks?.stop();
    await w.hub?.close();
    await new Promise((resolve) => server?.close(resolve));
    await w.t?.close();
  });
  w.tab = async (who: Signed) => {
    const socket = hubClient(w.origin, hubAuthOf(who), who.headers.cookie);
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  };
  w.audits = (action: string, studyId: number) =>
    w.t.db
      .selectFrom('audit_log')
      .select(['user_id', 'detail'])
      .where('action', '=', action)
      .where('entity_id', '=', String(studyId))
      .orderBy('audit_id')
      .execute();
  return w;
}

export const send = (socket: Socket, event: string, payload: unknown) =>
  socket.timeout(5_000).emitWithAck(event, payload) as Promise<Answer>;
export const lock = (socket: Socket, who: Signed, testId: number) =>
  send(socket, HUB_EVENTS.sleepLock, { testId, userId: who.user.user_id, userName: 'x' });
export const next = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, resolve));
