// Over 300 lines: the billing report bench on both engines, with its seeding and its figures beside their goals.
import type http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { requireSession } from '@rpm/bff/auth/sessions';
import { billingDetails } from '@rpm/bff/billing/details';
import { systemClock } from '@rpm/bff/clock';
import { openDatabase } from '@rpm/bff/db/connect';
import { migrate } from '@rpm/bff/db/migrate';
import type { Db } from '@rpm/bff/db/schema';
import { seedDemo } from '@rpm/bff/db/seed/seed-demo';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  benchPractices,
  type Figures,
  httpGet,
  ms,
  OVERHEAD_GOAL_MS,
  onEachEngine,
  quantile,
  startBenchServer,
} from './bench-helpers.js';

/** 10,000 patients with 30 days of readings and logged minutes: November 2026 seeded in full. */
const PATIENTS = 10_000;
const TODAY = new Date('2026-12-01T12:00:00Z');
/** November (the 30 days before TODAY) and the current month; the seed's default six months take far longer. */
const HISTORY_MONTHS = 2;
const MONTH = { month: '11', year: '2026' };
const ROUNDS = 60;
const SORT_KEYS = ['patient_id', 'patient_name', 'assigned_date'] as const;
const ORDERS = ['asc', 'desc'] as const;
const PAGE_SIZES = [10, 25, 50, 100] as const;
/** Downloads per PDF size; the median is reported (a 1,000-row render varies by ±20% run to run here). */
const PDF_RUNS = 5;
/** Practices the bench fills with exactly this many of November's patients (the PDF sizes of the issue). */
const BENCH_PRACTICES = [5000, 1000] as const;

interface Fixture {
  readonly engine: 'pglite' | 'postgres';
  readonly db: Db;
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
  readonly who: { readonly userId: number; readonly roleid: readonly number[] };
  /** The biller's credentials as requireSession reads them from the headers and the cookie. */
  readonly creds: { readonly uid: number; readonly token: string; readonly cookieSecret: string };
  /** practice id per bench size. */
  readonly practices: ReadonlyMap<number, number>;
  close(): Promise<void>;
}

/**
 * `npm run bench`: the billing report on PGlite and on PostgreSQL with 10,000 seeded patients: a page at each
 * sort key, order and page size (p50/p95), pages deep in the list, the HTTP call beside the same queries run
 * directly (the report's queries alone, and with the session check every call runs first; interleaved, one run)
 * and behind a bare Fastify route (what any HTTP answer costs on this machine), and the PDF of 1,000 and 5,000 rows with the server's event-loop delay.
 * Targets (issue 4): page p95 ≤ 10 ms PGlite / 5 ms PostgreSQL; deep pages ≤ 30 ms; HTTP within 1.3x of direct;
 * PDF 1,000 rows ≤ 0.8 s, 5,000 ≤ 3.5 s, ratio ≤ 5.5x; event-loop delay p99 < 50 ms.
 */
export async function billingReport(): Promise<Figures> {
  return onEachEngine(openFixture, [measurePages, measurePdf]);
}

async function openFixture(engine: 'pglite' | 'postgres', url: string | undefined): Promise<Fixture> {
  const database = await openDatabase(url ? { databaseUrl: url, poolSize: 10 } : { dataDir: 'memory://' });
  const { db } = database;
  await migrate(db);
  await seedDemo(db, { patients: PATIENTS, today: TODAY, historyMonths: HISTORY_MONTHS });
  const practices = await benchPractices(db, '2026-11', BENCH_PRACTICES);
  await sql`vacuum analyze`.execute(db);
  // Role 1 spans every organisation (role 10 only its own, issue 11 #5); the bench reads practices of both.
  const server = await startBenchServer(db, 'role1@demo.test');
  return {
    engine,
    db,
    app: server.app,
    base: server.base,
    agent: server.agent,
    floor: server.floor,
    headers: server.headers,
    who: { userId: server.userId, roleid: [1] },
    creds: server.creds,
    practices,
    async close() {
      await server.close();
      await database.close();
    },
  };
}

