import http from 'node:http';
import { openDatabase } from '@rpm/bff/db/connect';
import { vacuumAnalyze } from '@rpm/bff/db/maintenance';
import { migrate } from '@rpm/bff/db/migrate';
import type { Db } from '@rpm/bff/db/schema';
import { seedDemo } from '@rpm/bff/db/seed/seed-demo';
import { callUrl, displayUtcDay, searchPatients } from '@rpm/shared';
import { sql } from 'kysely';
import {
  type BenchServer,
  type Figures,
  httpGet,
  ms,
  p50p95,
  quantile,
  startBenchServer,
} from './bench-helpers.js';
import { startBenchPostgres } from './billing-postgres.js';

/** Issue 38 §5: the seed's 10,000 patients, then ten times as many in the same run. */
const SEED_PATIENTS = 10_000;
/** Copies of each seeded patient added for the larger size: 10,000 + 9 × 10,000 = 100,000. */
const COPIES = 9;
const NOW = new Date('2026-11-21T12:00:00Z');
/** Searches per kind and size; a p95 is the fifth-slowest of 100 (see lists.ts ROUNDS). */
const ROUNDS = 100;
/** Patients of the first 10,000 searched for, the same at both sizes. */
const TARGETS = 20;
/** Issue 38 §5: the 100k p95 within this factor of the 10k p95. */
const GROWTH_GOAL = 1.5;

interface Target {
  readonly patient_id: number;
  readonly firstname: string;
  readonly lastname: string;
  readonly dob: string;
  readonly mobile: string | null;
  readonly mrn: string | null;
}

/** The ways a front desk types a patient in, each as the text sent for a target. */
const KINDS: Record<string, (p: Target) => string> = {
  'whole name': (p) => `${p.lastname} ${p.firstname}`,
  'name prefixes': (p) => `${p.firstname.slice(0, 3)} ${p.lastname.slice(0, 3)}`,
  'last name': (p) => p.lastname,
  'date of birth': (p) => displayUtcDay(p.dob),
  phone: (p) => `+1 ${p.mobile ?? ''}`,
  MRN: (p) => p.mrn ?? '',
  'RPM ID': (p) => String(p.patient_id),
};

/**
 * `npm run bench -- search`: the header search (rpm/patients/search, role 1: every patient in scope) over HTTP on
 * PGlite and PostgreSQL, at the seed's 10,000 patients and again after nine copies of each are added set-based
 * (other birth dates, mobiles and MRNs, the same names: a larger clinic of the same population), 100,000.
 * Goal (issue 38 §5): each kind's 100k p95 within 1.5× of its 10k p95 in the same run.
 */
export async function patientSearchBenchmark(): Promise<Figures> {
  const figures: Figures = {};
  const postgres = await startBenchPostgres();
  try {
    const only = process.env.BENCH_ENGINES?.split(',');
    for (const engine of ['pglite', 'postgres'] as const) {
      if (only && !only.includes(engine)) continue;
      if (engine === 'postgres' && 'missing' in postgres) {
        figures.postgres = `skipped: ${postgres.missing}`;
        continue;
      }
      const url = engine === 'postgres' && 'url' in postgres ? postgres.url : undefined;
      Object.assign(figures, await measureEngine(engine, url));
    }
  } finally {
    if ('stop' in postgres) postgres.stop();
  }
  return figures;
}

