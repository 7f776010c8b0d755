import { refreshPeriod } from '@rpm/bff/billing/period-store';
import { billingScope, parseBillingFilter } from '@rpm/bff/billing/scope';
import { SimulatedClock } from '@rpm/bff/clock';
import { openDatabase } from '@rpm/bff/db/connect';
import { vacuumAnalyze } from '@rpm/bff/db/maintenance';
import { migrate } from '@rpm/bff/db/migrate';
import type { Db } from '@rpm/bff/db/schema';
import { seedDemo } from '@rpm/bff/db/seed/seed-demo';
import { LIST_SOURCES } from '@rpm/bff/embedded';
import type { ListViewer } from '@rpm/bff/lists/source';
import { patientScope } from '@rpm/bff/scope';
import { defaultFilterValue, LISTS } from '@rpm/shared';
import { sql } from 'kysely';
import {
  type BenchServer,
  type Figures,
  httpGet,
  onEachEngine,
  p50p95,
  startBenchServer,
} from './bench-helpers.js';

/**
 * `npm run bench -- month close`: the month close of issue 'billing programs' §3 on PGlite and PostgreSQL: every
 * patient-month of November evaluated by the engine and stored as the period's result (billing/period-store.ts), at
 * the seed's 10,000 patients and at 100,000 (each patient's November copied nine times, with what the engine reads
 * on file), with time and peak RSS; a read with nothing changed; and each billing list's first page and page 100
 * over HTTP beside the list's own queries (the store's page call alone).
 * Goals: the 100k close within 12x the 10k close (linear or better); a read with nothing changed under 10 ms.
 */

const PATIENTS = 10_000;
const COPIES = 9;
const TODAY = new Date('2026-12-01T12:00:00Z');
const MONTH = '2026-11-01';
const ROUNDS = 40;
const ROWS_PER_PAGE = 10;
/** The billing lists this issue added: the program reports, the denials worklist and invoices. */
const BILLING_LISTS = [
  'rpm-billing',
  'ccm-billing',
  'pcm-billing',
  'bhi-billing',
  'denials',
  'invoices',
] as const;
type BillingList = (typeof BILLING_LISTS)[number];
const GROWTH_GOAL = 12;

interface Fixture {
  readonly engine: 'pglite' | 'postgres';
  readonly db: Db;
  readonly server: BenchServer;
  close(): Promise<void>;
}

async function open(engine: 'pglite' | 'postgres', url: string | undefined): Promise<Fixture> {
  const database = await openDatabase(url ? { databaseUrl: url, poolSize: 10 } : { dataDir: 'memory://' });
  await migrate(database.db);
  await seedDemo(database.db, { patients: PATIENTS, today: TODAY, historyMonths: 2 });
  await sql`vacuum analyze`.execute(database.db);
  const server = await startBenchServer(database.db, 'role1@demo.test', new SimulatedClock(TODAY));
  return {
    engine,
    db: database.db,
    server,
    async close() {
      await server.close();
      await database.close();
    },
  };
}

/** The peak RSS while `run` runs, sampled every 20 ms (PGlite's memory is the process's). */
async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; peakMb: number; value: T }> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  try {
    const value = await run();
    return { ms: performance.now() - started, peakMb: peak / 2 ** 20, value };
  } finally {
    clearInterval(sampler);
  }
}

/** Every November result out of date, so the next refresh evaluates the whole month. */
const invalidate = (db: Db) =>
  sql`update patient_month_summary set codes_version = 0 where month = ${MONTH}::date`.execute(db);

/** Nine copies of each patient with a November summary, its summary row and what the engine reads on file. */
async function copyPatients(db: Db): Promise<void> {
  await sql`create temporary table copy_map as
    select p.patient_id as source, n.copy, nextval(pg_get_serial_sequence('patients', 'patient_id')) as patient_id
    from patients p join patient_month_summary s on s.patient_id = p.patient_id and s.month = ${MONTH}::date
    cross join generate_series(1, ${COPIES}) as n(copy)`.execute(db);
  await sql`insert into patients (patient_id, organization_id, practice_id, location_id, firstname, lastname, dob,
      gender, diagnosis_code, rpm_status, ccm_status, bhi_status, setup_date, auth_number, physician_id,
      care_coordinator_id, ccm_type, pcm_status, rtm_status)
    overriding system value
    select m.patient_id, p.organization_id, p.practice_id, p.location_id, p.firstname || m.copy, p.lastname, p.dob,
      p.gender, p.diagnosis_code, p.rpm_status, p.ccm_status, p.bhi_status, p.setup_date, p.auth_number,
      p.physician_id, p.care_coordinator_id, p.ccm_type, p.pcm_status, p.rtm_status
    from copy_map m join patients p on p.patient_id = m.source`.execute(db);
  await sql`insert into patient_month_summary (patient_id, month, organization_id, practice_id, location_id,
      sort_name, setup_date, reading_days, rpm_seconds, rtm_seconds, ccm_seconds, bhi_seconds, pcm_seconds)
    select m.patient_id, s.month, s.organization_id, s.practice_id, s.location_id, s.sort_name, s.setup_date,
      s.reading_days, s.rpm_seconds, s.rtm_seconds, s.ccm_seconds, s.bhi_seconds, s.pcm_seconds
    from copy_map m join patient_month_summary s on s.patient_id = m.source and s.month = ${MONTH}::date`.execute(
    db,
  );
  await sql`insert into enrollment_orders (patient_id, program, ordering_provider, diagnosis_codes, order_date,
      consent_date, consent_method, created_by, created_at, updated_at)
    select m.patient_id, o.program, o.ordering_provider, o.diagnosis_codes, o.order_date, o.consent_date,
      o.consent_method, o.created_by, o.created_at, o.updated_at
    from copy_map m join enrollment_orders o on o.patient_id = m.source`.execute(db);
  await sql`insert into care_plan_versions (patient_id, version, plan, author_id, created_at, signed_by, signed_at)
    select m.patient_id, c.version, c.plan, c.author_id, c.created_at, c.signed_by, c.signed_at
    from copy_map m join care_plan_versions c on c.patient_id = m.source`.execute(db);
  await sql`drop table copy_map`.execute(db);
  await sql`vacuum analyze`.execute(db);
}