interface PageCase {
  readonly headers: Record<string, string>;
  readonly query: {
    orderby: (typeof SORT_KEYS)[number];
    order: 'asc' | 'desc';
    page: number;
    rowsPerPage: number;
  };
}

interface CaseTimes {
  readonly http: number[];
  readonly inject: number[];
  readonly direct: number[];
  /** The call's own queries run directly: the session check, then the report's queries. */
  readonly call: number[];
  /** The report's queries behind the bare Fastify route (Fixture.floor) over the same kind of connection. */
  readonly floor: number[];
  readonly rows: number;
}

/**
 * One case measured ROUNDS times five ways, interleaved in rotating order: over HTTP on loopback, through Fastify
 * without a socket (app.inject: session check, validation and serialisation, no network), the handler's own
 * queries called directly (billingDetails), the call's queries directly (the session check, then billingDetails),
 * and the handler's queries behind the bare Fastify route (the floor any HTTP answer pays on this machine).
 */
async function measureCase(f: Fixture, c: PageCase): Promise<CaseTimes> {
  const path = `/api/rpm/billing/getBillingDetails?${new URLSearchParams(
    Object.entries(c.query).map(([k, v]) => [k, String(v)]),
  )}`;
  const headers = { ...f.headers, ...c.headers };
  const viaHttp = async () => {
    const started = performance.now();
    const res = await httpGet(f.agent, `${f.base}${path}`, headers);
    const time = performance.now() - started;
    const body = res.body as { data?: unknown[]; message?: string };
    if (res.status !== 200 || !body.data)
      throw new Error(`getBillingDetails failed: ${res.status} ${body.message}`);
    return { time, rows: body.data.length };
  };
  const inject = async () => {
    const started = performance.now();
    const res = await f.app.inject({ method: 'GET', url: path, headers });
    const body = res.json() as { data?: unknown[] };
    const time = performance.now() - started;
    if (res.statusCode !== 200 || !body.data) throw new Error(`getBillingDetails failed: ${res.statusCode}`);
    return { time, rows: body.data.length };
  };
  const report = () =>
    billingDetails(
      f.db,
      f.who,
      { month: Number(c.headers.month), year: Number(c.headers.year), practice: c.headers.practice },
      c.query,
      new Date(),
    );
  const direct = async () => {
    const started = performance.now();
    const body = await report();
    return { time: performance.now() - started, rows: body.data.length };
  };
  const call = async () => {
    const started = performance.now();
    await requireSession(f.db, systemClock, f.creds, 'billing-report');
    const body = await report();
    return { time: performance.now() - started, rows: body.data.length };
  };
  const viaFloor = async () => {
    f.floor.run = report;
    const started = performance.now();
    const res = await httpGet(f.agent, `${f.floor.base}/floor`, {});
    const time = performance.now() - started;
    return { time, rows: (res.body as { data: unknown[] }).data.length };
  };
  const ways = [
    { run: viaHttp, times: [] as number[] },
    { run: inject, times: [] as number[] },
    { run: direct, times: [] as number[] },
    { run: call, times: [] as number[] },
    { run: viaFloor, times: [] as number[] },
  ];
  for (let i = 0; i < 3; i++) for (const way of ways) await way.run();
  let rows = 0;
  for (let i = 0; i < ROUNDS; i++) {
    for (let k = 0; k < ways.length; k++) {
      const way = ways[(i + k) % ways.length] as (typeof ways)[number];
      const result = await way.run();
      way.times.push(result.time);
      rows = result.rows;
    }
  }
  const [h, i, d, q, b] = ways.map((way) => way.times);
  return { http: h ?? [], inject: i ?? [], direct: d ?? [], call: q ?? [], floor: b ?? [], rows };
}

