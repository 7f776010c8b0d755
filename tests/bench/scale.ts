// Over 300 lines: issue 45 §2, every hot call at two sizes on each engine, with the seed's cost and the ratios.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SimulatedClock } from '@rpm/bff/clock';
import { openDatabase } from '@rpm/bff/db/connect';
import { vacuumAnalyze } from '@rpm/bff/db/maintenance';
import { migrate } from '@rpm/bff/db/migrate';
import type { Db } from '@rpm/bff/db/schema';
import { seedDemo } from '@rpm/bff/db/seed/seed-demo';
import { rollListState } from '@rpm/bff/patients/list-sql';
import {
  callUrl,
  ccmBillingList,
  getDashboardSummary,
  monitorList,
  patientsList,
  rpmBillingList,
  searchPatients,
} from '@rpm/shared';
import { sql } from 'kysely';
import {
  type BenchServer,
  type Figures,
  httpGet,
  mib,
  ms,
  quantile,
  startBenchServer,
  withRss,
} from './bench-helpers.js';
import { startBenchPostgres } from './billing-postgres.js';

/**
 * Issue 45 §1-2: the seed at 10,000 and 100,000 patients (200 practices), this month's and last month's readings;
 * each call's p50/p95 at both sizes in one run, and the ratio of the p50s. Goal: 100k p50 ≤ 1.5× 10k p50.
 * BENCH_ENGINES=postgres (or pglite) measures one engine; BENCH_SCALE_SIZES=2000,20000 other sizes.
 */
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,100000').split(',').map(Number);
/** Three weeks into November: this month's figures part-way, last month's whole (billing reports default to it). */
const NOW = new Date('2026-11-21T12:00:00Z');
/** Months of readings and minutes: this one and the last (issue 45 §1). */
const HISTORY_MONTHS = 2;
/** Rounds per call and size, interleaved; a p95 is the second-slowest of 40. */
const ROUNDS = 40;
const GOAL = 1.5;
/** Page 200 of 10 rows: offset 1,990, inside the smaller size's lists. */
const DEEP_PAGE = 199;

type Engine = 'pglite' | 'postgres';

/** Who calls: the top administrator sees the whole network; the demo nurse her practice, as most users do. */
type Viewer = 'admin' | 'nurse';
const VIEWERS: Record<Viewer, { username: string; label: string }> = {
  admin: { username: 'role1@demo.test', label: 'network (role 1)' },
  nurse: { username: 'role8@demo.test', label: 'practice nurse (role 8)' },
};

/** A call measured: its URL from the viewer's targets, and what a good answer holds. */
interface Case {
  readonly viewer: Viewer;
  readonly label: string;
  readonly url: (t: Targets) => string;
  /** FHIR searches answer a Bundle; the rest the product's envelope. */
  readonly fhir?: boolean;
}

/** What the calls name, read from the seeded data of each size and the viewer's scope. */
interface Targets {
  readonly base: string;
  /** A patient's whole name, as a front desk types it. */
  readonly name: string;
  readonly practiceId: number;
  readonly patientId: number;
}

const list = (name: string, query: Record<string, string>) => (t: Targets) =>
  `${t.base}/api/rpm/lists/${name}?${new URLSearchParams({ rowsPerPage: '10', ...query })}`;
const dashboard = (t: Targets) => `${t.base}${callUrl(getDashboardSummary)}`;
const search = (t: Targets) => `${t.base}${callUrl(searchPatients)}?q=${encodeURIComponent(t.name)}`;
const observations = (t: Targets) =>
  `${t.base}/fhir/R4/Observation?${new URLSearchParams({
    patient: String(t.patientId),
    category: 'vital-signs',
    date: `ge${new Date(NOW.getTime() - 90 * 86_400_000).toISOString().slice(0, 10)}`,
  })}`;

