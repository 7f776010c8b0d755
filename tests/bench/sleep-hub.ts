import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@rpm/bff/db/connect';
import { migrate } from '@rpm/bff/db/migrate';
import { seedDemo } from '@rpm/bff/db/seed/seed-demo';
import { startTestRedis } from '@rpm/bff/test-redis';
import { HUB_EVENTS } from '@rpm/shared';
import type { Socket } from 'socket.io-client';
import { type Figures, quantile } from './bench-helpers.js';
import { startBenchPostgres } from './billing-postgres.js';
import { connectTabs, type Signed } from './sleep-hub-tabs.js';

/**
 * The sleep-test lock hub (issue 15 "Benchmarks"), on a throwaway PostgreSQL (two replicas need one database):
 * 1. one BFF process with SOCKETS sockets connected (the crowd in a child process of its own, so this process's
 *    event loop and collector time only the locker and the room): lock-to-broadcast delivery to a worklist room of ROOM sockets
 *    (p50/p99 over LOCKS locks; the time from sending SLEEP::LOCK to each room socket's broadcast, including the
 *    lease's database write) and the server's heap per socket (heapUsed after gc, before and after connecting);
 * 2. two processes on one Redis, half the sockets each: the same delivery to a room on the locker's process and to
 *    a room on the other (cross-process p99 against same-process p99, measured on the same locks);
 * 3. lease expiry: a child holding a lock is SIGKILLed; the time until another reader can take it (the real
 *    30 s lease, renewed every 10 s). Each figure is printed beside its goal, with the load average.
 */

const SOCKETS = Number(process.env.SLEEP_HUB_SOCKETS ?? 5_000);
const ROOM = 50;
const LOCKS = Number(process.env.SLEEP_HUB_LOCKS ?? 200);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** A BFF replica in a child process (sleep-hub-server.ts), spoken to over IPC. */
export interface Replica {
  readonly origin: string;
  ask<T>(message: Record<string, unknown>): Promise<T>;
  stop(): Promise<void>;
  /** SIGKILL: the replica dies mid-work, as a crashed machine does. */
  kill(): void;
}

