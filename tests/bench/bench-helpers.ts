import { spawn } from 'node:child_process';
import http from 'node:http';
import { resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createApp } from '@rpm/bff/app';
import { SESSION_COOKIE } from '@rpm/bff/auth/session-cookie';
import type { Clock } from '@rpm/bff/clock';
import { loadConfig } from '@rpm/bff/config';
import type { Db } from '@rpm/bff/db/schema';
import { signIn } from '@rpm/bff/test-app';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { startBenchPostgres } from './billing-postgres.js';

/** What each benchmark answers: label → figure, printed by run.ts. */
export type Figures = Record<string, string>;

/** Issue 45 §4: what the product adds to a call's p50 over a bare Fastify route running the same queries. */
export const OVERHEAD_GOAL_MS = 0.5;
/** Issue 45 §4: a PostgreSQL list query's p95 within this many times its own p50 in the same run. */
export const SPREAD_GOAL = 2;
export const ms = (value: number, digits = 1) => `${value.toFixed(digits)} ms`;

/** Samples the RSS every 5 ms while `work` runs: the RSS before, and the peak during it. */
export async function withRss<T>(
  work: () => Promise<T>,
): Promise<{ result: T; before: number; peak: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, before, peak };
  } finally {
    clearInterval(timer);
  }
}

/** Bytes as whole MiB. */
export const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/**
 * The q-quantile by nearest rank: the smallest value with at least q of the values at or below it. (Index
 * floor(q·n) was one rank high: the 'p95' of 20 times was their maximum.)
 */
export const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};

/** 'p50/p95' of the times, in ms. */
export const p50p95 = (times: readonly number[]) =>
  `${quantile(times, 0.5).toFixed(1)}/${quantile(times, 0.95).toFixed(1)}`;

/**
 * GET over loopback with node:http, announcing the encodings a browser announces and decoding the answer in one
 * step as a browser's network stack does (Node's fetch decodes through streams, which costs the client more than
 * the server spends on the whole answer).
 */
export function httpGet(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      url,
      { agent, headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text =
            encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text.toString('utf8')) });
        });
      },
    );
    req.on('error', reject);
  });
}

/** The app listening on loopback, signed in as one demo user, beside a bare Fastify server (the HTTP floor). */
export interface BenchServer {
  readonly app: FastifyInstance;
  readonly base: string;
  /** One keep-alive connection, as a browser tab keeps to its server. */
  readonly agent: http.Agent;
  /**
   * The floor of any HTTP answer on this machine: a bare Fastify server (no plugins, no session check, no
   * validation, no compression) whose one route runs `floor.run` and sends its answer as JSON.
   */
  readonly floor: { readonly base: string; run: () => Promise<unknown> };
  readonly headers: Record<string, string>;
  readonly userId: number;
  /** The user's credentials as requireSession reads them from the headers and the cookie. */
  readonly creds: { readonly uid: number; readonly token: string; readonly cookieSecret: string };
  close(): Promise<void>;
}

/** Starts the app over `db` and signs `username` in. */
export async function startBenchServer(db: Db, username: string, clock?: Clock): Promise<BenchServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    CLIENT_DIST: './none',
    // Measured as production answers: serialised by the compiled serialisers, not checked (http/answer-serializer.ts).
    VALIDATE_ANSWERS: process.env.VALIDATE_ANSWERS ?? '0',
  });
  // No escalation passes beside the measured calls (jobs/alert-escalation.ts).
  const app = await createApp({ config, db, escalationIntervalMs: 0, ...(clock ? { clock } : {}) });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const user = await signIn(app, username);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const bare = Fastify();
  const floor = { base: '', run: async (): Promise<unknown> => ({}) };
  bare.get('/floor', async (_req, reply) =>
    reply.type('application/json').send(JSON.stringify(await floor.run())),
  );
  floor.base = await bare.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    base,
    agent,
    floor,
    headers: user.headers,
    userId: user.user.user_id,
    creds: {
      uid: user.user.user_id,
      token: user.user.token,
      cookieSecret: decodeURIComponent(user.headers.cookie?.slice(`${SESSION_COOKIE}=`.length) ?? ''),
    },
    async close() {
      agent.destroy();
      await bare.close();
      await app.close();
    },
  };
}