const CASES: readonly Case[] = [
  { viewer: 'admin', label: 'patients list, first page', url: list(patientsList.name, { page: '0' }) },
  {
    viewer: 'admin',
    label: 'patients list, deep page',
    url: list(patientsList.name, { page: String(DEEP_PAGE) }),
  },
  {
    viewer: 'admin',
    label: 'patients list, one practice',
    url: (t) => list(patientsList.name, { page: '0', practice: String(t.practiceId) })(t),
  },
  { viewer: 'admin', label: 'monitoring worklist, first page', url: list(monitorList.name, { page: '0' }) },
  { viewer: 'admin', label: 'monitoring worklist, deep page', url: list(monitorList.name, { page: '20' }) },
  { viewer: 'admin', label: 'dashboard', url: dashboard },
  {
    viewer: 'admin',
    label: 'dashboard, one practice',
    url: (t) => `${dashboard(t)}?practice=${t.practiceId}`,
  },
  { viewer: 'admin', label: 'header patient search', url: search },
  { viewer: 'admin', label: 'RPM billing report', url: list(rpmBillingList.name, { page: '0' }) },
  { viewer: 'admin', label: 'RPM billing report, deep page', url: list(rpmBillingList.name, { page: '49' }) },
  { viewer: 'admin', label: 'CCM billing report', url: list(ccmBillingList.name, { page: '0' }) },
  { viewer: 'admin', label: 'FHIR Observation search, 90 days', fhir: true, url: observations },
  { viewer: 'nurse', label: 'patients list, first page', url: list(patientsList.name, { page: '0' }) },
  { viewer: 'nurse', label: 'patients list, deep page', url: list(patientsList.name, { page: '49' }) },
  { viewer: 'nurse', label: 'monitoring worklist, first page', url: list(monitorList.name, { page: '0' }) },
  { viewer: 'nurse', label: 'dashboard', url: dashboard },
  { viewer: 'nurse', label: 'header patient search', url: search },
  { viewer: 'nurse', label: 'FHIR Observation search, 90 days', fhir: true, url: observations },
];

/** A case's name in the figures: who calls, and what. */
const caseName = (c: Case) => `${VIEWERS[c.viewer].label}: ${c.label}`;

interface SizeFigures {
  readonly times: Map<string, number[]>;
  readonly seedSeconds: number;
  readonly bytes: number;
  readonly csv: { seconds: number; lines: number; growth: number };
  /** PostgreSQL at the larger size: the slowest statements' plans, as auto_explain logged them. */
  readonly plans: string[];
}

/** `npm run bench -- scale`: see the constants above. */
export async function scaleBenchmark(): Promise<Figures> {
  const figures: Figures = {};
  const postgres = await startBenchPostgres();
  try {
    const only = process.env.BENCH_ENGINES?.split(',');
    for (const engine of ['postgres', 'pglite'] as const) {
      if (only && !only.includes(engine)) continue;
      if (engine === 'postgres' && 'missing' in postgres) {
        figures.postgres = `skipped: ${postgres.missing}`;
        continue;
      }
      const server = engine === 'postgres' && 'url' in postgres ? postgres : undefined;
      if (server) {
        figures['postgres server'] = server.version;
        await settings(server.url, {
          session_preload_libraries: 'auto_explain',
          'auto_explain.log_min_duration': '-1',
        });
      }
      const sizes: SizeFigures[] = [];
      for (const [i, size] of SIZES.entries())
        sizes.push(await measureSize(engine, server?.url, size, i === SIZES.length - 1 ? server : undefined));
      Object.assign(figures, report(engine, sizes));
    }
  } finally {
    if ('stop' in postgres) postgres.stop();
  }
  return figures;
}

const count = (n: number) => n.toLocaleString('en-US');