export async function startReplica(env: Record<string, string>): Promise<Replica> {
  // Raised to the hard limit of open files: thousands of sockets (node raises its own, a shell does not).
  const child: ChildProcess = spawn(
    'sh',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"',
      process.execPath,
      '--expose-gc',
      '--import',
      'tsx',
      here('./sleep-hub-server.ts'),
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ...env } },
  );
  const waiting = new Map<number, (value: unknown) => void>();
  let next = 1;
  child.on('message', (message: { id: number }) => {
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  const ready = new Promise<{ base: string }>((resolve, reject) => {
    waiting.set(0, (value) => resolve(value as { base: string }));
    child.once('exit', (code) => reject(new Error(`bench replica exited (${code})`)));
  });
  const { base } = await ready;
  return {
    origin: base,
    ask: <T>(message: Record<string, unknown>) =>
      new Promise<T>((resolve) => {
        const id = next++;
        waiting.set(id, (value) => resolve(value as T));
        child.send({ ...message, id });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
    kill: () => child.kill('SIGKILL'),
  };
}

/** A crowd of `count` tabs of `who` on `origin`, in a child process (sleep-hub-crowd.ts); answers its stopper. */
async function startCrowd(origin: string, who: Signed, count: number): Promise<() => Promise<void>> {
  const child = spawn(
    'sh',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"',
      process.execPath,
      '--import',
      'tsx',
      here('./sleep-hub-crowd.ts'),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ORIGIN: origin, WHO: JSON.stringify(who), COUNT: String(count) },
    },
  );
  const said = await new Promise<string>((resolve) => {
    child.stdout?.once('data', (d: Buffer) => resolve(String(d)));
    child.once('exit', (code) => resolve(`exited (${code})`));
  });
  if (!said.startsWith('ready')) throw new Error(`the crowd did not connect: ${said}`);
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

const ack = (socket: Socket, event: string, payload: unknown) =>
  socket.timeout(10_000).emitWithAck(event, payload) as Promise<{ ok: boolean; error?: string }>;

/**
 * Locks and frees `testId` LOCKS times through `locker`; answers each room's delivery times (ms from sending
 * SLEEP::LOCK to a room socket's broadcast).
 */
async function deliveries(
  locker: Socket,
  reader: Signed,
  testId: number,
  rooms: readonly (readonly Socket[])[],
): Promise<number[][]> {
  const times = rooms.map(() => [] as number[]);
  const lockMsg = { testId, userId: reader.user.user_id, userName: '' };
  const all = rooms.flat();
  for (let n = 0; n < LOCKS; n++) {
    const heard = (event: string, record: boolean) =>
      Promise.all(
        rooms.flatMap((room, r) =>
          room.map(
            (socket) =>
              new Promise<void>((resolve) =>
                socket.once(event, () => {
                  if (record) times[r]?.push(performance.now() - sent);
                  resolve();
                }),
              ),
          ),
        ),
      );
    const locked = heard(HUB_EVENTS.sleepLock, true);
    const sent = performance.now();
    const answer = await ack(locker, HUB_EVENTS.sleepLock, lockMsg);
    if (!answer.ok) throw new Error(`lock refused: ${answer.error}`);
    await locked;
    const freed = heard(HUB_EVENTS.sleepFree, false);
    await ack(locker, HUB_EVENTS.sleepFree, { testId, userId: reader.user.user_id });
    await freed;
  }
  for (const socket of all) socket.removeAllListeners(HUB_EVENTS.sleepLock);
  return times;
}

const p50p99 = (times: readonly number[]) =>
  `${quantile(times, 0.5).toFixed(2)}/${quantile(times, 0.99).toFixed(2)} ms`;

export async function sleepHubBenchmark(): Promise<Figures> {
  const figures: Figures = { 'load average (start)': loadavg() };
  const postgres = await startBenchPostgres();
  if ('missing' in postgres) return { skipped: postgres.missing };
  const redis = await startTestRedis();
  const replicas: Replica[] = [];
  const sockets: Socket[] = [];
  const crowds: (() => Promise<void>)[] = [];
  try {
    figures['postgres server'] = postgres.version;
    const database = await openDatabase({ databaseUrl: postgres.url, poolSize: 4 });
    await migrate(database.db);
    await seedDemo(database.db, { patients: 20, today: new Date() });
    const reader = await database.db
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', 'interpreting@demo.test')
      .executeTakeFirstOrThrow();
    // Two studies of the reader's practices (the worklist room): one to lock over and over, one to abandon.
    const [study, abandoned] = await database.db
      .selectFrom('sleep_studies as s')
      .innerJoin('patients as p', 'p.patient_id', 's.patient_id')
      .innerJoin('user_practices as up', 'up.practice_id', 'p.practice_id')
      .select('s.study_id')
      .where('up.user_id', '=', reader.user_id)
      .orderBy('s.study_id')
      .limit(2)
      .execute();
    await database.close();
    if (!study || !abandoned) throw new Error('the seed has no two sleep studies in the reader’s practices');
    const env = { DATABASE_URL: postgres.url };

    // 1. One process.
    const single = await startReplica(env);
    replicas.push(single);
    const signed = async (username: string) =>
      (await single.ask<{ who: Signed }>({ type: 'signIn', username })).who;
    // The locker and the room (role 16, same practice) and the crowd (role 8, another practice: no broadcast).
    const locking = await signed('interpreting@demo.test');
    const watching = await signed('role16@demo.test');
    const crowd = await signed('role8@demo.test');
    const [locker] = await connectTabs(single.origin, locking, 1, sockets);
    const room = await connectTabs(single.origin, watching, ROOM, sockets);
    await deliveries(locker as Socket, locking, study.study_id, [room]); // warm-up, not measured
    const before = (await single.ask<{ heapUsed: number }>({ type: 'heap' })).heapUsed;
    const started = performance.now();
    crowds.push(await startCrowd(single.origin, crowd, SOCKETS - ROOM - 1));
    figures['connect sockets'] = `${SOCKETS} in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    const after = (await single.ask<{ heapUsed: number }>({ type: 'heap' })).heapUsed;
    const [same] = await deliveries(locker as Socket, locking, study.study_id, [room]);
    figures[`delivery to ${ROOM} p50/p99 (${SOCKETS} conn.)`] = `${p50p99(same ?? [])} (goal p99 ≤ 10 ms)`;
    const perSocket = (after - before) / (SOCKETS - ROOM - 1) / 1024;
    figures['server heap per socket'] = `${perSocket.toFixed(1)} KiB (goal ≤ 12 KiB)`;
    for (const socket of sockets.splice(0)) socket.disconnect();
    await Promise.all(crowds.splice(0).map((stop) => stop()));
    await single.stop();
    replicas.splice(0);

    // 2. Two processes through Redis: rooms on both; the locker on the first.
    const pair = await Promise.all([0, 1].map(() => startReplica({ ...env, REDIS_URL: redis.url })));
    replicas.push(...pair);
    const [a, b] = pair as [Replica, Replica];
    const ask = async (username: string) => (await a.ask<{ who: Signed }>({ type: 'signIn', username })).who;
    const [locking2, watching2, crowd2] = [
      await ask('interpreting@demo.test'),
      await ask('role16@demo.test'),
      await ask('role8@demo.test'),
    ];
    const [locker2] = await connectTabs(a.origin, locking2, 1, sockets);
    const roomA = await connectTabs(a.origin, watching2, ROOM, sockets);
    const roomB = await connectTabs(b.origin, watching2, ROOM, sockets);
    const half = Math.floor((SOCKETS - 2 * ROOM - 1) / 2);
    crowds.push(
      ...(await Promise.all([
        startCrowd(a.origin, crowd2, half),
        startCrowd(b.origin, crowd2, SOCKETS - 2 * ROOM - 1 - half),
      ])),
    );
    await deliveries(locker2 as Socket, locking2, study.study_id, [roomA, roomB]); // warm-up
    const [onA, onB] = await deliveries(locker2 as Socket, locking2, study.study_id, [roomA, roomB]);
    const sameP99 = quantile(onA ?? [], 0.99);
    const crossP99 = quantile(onB ?? [], 0.99);
    figures['2 processes: same-process p50/p99'] = p50p99(onA ?? []);
    figures['2 processes: cross-process p50/p99'] = p50p99(onB ?? []);
    figures['cross-process p99 / same-process p99'] = `${(crossP99 / sameP99).toFixed(2)}× (goal ≤ 2×)`;

    // 3. Lease expiry after the holder's process is killed.
    const holder = spawn(process.execPath, ['--import', 'tsx', here('./sleep-hub-holder.ts')], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        ORIGIN: a.origin,
        WHO: JSON.stringify(locking2),
        TEST_ID: String(abandoned.study_id),
      },
    });
    const said = await new Promise<string>((resolve) =>
      holder.stdout?.once('data', (d: Buffer) => resolve(String(d))),
    );
    if (!said.startsWith('held')) throw new Error(`the holder did not take the lock: ${said}`);
    const [waiter] = roomB;
    holder.kill('SIGKILL');
    const killed = performance.now();
    const take = { testId: abandoned.study_id, userId: watching2.user.user_id, userName: '' };
    for (;;) {
      if ((await ack(waiter as Socket, HUB_EVENTS.sleepLock, take)).ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    figures['lease expiry after SIGKILL'] =
      `${((performance.now() - killed) / 1000).toFixed(1)} s (lease 30 s, renewed every 10 s)`;
  } finally {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(crowds.map((stop) => stop()));
    await Promise.all(replicas.map((replica) => replica.stop()));
    await redis.stop();
    postgres.stop();
  }
  figures['load average (end)'] = loadavg();
  return figures;
}