async function measure(f: Fixture): Promise<Figures> {
  const figures: Figures = {};
  const scope = await billingScope(f.db, { userId: f.server.userId, roleid: [1] });
  const filter = parseBillingFilter(scope, { month: 11, year: 2026 });
  const close = async (label: string) => {
    await invalidate(f.db);
    const run = await timed(() => refreshPeriod(f.db, filter, TODAY));
    figures[`${label}: month close`] =
      `${(run.ms / 1000).toFixed(2)} s, ${run.value.rows} patient-months, peak RSS ${run.peakMb.toFixed(0)} MB`;
    return run.ms;
  };
  const small = await close(`${f.engine} 10k`);
  const unchanged: number[] = [];
  for (let round = 0; round < ROUNDS; round++)
    unchanged.push((await timed(() => refreshPeriod(f.db, filter, TODAY))).ms);
  figures[`${f.engine} 10k: read, nothing changed`] = `${p50p95(unchanged)} ms p50/p95 (goal < 10 ms)`;
  // As a running system reads its lists: analysed since the close (db/maintenance.ts, or autovacuum).
  await vacuumAnalyze(f.db);

  for (const name of BILLING_LISTS)
    for (const page of [0, 99]) Object.assign(figures, await listFigures(f, name, page, `${f.engine} 10k`));

  await copyPatients(f.db);
  const large = await close(`${f.engine} 100k`);
  await vacuumAnalyze(f.db);
  figures[`${f.engine} 100k / 10k`] = `${(large / small).toFixed(1)}x (goal ≤ ${GROWTH_GOAL}x)`;
  Object.assign(figures, await listFigures(f, 'rpm-billing', 99, `${f.engine} 100k`));
  return figures;
}

/**
 * One billing list's page, ROUNDS times each way, interleaved: the store's page call with the scope known (the
 * queries alone) and the GET over loopback, with the month and the definition's defaults as the screen opens it.
 */
async function listFigures(f: Fixture, name: BillingList, page: number, label: string): Promise<Figures> {
  const def = LISTS[name];
  const source = LIST_SOURCES[name];
  const today = TODAY.toISOString().slice(0, 10);
  const query: Record<string, string> = {};
  for (const filter of def.filters) {
    const value = defaultFilterValue(def, filter.key, today);
    if (value !== undefined) query[filter.key] = value;
  }
  const filters = def.viewQuery.parse(query) as Record<string, string | string[]>;
  const orderby = def.defaultSort.key;
  const order = def.defaultSort.order;
  const request = { orderby, order, filters, page, rowsPerPage: ROWS_PER_PAGE } as const;
  const auth = { userId: f.server.userId, roleid: [1] };
  const viewer: ListViewer = {
    auth: { ...auth, practiceIds: [], session: undefined as never },
    scope: await patientScope(f.db, auth),
    now: TODAY,
  };
  const url = `${f.server.base}/api/rpm/lists/${name}?${new URLSearchParams({
    ...query,
    orderby,
    order,
    page: String(page),
    rowsPerPage: String(ROWS_PER_PAGE),
  })}`;
  const queries: number[] = [];
  const http: number[] = [];
  // A fresh connection: the kept one may have been closed by the server while the month close held the loop.
  f.server.agent.destroy();
  let count = 0;
  for (let round = -3; round < ROUNDS; round++) {
    let started = performance.now();
    const result = await source.page(f.db, viewer, request);
    const q = performance.now() - started;
    started = performance.now();
    const res = await httpGet(f.server.agent, url, f.server.headers);
    const h = performance.now() - started;
    const body = res.body as { count?: number; data?: unknown[] };
    if (res.status !== 200 || body.count !== result.count)
      throw new Error(
        `${name} page ${page + 1}: HTTP ${res.status} ${body.count}, the store ${result.count}`,
      );
    count = result.count;
    if (round < 0) continue;
    queries.push(q);
    http.push(h);
  }
  return {
    [`${label}: ${name} page ${page + 1} (${count} rows)`]: `queries ${p50p95(queries)} ms, HTTP ${p50p95(http)} ms p50/p95`,
  };
}

export function monthCloseBenchmark(): Promise<Figures> {
  return onEachEngine(open, [measure]);
}