function report(engine: Engine, sizes: readonly SizeFigures[]): Figures {
  const figures: Figures = {};
  sizes.forEach((s, i) => {
    const size = count(SIZES[i] as number);
    figures[`${engine} seed ${size}`] = `${s.seedSeconds.toFixed(1)} s, database ${mib(s.bytes)}`;
    figures[`${engine} CSV ${size} patients`] =
      `${s.csv.seconds.toFixed(2)} s, ${count(s.csv.lines)} lines, ${count(Math.round(s.csv.lines / s.csv.seconds))} rows/s, RSS growth ${mib(s.csv.growth)}`;
  });
  const [small, large] = sizes;
  if (!small || !large) return figures;
  let missed = 0;
  for (const c of CASES) {
    const a = small.times.get(caseName(c)) ?? [];
    const b = large.times.get(caseName(c)) ?? [];
    const ratio = quantile(b, 0.5) / quantile(a, 0.5);
    if (ratio > GOAL) missed++;
    figures[`${engine} ${caseName(c)}`] =
      `p50/p95 ${ms(quantile(a, 0.5))}/${ms(quantile(a, 0.95))} → ${ms(quantile(b, 0.5))}/${ms(quantile(b, 0.95))}, ` +
      `${ratio.toFixed(2)}× (goal ≤ ${GOAL}×: ${ratio <= GOAL ? 'met' : 'MISSED'})`;
  }
  figures[`${engine} calls within ${GOAL}×`] = `${CASES.length - missed} of ${CASES.length}`;
  large.plans.forEach((plan, n) => {
    figures[`${engine} slow statement ${n + 1} at ${count(SIZES[1] as number)}`] = plan;
  });
  return figures;
}

