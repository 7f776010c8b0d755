import { Worker } from 'node:worker_threads';
import { createApp } from '@rpm/bff/app';
import { loadConfig } from '@rpm/bff/config';
import { DEMO_DEVICE_KEY } from '@rpm/bff/db/seed/index';
import { testDatabase } from '@rpm/bff/db/test-database';
import { solvedCaptcha } from '@rpm/bff/test-app';
import { childFigures, quantile } from './bench-helpers.js';
import { nurseGlucometers } from './ingest-fixture.js';
import type { LoadInput, LoadResult } from './ingest-load.js';

/**
 * Reading intake under load (issue 5 "Benchmarks"): POST /api/ingest/readings at RATE readings a second for
 * SECONDS seconds (open loop: a request leaves when due, whether or not the earlier ones were answered), over
 * real HTTP on loopback, with a nurse's socket.io client connected. Every tenth reading passes a critical bound
 * and alerts the nurse; every twentieth request is a retry of an earlier one. Reported: throughput, answer
 * times, the delay from the intake's answer to the alert reaching the socket (p50/p99; negative when the push
 * arrives first), and readings lost or doubled (readings in the database against distinct measurements sent).
 * A warm-up of WARMUP_SECONDS at the same rate comes first and is not measured. The load runs in a worker
 * thread; the server on PGlite in this process, then on a throwaway PostgreSQL (scripts/with-postgres.mjs) in a
 * child process.
 */

const RATE = Number(process.env.INGEST_BENCH_RATE ?? 200);
const SECONDS = Number(process.env.INGEST_BENCH_SECONDS ?? 30);
/** Unmeasured load first: a server is measured warm (JIT, PGlite's memory grown), as it runs in practice. */
const WARMUP_SECONDS = Number(process.env.INGEST_BENCH_WARMUP_SECONDS ?? 5);
/** Glucometers (one vital each), so one request is one reading. */
const DEVICES = 40;

interface Figures {
  readonly engine: string;
  readonly sent: number;
  readonly distinct: number;
  readonly answered: number;
  readonly failed: number;
  readonly seconds: number;
  readonly answerP50: number;
  readonly answerP99: number;
  readonly alerts: number;
  readonly pushes: number;
  readonly pushAfterAnswerP50: number;
  readonly pushAfterAnswerP99: number;
  readonly pushAfterSendP99: number;
  readonly stored: number;
}

async function run(engine: 'pglite' | 'postgres'): Promise<Figures> {
  const { db, close } = await testDatabase({ seedPatients: 20 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    CLIENT_DIST: './none',
  });
  const app = await createApp({ config, db, missedReadingsIntervalMs: 0 });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    // The nurse's patients, each with a glucometer and a rule (ingest-fixture.ts).
    const devices = await nurseGlucometers(db, DEVICES);

    // The nurse's browser signs in; the load and the nurse's socket run in a worker thread, so the generator does
    // not share the server's event loop (devices and browsers are other machines).
    const login = await fetch(`${base}/api/rpm/auth/loginWithCaptcha`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'role8@demo.test',
        password: 'Demo-pass-2026!',
        captchaToken: await solvedCaptcha(app),
      }),
    });
    const user = ((await login.json()) as { user: { user_id: number; token: string } }).user;
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const input: LoadInput = {
      base,
      key: DEMO_DEVICE_KEY,
      user,
      cookie,
      rate: RATE,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      start: Date.now() - 20 * 86_400_000,
      devices: devices.map((d) => ({ patient: d.patient, imei: d.imei })),
    };
    const worker = new Worker(new URL('./ingest-load-worker.mjs', import.meta.url), {
      workerData: input,
    });
    const load = await new Promise<LoadResult>((ok, fail) => {
      worker.once('message', ok);
      worker.once('error', fail);
    });
    await worker.terminate();
    const stored = await db
      .selectFrom('readings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        'device_assign_id',
        'in',
        devices.map((d) => d.deviceAssignId),
      )
      .where('taken_at', '>=', new Date(input.start))
      .executeTakeFirstOrThrow();
    return {
      engine,
      sent: load.sent,
      distinct: load.distinct,
      answered: load.answerTimes.length - load.failed,
      failed: load.failed,
      seconds: load.seconds,
      answerP50: quantile(load.answerTimes, 0.5),
      answerP99: quantile(load.answerTimes, 0.99),
      alerts: load.alerts,
      pushes: load.afterAnswer.length,
      pushAfterAnswerP50: quantile(load.afterAnswer, 0.5),
      pushAfterAnswerP99: quantile(load.afterAnswer, 0.99),
      pushAfterSendP99: quantile(load.afterSend, 0.99),
      stored: Number(stored.n),
    };
  } finally {
    await app.close();
    await close();
  }
}

function report(f: Figures): Record<string, string> {
  const label = f.engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  return {
    [`${label}: requests sent / answered`]: `${f.sent} / ${f.answered} (${f.failed} failed) in ${f.seconds.toFixed(1)} s`,
    [`${label}: throughput`]: `${(f.answered / f.seconds).toFixed(0)} readings/s (target ${RATE})`,
    [`${label}: answer p50 / p99`]: `${ms(f.answerP50)} / ${ms(f.answerP99)}`,
    [`${label}: alerts / pushes received`]: `${f.alerts} / ${f.pushes}`,
    [`${label}: answer → socket alert p50 / p99`]: `${ms(f.pushAfterAnswerP50)} / ${ms(f.pushAfterAnswerP99)}`,
    [`${label}: send → socket alert p99`]: ms(f.pushAfterSendP99),
    [`${label}: readings lost / doubled`]: `${Math.max(0, f.distinct - f.stored)} / ${Math.max(0, f.stored - f.distinct)} (${f.stored} stored of ${f.distinct} distinct)`,
  };
}

/** PostgreSQL in a child process under scripts/with-postgres.mjs (a throwaway cluster). */
function runOnPostgres(): Promise<Figures | string> {
  return childFigures<Figures>([
    'scripts/with-postgres.mjs',
    process.execPath,
    '--import',
    'tsx',
    'tests/bench/ingest.ts',
    '--child',
  ]);
}

/** The benchmark on both engines. */
export async function ingestBenchmark(): Promise<Record<string, string>> {
  const url = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  let pglite: Figures;
  try {
    pglite = await run('pglite');
  } finally {
    if (url !== undefined) process.env.DATABASE_URL = url;
  }
  const postgres = await runOnPostgres();
  return {
    ...report(pglite),
    ...(typeof postgres === 'string' ? { PostgreSQL: postgres } : report(postgres)),
  };
}

if (process.argv.includes('--child')) {
  const figures = await run('postgres');
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