async function measurePages(f: Fixture): Promise<Figures> {
  const figures: Figures = {};
  const practice = f.practices.get(5000) as number;
  const headers = { ...MONTH, practice: String(practice) };
  const ratios: number[] = [];
  const callRatios: number[] = [];
  const injectRatios: number[] = [];
  const floorRatios: number[] = [];
  const overFloor: number[] = [];
  const p = (times: number[]) => `${quantile(times, 0.5).toFixed(1)}/${quantile(times, 0.95).toFixed(1)}`;
  const line = (label: string, r: CaseTimes) => {
    figures[`${f.engine} ${label}`] =
      `p50/p95 ms: direct ${p(r.direct)} · +session ${p(r.call)} · inject ${p(r.inject)} · http ${p(r.http)} · bare http ${p(r.floor)}`;
    ratios.push(quantile(r.http, 0.5) / quantile(r.direct, 0.5));
    callRatios.push(quantile(r.http, 0.5) / quantile(r.call, 0.5));
    injectRatios.push(quantile(r.inject, 0.5) / quantile(r.direct, 0.5));
    floorRatios.push(quantile(r.floor, 0.5) / quantile(r.direct, 0.5));
    overFloor.push(quantile(r.http, 0.5) - quantile(r.floor, 0.5));
  };
  // Warm up the JIT, the connection pool and the caches after the seed before anything is recorded.
  for (const orderby of SORT_KEYS)
    await measureCase(f, { headers, query: { orderby, order: 'asc', page: 3, rowsPerPage: 50 } });
  const first: CaseTimes[] = [];
  for (const orderby of SORT_KEYS)
    for (const order of ORDERS)
      for (const rowsPerPage of PAGE_SIZES) {
        const r = await measureCase(f, { headers, query: { orderby, order, page: 0, rowsPerPage } });
        if (r.rows !== rowsPerPage) throw new Error(`expected ${rowsPerPage} rows, got ${r.rows}`);
        first.push(r);
        line(`page 0 ${orderby} ${order} ${rowsPerPage}`, r);
      }
  const deep: CaseTimes[] = [];
  for (const orderby of SORT_KEYS)
    for (const order of ORDERS)
      for (const [rowsPerPage, page] of [
        [10, 499],
        [100, 49],
        [25, 100],
      ] as const) {
        const r = await measureCase(f, { headers, query: { orderby, order, page, rowsPerPage } });
        deep.push(r);
        line(`page ${page} of ${5000 / rowsPerPage} ${orderby} ${order} ${rowsPerPage}`, r);
      }
  // Every practice at once (lowest role 10 without a practice selected): the month's ~8,400 rows.
  for (const page of [0, 330]) {
    const r = await measureCase(f, {
      headers: MONTH,
      query: { orderby: 'patient_name', order: 'asc', page, rowsPerPage: 25 },
    });
    line(`all practices page ${page} patient_name asc 25`, r);
  }
  Object.assign(figures, await perCallCosts(f));
  const maxP95 = (list: CaseTimes[], key: 'http' | 'inject' | 'direct' | 'call' | 'floor') =>
    Math.max(...list.map((r) => quantile(r[key], 0.95)));
  const worst = (list: CaseTimes[]) =>
    `direct ${ms(maxP95(list, 'direct'))} · +session ${ms(maxP95(list, 'call'))} · inject ${ms(maxP95(list, 'inject'))} · http ${ms(maxP95(list, 'http'))}`;
  const target = f.engine === 'pglite' ? 10 : 5;
  figures[`${f.engine} SUMMARY first pages, worst p95`] = `${worst(first)} (target ≤ ${target} ms)`;
  figures[`${f.engine} SUMMARY deep pages, worst p95`] = `${worst(deep)} (target ≤ 30 ms)`;
  figures[`${f.engine} SUMMARY http/direct p50`] =
    `median ${quantile(ratios, 0.5).toFixed(2)}x · max ${Math.max(...ratios).toFixed(2)}x (target ≤ 1.3x)`;
  figures[`${f.engine} SUMMARY http/(session+direct) p50`] =
    `median ${quantile(callRatios, 0.5).toFixed(2)}x · max ${Math.max(...callRatios).toFixed(2)}x`;
  figures[`${f.engine} SUMMARY inject/direct p50`] =
    `median ${quantile(injectRatios, 0.5).toFixed(2)}x · max ${Math.max(...injectRatios).toFixed(2)}x`;
  figures[`${f.engine} SUMMARY bare http/direct p50`] =
    `median ${quantile(floorRatios, 0.5).toFixed(2)}x · min ${Math.min(...floorRatios).toFixed(2)}x (the floor: no session, validation or compression)`;
  // Issue 45 §4 (was issue 17 goal 3): what the product adds to a call beyond the bare route running the same queries.
  figures[`${f.engine} SUMMARY http − bare http p50`] =
    `median ${ms(quantile(overFloor, 0.5), 2)} · max ${ms(Math.max(...overFloor), 2)} (goal ≤ ${OVERHEAD_GOAL_MS} ms)`;
  return figures;
}

