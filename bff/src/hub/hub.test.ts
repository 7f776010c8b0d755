import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { checkSession, HUB_EVENTS, MSG, type NotificationNewPayload, sendNotification } from '@rpm/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, signIn, startTestApp, type TestApp } from '../test-app.js';
import { createHub, HUB_PATH, type Hub } from './hub.js';
import { hubAuthOf, hubClient } from './test-tab.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let url: string;
let sender: Signed; // role 6, Northwind
let nurse: Signed; // role 8, Northwind
let agent: Signed; // role 8, Northwind
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  sender = await signIn(t.app, 'role6@demo.test');
  nurse = await signIn(t.app, 'role8@demo.test');
  agent = await signIn(t.app, 'agent@demo.test');
});
afterAll(async () => {
  // Closing with a client still connected must not wait for it (the hub closes in Fastify's preClose).
  const open = as(nurse);
  await connected(open);
  const dropped = new Promise<string>((resolve) => open.once('disconnect', resolve));
  const started = Date.now();
  await t.close();
  expect(await dropped).toBe('io server disconnect');
  expect(Date.now() - started).toBeLessThan(5_000);
  for (const s of sockets) s.disconnect();
});

/** A client of the app's hub, kept to be closed after the tests. */
function client(auth: unknown, cookie: string | undefined, transport: 'websocket' | 'polling' = 'websocket') {
  const socket = hubClient(url, auth, cookie, transport);
  sockets.push(socket);
  return socket;
}
const as = (who: Signed, transport?: 'websocket' | 'polling') =>
  client(hubAuthOf(who), who.headers.cookie, transport);

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
const refused = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (err) => resolve(err.message));
  });
const next = (socket: Socket) =>
  new Promise<NotificationNewPayload>((resolve) => socket.once(HUB_EVENTS.notificationNew, resolve));

const send = (to: Signed, message: string) =>
  injectCall(
    t.app,
    sendNotification,
    { body: { user_id_from: sender.user.user_id, user_id_to: to.user.user_id, message } },
    sender,
  );

