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
  [database, redis] = await Promise.all([testDatabase({ seedPatients: 20 }), startTestRedis()]);
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

  it('shows a sleep-test lock taken through one replica on the other, which refuses a second holder', async () => {
    const [reader, second] = await Promise.all([
      signIn(replica(0), 'interpreting@demo.test'),
      signIn(replica(1), 'role16@demo.test'),
    ]);
    const practices = await database.db
      .selectFrom('user_practices')
      .select('practice_id')
      .where('user_id', '=', reader.user.user_id)
      .execute();
    const study = await database.db
      .selectFrom('sleep_studies as s')
      .innerJoin('patients as p', 'p.patient_id', 's.patient_id')
      .select('s.study_id')
      .where(
        'p.practice_id',
        'in',
        practices.map((p) => p.practice_id),
      )
      .orderBy('s.study_id')
      .executeTakeFirstOrThrow();
    const [readerTab, secondTab] = await Promise.all([tab(0, reader), tab(1, second)]);
    const seen = new Promise<{ testId: number; userName: string }>((resolve) =>
      secondTab.once(HUB_EVENTS.sleepLock, resolve),
    );
    const lockAs = (socket: Socket, who: Signed) =>
      socket.timeout(5_000).emitWithAck(HUB_EVENTS.sleepLock, {
        testId: study.study_id,
        userId: who.user.user_id,
        userName: '',
      });
    expect(await lockAs(readerTab, reader)).toMatchObject({ ok: true });
    // Seen through replica 1 ('Locked by' on its worklists) and honoured there.
    expect(await seen).toMatchObject({ testId: study.study_id, userName: 'Samuel Adeyemi' });
    expect(await lockAs(secondTab, second)).toMatchObject({ ok: false, error: 'Locked by Samuel Adeyemi' });
    // Freed through replica 0: replica 1's worklist hears it, and its reader takes the study.
    const freed = new Promise((resolve) => secondTab.once(HUB_EVENTS.sleepFree, resolve));
    await readerTab
      .timeout(5_000)
      .emitWithAck(HUB_EVENTS.sleepFree, { testId: study.study_id, userId: reader.user.user_id });
    expect(await freed).toEqual({ testId: study.study_id, userId: reader.user.user_id });
    expect(await lockAs(secondTab, second)).toMatchObject({ ok: true });
    // A hand-over asked through replica 0 reaches the holder on replica 1, and its answer comes back.
    const asked = new Promise((resolve) => secondTab.once(HUB_EVENTS.sleepHandOverRequest, resolve));
    const answered = new Promise((resolve) => readerTab.once(HUB_EVENTS.sleepHandOverAnswer, resolve));
    await readerTab
      .timeout(5_000)
      .emitWithAck(HUB_EVENTS.sleepHandOverRequest, { testId: study.study_id, userId: reader.user.user_id });
    expect(await asked).toMatchObject({ testId: study.study_id, userId: reader.user.user_id });
    const handOver = {
      testId: study.study_id,
      userId: second.user.user_id,
      requesterId: reader.user.user_id,
      accept: true,
    };
    expect(await secondTab.timeout(5_000).emitWithAck(HUB_EVENTS.sleepHandOverAnswer, handOver)).toEqual({
      ok: true,
    });
    expect(await answered).toEqual(handOver);
    expect(await lockAs(readerTab, reader)).toMatchObject({ ok: true });
  });
});
