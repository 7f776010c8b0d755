import { checkSession, HUB_EVENTS, type NotificationNewPayload, sendNotification } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { SimulatedClock } from '../clock.js';
import { type TestDatabase, testDatabase } from '../db/test-database.js';
import { injectCall, signIn, testConfig } from '../test-app.js';
import { startTestRedis, type TestRedis } from '../test-redis.js';
import { openTab } from './test-tab.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

// Two BFF replicas on one database and one Redis (architecture.md "Modes and replicas": N replicas behind a load balancer).
let database: TestDatabase;
let redis: TestRedis;
let replicas: FastifyInstance[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  [database, redis] = await Promise.all([testDatabase({ seedPatients: 5 }), startTestRedis()]);
  const config = testConfig({
    // Replicas share the captcha secret, as a deployment must.
    APP_SECRET: 'a-secret-the-replicas-share-0123456789',
    REDIS_URL: redis.url,
  });
  const clock = new SimulatedClock(new Date());
  replicas = await Promise.all(
    [0, 1].map(() => createApp({ config, db: database.db, clock, missedReadingsIntervalMs: 0 })),
  );
  await Promise.all(replicas.map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all(replicas.map((app) => app.close()));
  await Promise.all([database?.close(), redis?.stop()]);
});

const replica = (n: 0 | 1) => replicas[n] as FastifyInstance;

/** A browser tab connected to one replica's hub. */
async function tab(n: 0 | 1, who: Signed): Promise<Socket> {
  const socket = await openTab(replica(n), who);
  sockets.push(socket);
  return socket;
}

describe('hub across replicas (REDIS_URL)', () => {
  it('pushes a notification sent through one replica to the recipient’s tab on the other', async () => {
    const [sender, nurse] = await Promise.all([
      signIn(replica(0), 'role6@demo.test'),
      signIn(replica(1), 'role8@demo.test'),
    ]);
    const nurseTab = await tab(1, nurse);
    const received = new Promise<NotificationNewPayload>((resolve) =>
      nurseTab.once(HUB_EVENTS.notificationNew, resolve),
    );
    const res = await injectCall(
      replica(0),
      sendNotification,
      {
        body: { user_id_from: sender.user.user_id, user_id_to: nurse.user.user_id, message: 'Bed 3 please' },
      },
      sender,
    );
    expect(res.json().status).toBe(true);
    expect((await received).notification_message).toContain('Bed 3 please');
  });

  it('disconnects a session’s tab on one replica when it logs out through the other', async () => {
    const biller = await signIn(replica(0), 'role10@demo.test');
    const billerTab = await tab(1, biller);
    const dropped = new Promise<string>((resolve) => billerTab.once('disconnect', resolve));
    await injectCall(replica(0), checkSession, { query: { status: 0 } }, biller);
    expect(await dropped).toBe('io server disconnect');
  });
});