/**
 * Moves exactly `sizes` of the month's listed patients (rpm_listed in patient_month_summary) into new practices of
 * the first organisation, one practice per size (through the patients table; the summary follows by its trigger),
 * so a report or export is measured at an exact size. Answers the practice id per size.
 */
export async function benchPractices(
  db: Db,
  month: string,
  sizes: readonly number[],
): Promise<Map<number, number>> {
  const organization = await db
    .selectFrom('organizations')
    .select('organization_id')
    .orderBy('organization_id')
    .executeTakeFirstOrThrow();
  const patients = await db
    .selectFrom('patient_month_summary')
    .select('patient_id')
    .where('month', '=', sql<Date>`${`${month}-01`}::date`)
    .where('rpm_listed', '=', true)
    .orderBy('patient_id')
    .execute();
  const result = new Map<number, number>();
  let next = 0;
  for (const size of sizes) {
    const practice = await db
      .insertInto('practices')
      .values({ organization_id: organization.organization_id, practice_name: `Bench Practice ${size}` })
      .returning('practice_id')
      .executeTakeFirstOrThrow();
    const location = await db
      .insertInto('locations')
      .values({ practice_id: practice.practice_id, location_name: `Bench Practice ${size} - Main` })
      .returning('location_id')
      .executeTakeFirstOrThrow();
    const ids = patients.slice(next, next + size).map((row) => row.patient_id);
    if (ids.length < size) throw new Error(`only ${patients.length} patients were listed in ${month}`);
    next += size;
    await db
      .updateTable('patients')
      .set({
        organization_id: organization.organization_id,
        practice_id: practice.practice_id,
        location_id: location.location_id,
      })
      .where('patient_id', 'in', ids)
      .execute();
    result.set(size, practice.practice_id);
  }
  return result;
}

/** A fixture of one engine: measured, then closed. */
export interface EngineFixture {
  close(): Promise<void>;
}

/**
 * Runs a benchmark on PGlite, then on a throwaway PostgreSQL (billing-postgres.ts; skipped, with the reason, when
 * its binaries are missing): opens each engine's fixture (timed, as 'seed 10,000 patients'), measures, closes.
 */
export async function onEachEngine<F extends EngineFixture>(
  open: (engine: 'pglite' | 'postgres', url: string | undefined) => Promise<F>,
  measures: readonly ((fixture: F) => Promise<Figures>)[],
): Promise<Figures> {
  const figures: Figures = {};
  const postgres = await startBenchPostgres();
  try {
    // BENCH_ENGINES=pglite (or postgres) measures one engine, for quicker runs while working on one.
    const only = process.env.BENCH_ENGINES?.split(',');
    for (const engine of ['pglite', 'postgres'] as const) {
      if (only && !only.includes(engine)) continue;
      let url: string | undefined;
      if (engine === 'postgres') {
        if ('missing' in postgres) {
          figures.postgres = `skipped: ${postgres.missing}`;
          continue;
        }
        url = postgres.url;
        figures['postgres server'] = postgres.version;
      }
      const started = performance.now();
      const fixture = await open(engine, url);
      figures[`${engine} seed 10,000 patients`] = `${((performance.now() - started) / 1000).toFixed(1)} s`;
      try {
        for (const measure of measures) Object.assign(figures, await measure(fixture));
      } finally {
        await fixture.close();
      }
    }
  } finally {
    if ('stop' in postgres) postgres.stop();
  }
  return figures;
}

/**
 * Runs a benchmark's child process from the repository's root and answers the JSON line it prints starting with
 * `{"engine"`, or 'not run: …' with its last error line.
 */
export function childFigures<T>(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<T | string> {
  const root = resolve(import.meta.dirname, '../..');
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{"engine"'));
      done(
        code === 0 && line ? (JSON.parse(line) as T) : `not run: ${err.trim().split('\n').at(-1) ?? code}`,
      );
    });
  });
}