/** A fresh database of `size` patients on the engine, its calls measured, then dropped. */
async function measureSize(
  engine: Engine,
  url: string | undefined,
  size: number,
  explain?: { readonly url: string; readonly log: string },
): Promise<SizeFigures> {
  // PGlite on disk: a 100,000-patient database does not fit the wasm heap.
  const dir = engine === 'pglite' ? mkdtempSync(join(tmpdir(), 'rpm-scale-')) : undefined;
  const database = await openDatabase(url ? { databaseUrl: url, poolSize: 10 } : { dataDir: dir });
  const { db } = database;
  const servers: Partial<Record<Viewer, BenchServer>> = {};
  try {
    await sql`drop schema if exists public cascade; create schema public`.execute(db);
    const started = performance.now();
    await migrate(db);
    await seedDemo(db, { patients: size, today: NOW, historyMonths: HISTORY_MONTHS });
    await rollListState(db, NOW.toISOString().slice(0, 7));
    await vacuumAnalyze(db);
    const seedSeconds = (performance.now() - started) / 1000;
    const bytes = Number(
      (await sql<{ n: string }>`select pg_database_size(current_database())::text as n`.execute(db)).rows[0]
        ?.n,
    );
    const targets: Partial<Record<Viewer, Targets>> = {};
    for (const viewer of Object.keys(VIEWERS) as Viewer[]) {
      const server = await startBenchServer(db, VIEWERS[viewer].username, new SimulatedClock(NOW));
      servers[viewer] = server;
      targets[viewer] = await targetsOf(db, server);
    }
    const times = await measureCalls(
      servers as Record<Viewer, BenchServer>,
      targets as Record<Viewer, Targets>,
    );
    const csv = await measureCsv(servers.admin as BenchServer);
    const plans = explain
      ? await slowPlans(explain, () =>
          measureCalls(servers as Record<Viewer, BenchServer>, targets as Record<Viewer, Targets>, 0),
        ).catch((err: unknown) => [`not read: ${String(err)}`])
      : [];
    return { times, seedSeconds, bytes, csv, plans };
  } finally {
    for (const server of Object.values(servers)) await server.close();
    await database.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/** The first patient with readings among those the viewer sees (the lowest practice of theirs), and that practice. */
async function targetsOf(db: Db, server: BenchServer): Promise<Targets> {
  const { rows } = await sql<{
    patient_id: number;
    practice_id: number;
    firstname: string;
    lastname: string;
  }>`
    select p.patient_id, p.practice_id, p.firstname, p.lastname from patients p
    where p.last_reading_at is not null and p.merged_into_id is null
      and p.practice_id = (select min(up.practice_id) from user_practices up where up.user_id = ${server.userId})
    order by p.patient_id limit 1`.execute(db);
  const first = rows[0];
  if (!first) throw new Error("the seed made no patient with readings in the viewer's practice");
  return {
    base: server.base,
    name: `${first.lastname} ${first.firstname}`,
    practiceId: first.practice_id,
    patientId: first.patient_id,
  };
}

/** Every case ROUNDS times, in rotating order after a warm-up round; a refused or empty answer stops the bench. */
async function measureCalls(
  servers: Record<Viewer, BenchServer>,
  targets: Record<Viewer, Targets>,
  rounds = ROUNDS,
): Promise<Map<string, number[]>> {
  const times = new Map<string, number[]>(CASES.map((c) => [caseName(c), []]));
  const once = async (c: Case) => {
    const server = servers[c.viewer];
    const started = performance.now();
    const res = await httpGet(server.agent, c.url(targets[c.viewer]), server.headers);
    const time = performance.now() - started;
    const body = res.body as { data?: unknown; entry?: unknown[]; message?: string };
    const empty = c.fhir
      ? !body.entry?.length
      : body.data === undefined || (Array.isArray(body.data) && !body.data.length);
    if (res.status !== 200 || empty)
      throw new Error(`${caseName(c)}: ${res.status} ${body.message ?? 'no rows'}`);
    return time;
  };
  for (const c of CASES) await once(c);
  for (let round = 0; round < rounds; round++)
    for (let k = 0; k < CASES.length; k++) {
      const c = CASES[(round + k) % CASES.length] as Case;
      times.get(caseName(c))?.push(await once(c));
    }
  return times;
}

/** The CSV of every patient the administrator sees, streamed, with the process's RSS growth while it streams. */
async function measureCsv(server: BenchServer): Promise<{ seconds: number; lines: number; growth: number }> {
  const started = performance.now();
  const run = await withRss(async () => {
    const res = await fetch(`${server.base}/api/rpm/lists/${patientsList.name}/csv`, {
      headers: server.headers,
    });
    if (!res.ok || !res.body) throw new Error(`CSV failed: ${res.status}`);
    let lines = 0;
    for await (const chunk of res.body as AsyncIterable<Uint8Array>)
      for (const byte of chunk) if (byte === 10) lines++;
    return lines;
  });
  return { seconds: (performance.now() - started) / 1000, lines: run.result, growth: run.peak - run.before };
}

/** Server settings through ALTER SYSTEM, applied by a reload (new sessions load the preloaded library). */
async function settings(url: string, values: Record<string, string>): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    // Loaded here so ALTER SYSTEM knows its parameters.
    await sql`load 'auto_explain'`.execute(database.db);
    for (const [name, value] of Object.entries(values))
      await sql`alter system set ${sql.raw(name)} = ${sql.lit(value)}`.execute(database.db);
    await sql`select pg_reload_conf()`.execute(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Runs `work` (every call once more) with auto_explain logging statements over 20 ms, then answers each slow
 * statement once, slowest first: its time, its first line, and the plan's scans and sorts that read the whole table
 * (issue 45 §2: print the plan of any call over the goal).
 */
async function slowPlans(
  server: { readonly url: string; readonly log: string },
  work: () => Promise<unknown>,
): Promise<string[]> {
  const from = statSync(server.log).size;
  await settings(server.url, { 'auto_explain.log_min_duration': '20ms' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  try {
    await work();
  } finally {
    await settings(server.url, { 'auto_explain.log_min_duration': '-1' });
  }
  const text = readFileSync(server.log, 'utf8').slice(from);
  const slowest = new Map<string, { ms: number; nodes: string[] }>();
  for (const entry of text.split(/\n(?=\S.* LOG: {2}duration: )/)) {
    const duration = / LOG: {2}duration: ([\d.]+) ms {2}plan:/.exec(entry);
    if (!duration) continue;
    const query = /Query Text:\s*([^\n]*\S)/.exec(entry)?.[1]?.trim().slice(0, 70) ?? '?';
    const nodes = [
      ...new Set(
        [...entry.matchAll(/(Seq Scan on \w+|Parallel Seq Scan on \w+|Sort Method: external merge)/g)].map(
          (m) => m[1] as string,
        ),
      ),
    ];
    const ms = Number(duration[1]);
    if ((slowest.get(query)?.ms ?? 0) < ms) slowest.set(query, { ms, nodes });
  }
  return [...slowest.entries()]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, 8)
    .map(
      ([query, plan]) =>
        `${plan.ms.toFixed(0)} ms: ${query} | ${plan.nodes.join(', ') || 'index scans only'}`,
    );
}