/**
 * What every call pays besides its own queries, p50 over 300 rounds: the HTTP round trip (GET /api/isAlive over the
 * same keep-alive connection, less its one `select 1` run directly) and the session check run directly.
 */
async function perCallCosts(f: Fixture): Promise<Figures> {
  const times = { alive: [] as number[], select: [] as number[], session: [] as number[] };
  for (let i = 0; i < 300; i++) {
    let started = performance.now();
    const res = await httpGet(f.agent, `${f.base}/api/isAlive`, {});
    times.alive.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`isAlive failed: ${res.status}`);
    started = performance.now();
    await sql`select 1`.execute(f.db);
    times.select.push(performance.now() - started);
    started = performance.now();
    await requireSession(f.db, systemClock, f.creds, 'billing-report');
    times.session.push(performance.now() - started);
  }
  const p50 = (values: number[]) => quantile(values.slice(50), 0.5);
  return {
    [`${f.engine} per-call costs p50`]:
      `HTTP round trip ${ms(p50(times.alive) - p50(times.select), 2)} (isAlive ${ms(p50(times.alive), 2)} less its select 1) · ` +
      `session check ${ms(p50(times.session), 2)}`,
  };
}

async function measurePdf(f: Fixture): Promise<Figures> {
  const figures: Figures = {};
  const medians = new Map<number, number>();
  const download = async (practice: number) => {
    const res = await fetch(`${f.base}/api/rpm/billing/generateBillingReport`, {
      headers: { ...f.headers, ...MONTH, practice: String(practice) },
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (!res.ok || res.headers.get('content-type') !== 'application/pdf')
      throw new Error(`PDF failed: ${res.status}`);
    return bytes.length;
  };
  // The pool starts its worker on first use: one render first, as a running server would have done already.
  await download(f.practices.get(1000) as number);
  for (const size of [...BENCH_PRACTICES].reverse()) {
    const practice = f.practices.get(size) as number;
    const times: number[] = [];
    const p99s: number[] = [];
    const maxes: number[] = [];
    let bytes = 0;
    for (let i = 0; i < PDF_RUNS; i++) {
      const histogram = monitorEventLoopDelay({ resolution: 5 });
      histogram.enable();
      const started = performance.now();
      bytes = await download(practice);
      times.push(performance.now() - started);
      histogram.disable();
      p99s.push(histogram.percentile(99) / 1e6);
      maxes.push(histogram.max / 1e6);
    }
    medians.set(size, quantile(times, 0.5));
    figures[`${f.engine} PDF ${size.toLocaleString('en-US')} rows`] =
      `median ${(quantile(times, 0.5) / 1000).toFixed(2)} s (runs ${times.map((t) => (t / 1000).toFixed(2)).join(', ')}), ` +
      `${(bytes / 1024).toFixed(0)} KiB`;
    figures[`${f.engine} PDF ${size.toLocaleString('en-US')} event-loop delay`] =
      `p99 ${ms(Math.max(...p99s))} · max ${ms(Math.max(...maxes))} (target p99 < 50 ms)`;
  }
  const ratio = (medians.get(5000) ?? Number.NaN) / (medians.get(1000) ?? Number.NaN);
  figures[`${f.engine} PDF 5,000 / 1,000`] = `${ratio.toFixed(2)}x (targets ≤ 0.8 s, ≤ 3.5 s, ≤ 5.5x)`;
  return figures;
}