/** A second hub on its own server (the app keeps its hub in deps, out of the test's reach), with tabs on it. */
async function onSecondHub(run: (hub: Hub, tabOf: (who: Signed) => Socket) => Promise<void>): Promise<void> {
  const server = createServer();
  const hub = createHub(server, { db: t.db, clock: t.clock, log: t.app.log });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const tabOf = (who: Signed) => {
    const socket = hubClient(`http://127.0.0.1:${port}`, hubAuthOf(who), who.headers.cookie);
    sockets.push(socket);
    return socket;
  };
  try {
    await run(hub, tabOf);
  } finally {
    await hub.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('hub (socket.io on the BFF server)', () => {
  it('pushes a sent notification to every open client of the recipient and to no one else', async () => {
    const nurseTab1 = as(nurse);
    const nurseTab2 = as(nurse, 'polling');
    const agentTab = as(agent);
    await Promise.all([connected(nurseTab1), connected(nurseTab2), connected(agentTab)]);
    const seenByAgent: NotificationNewPayload[] = [];
    agentTab.on(HUB_EVENTS.notificationNew, (p: NotificationNewPayload) => seenByAgent.push(p));

    const [tab1, tab2, res] = await Promise.all([
      next(nurseTab1),
      next(nurseTab2),
      send(nurse, 'Room 4 needs you'),
    ]);
    expect(res.json().status).toBe(true);
    const stored = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', nurse.user.user_id)
      .orderBy('notification_id', 'desc')
      .executeTakeFirstOrThrow();
    const expected = {
      notification_id: stored.notification_id,
      fk_patient_id: null,
      device_type_icon: null,
      notification_message: '<b>Elena Vasquez</b> Room 4 needs you',
      created_at: stored.created_at.toISOString(),
      is_read: 0,
    };
    expect(tab1).toEqual(expected);
    expect(tab2).toEqual(expected);

    // One socket receives in emit order: once the agent has its own, the nurse's would have arrived before it.
    const [own] = await Promise.all([next(agentTab), send(agent, 'For the agent')]);
    expect(own.notification_message).toContain('For the agent');
    expect(seenByAgent.map((p) => p.notification_message)).toEqual([own.notification_message]);
  });

  it('lets the upgrade requests of connected sockets be collected (issue 15 Benchmarks: heap per socket)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    await onSecondHub(async (hub, tabOf) => {
      const requests: WeakRef<object>[] = [];
      // Registered after the hub's own: sees every upgrade without keeping it.
      hub.io.httpServer.on('upgrade', (req: object) => requests.push(new WeakRef(req)));
      const direct = tabOf(nurse);
      // A browser's way: polling first, then the upgrade to a WebSocket.
      const upgraded = connect(`http://127.0.0.1:${(hub.io.httpServer.address() as AddressInfo).port}`, {
        path: HUB_PATH,
        auth: hubAuthOf(nurse),
        extraHeaders: { cookie: nurse.headers.cookie ?? '' },
        reconnection: false,
        forceNew: true,
      });
      sockets.push(upgraded);
      await Promise.all([
        connected(direct),
        new Promise((resolve) => upgraded.io.engine.once('upgrade', resolve)),
      ]);
      expect(upgraded.io.engine.transport.name).toBe('websocket');
      // A WeakRef holds its target until the current job ends: collect on a later turn.
      await new Promise((resolve) => setImmediate(resolve));
      gc();
      expect(requests).toHaveLength(2);
      expect(requests.map((request) => request.deref())).toEqual([undefined, undefined]);
      // The sockets still work without them.
      const payload: NotificationNewPayload = {
        notification_id: 1,
        fk_patient_id: null,
        device_type_icon: null,
        notification_message: 'after gc',
        created_at: new Date(0).toISOString(),
        is_read: 0,
      };
      const received = Promise.all([next(direct), next(upgraded)]);
      hub.notifyUser(nurse.user.user_id, payload);
      expect(await received).toEqual([payload, payload]);
    });
  });

  it('notifyUser pushes a validated payload to the user room (the API later features use)', async () => {
    await onSecondHub(async (hub, tabOf) => {
      const socket = tabOf(nurse);
      await connected(socket);
      const payload: NotificationNewPayload = {
        notification_id: 1,
        fk_patient_id: 2,
        device_type_icon: 'bp.png',
        notification_message: '<b>Alert</b> high reading',
        created_at: new Date(0).toISOString(),
        is_read: 0,
      };
      const received = next(socket);
      hub.notifyUser(nurse.user.user_id, payload);
      expect(await received).toEqual(payload);
      expect(() => hub.notifyUser(nurse.user.user_id, { ...payload, is_read: 2 } as never)).toThrow();
      socket.disconnect();
    });
  });

  it('sweep disconnects the sockets of sessions that expired without a call, and only those', async () => {
    await onSecondHub(async (hub, tabOf) => {
      const idle = await signIn(t.app, 'role13@demo.test');
      const idleTab = tabOf(idle);
      const nurseTab = tabOf(nurse);
      await Promise.all([connected(idleTab), connected(nurseTab)]);
      expect(await hub.sweep()).toBe(0);
      // Idle past the server's limit: nothing has ended the row yet (that happens at the next call).
      await t.db
        .updateTable('sessions')
        .set({ expires_at: new Date(t.clock.now().getTime() - 1000) })
        .where('user_id', '=', idle.user.user_id)
        .where('ended_at', 'is', null)
        .execute();
      const dropped = new Promise<string>((resolve) => idleTab.once('disconnect', resolve));
      expect(await hub.sweep()).toBe(1);
      expect(await dropped).toBe('io server disconnect');
      expect(nurseTab.connected).toBe(true);
      nurseTab.disconnect();
    });
  });

  it.each([
    [
      'a wrong token',
      (s: Signed) => ({ uid: s.user.user_id, token: 'not-the-token' }),
      true,
      MSG.notAuthorised,
    ],
    [
      'another user’s uid',
      (s: Signed) => ({ uid: s.user.user_id + 1, token: s.user.token }),
      true,
      MSG.notAuthorised,
    ],
    [
      'no session cookie',
      (s: Signed) => ({ uid: s.user.user_id, token: s.user.token }),
      false,
      MSG.notAuthorised,
    ],
    [
      'no auth at all',
      () => ({}),
      true,
      'Sign in first: the hub handshake needs the uid and token of your session.',
    ],
  ])('refuses a handshake with %s, with the 401 text', async (_, auth, withCookie, text) => {
    const socket = client(auth(nurse), withCookie ? nurse.headers.cookie : undefined);
    expect(await refused(socket)).toBe(text);
  });

  it('disconnects the clients of a session that logs out, and only those', async () => {
    const leaving = await signIn(t.app, 'role3@demo.test');
    const leavingTab = as(leaving);
    const otherTab = as(agent);
    await Promise.all([connected(leavingTab), connected(otherTab)]);
    const dropped = new Promise<string>((resolve) => leavingTab.once('disconnect', resolve));
    await injectCall(t.app, checkSession, { query: { status: 0 } }, leaving);
    expect(await dropped).toBe('io server disconnect');
    expect(otherTab.connected).toBe(true);
  });

  it('disconnects the clients of an older session when the user signs in again elsewhere', async () => {
    const first = await signIn(t.app, 'role5@demo.test');
    const oldTab = as(first);
    await connected(oldTab);
    const dropped = new Promise<string>((resolve) => oldTab.once('disconnect', resolve));
    const second = await signIn(t.app, 'role5@demo.test');
    expect(await dropped).toBe('io server disconnect');
    const newTab = as(second);
    await connected(newTab);
    expect(await refused(as(first))).toBe(MSG.loggedInElsewhere);
  });

  it('refuses a session that has ended', async () => {
    const gone = await signIn(t.app, 'role9@demo.test');
    await injectCall(t.app, checkSession, { query: { status: 0 } }, gone);
    expect(await refused(as(gone))).toBe(MSG.notAuthorised);
  });
});