async function measureEngine(engine: 'pglite' | 'postgres', url: string | undefined): Promise<Figures> {
  const figures: Figures = {};
  const database = await openDatabase(url ? { databaseUrl: url, poolSize: 10 } : { dataDir: 'memory://' });
  const { db } = database;
  let server: BenchServer | undefined;
  try {
    let started = performance.now();
    await migrate(db);
    await seedDemo(db, { patients: SEED_PATIENTS, today: NOW });
    await vacuumAnalyze(db);
    figures[`${engine} seed 10,000 patients`] = `${((performance.now() - started) / 1000).toFixed(1)} s`;
    server = await startBenchServer(db, 'role1@demo.test');
    const targets = await targetsOf(db);
    const small = await measureSize(server, targets);
    started = performance.now();
    const total = await addCopies(db);
    await vacuumAnalyze(db);
    figures[`${engine} add copies to ${total.toLocaleString('en-US')}`] =
      `${((performance.now() - started) / 1000).toFixed(1)} s`;
    const large = await measureSize(server, targets);
    const all = (times: Record<string, number[]>) => Object.values(times).flat();
    for (const [kind, times] of [...Object.entries(small), ['all kinds', all(small)] as const]) {
      const big = kind === 'all kinds' ? all(large) : (large[kind] ?? []);
      const goal = GROWTH_GOAL * quantile(times, 0.95);
      const p95 = quantile(big, 0.95);
      figures[`${engine} ${kind} p50/p95 10k`] = `${p50p95(times)} ms`;
      figures[`${engine} ${kind} p50/p95 100k`] =
        `${p50p95(big)} ms (goal p95 ≤ ${ms(goal, 2)}: ${p95 <= goal ? 'met' : 'MISSED'})`;
    }
  } finally {
    await server?.close();
    await database.close();
  }
  return figures;
}

/** Patients spread over the seed's ids, with a mobile and an MRN. */
async function targetsOf(db: Db): Promise<Target[]> {
  const { rows } =
    await sql<Target>`select patient_id, firstname, lastname, to_char(dob, 'YYYY-MM-DD') as dob,
      mobile, mrn
    from patients where mobile is not null and mrn is not null order by patient_id`.execute(db);
  const step = Math.floor(rows.length / TARGETS);
  return Array.from({ length: TARGETS }, (_, i) => rows[i * step] as Target);
}

/**
 * Nine copies of every seeded patient, set-based: the same names, place and statuses; birth dates moved by weeks,
 * new mobiles and MRNs, so only a name search finds more patients at the larger size. Answers the patients now.
 */
async function addCopies(db: Db): Promise<number> {
  await sql`insert into patients (organization_id, practice_id, location_id, firstname, lastname, dob, gender,
      mobile, language_id, rpm_status, ccm_status, mrn)
    select p.organization_id, p.practice_id, p.location_id, p.firstname, p.lastname, p.dob - 7 * c, p.gender,
      '8' || lpad((p.patient_id * ${COPIES} + c)::text, 9, '0'), p.language_id, p.rpm_status, p.ccm_status,
      'C' || c || '-' || p.patient_id
    from patients p cross join generate_series(1, ${COPIES}) as c`.execute(db);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from patients`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * Each kind ROUNDS times over HTTP, kinds interleaved in rotating order, after a warm-up round. A connection of its
 * own per size: the server closes one left idle while the copies are added.
 */
async function measureSize(
  server: BenchServer,
  targets: readonly Target[],
): Promise<Record<string, number[]>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const kinds = Object.entries(KINDS);
  const times: Record<string, number[]> = Object.fromEntries(kinds.map(([kind]) => [kind, []]));
  const once = async (text: string) => {
    const url = `${server.base}${callUrl(searchPatients)}?${new URLSearchParams({ q: text })}`;
    const started = performance.now();
    const res = await httpGet(agent, url, server.headers);
    const time = performance.now() - started;
    const body = res.body as { data?: unknown[]; message?: string };
    if (res.status !== 200 || !body.data?.length)
      throw new Error(`search '${text}': ${res.status} ${body.message}`);
    return time;
  };
  try {
    for (const target of targets.slice(0, 2)) for (const [, text] of kinds) await once(text(target));
    for (let i = 0; i < ROUNDS; i++)
      for (let k = 0; k < kinds.length; k++) {
        const [kind, text] = kinds[(i + k) % kinds.length] as [string, (p: Target) => string];
        times[kind]?.push(await once(text(targets[i % targets.length] as Target)));
      }
    return times;
  } finally {
    agent.destroy();
  }
}
