import { SimulatedClock } from '@rpm/bff/clock';
import { openDatabase } from '@rpm/bff/db/connect';
import { vacuumAnalyze } from '@rpm/bff/db/maintenance';
import { migrate } from '@rpm/bff/db/migrate';
import { seedDemo } from '@rpm/bff/db/seed/seed-demo';
import { clientAccess } from '@rpm/bff/fhir/access';
import { parseSearch } from '@rpm/bff/fhir/params';
import { SOURCES } from '@rpm/bff/fhir/sources';
import { registerTestClient } from '@rpm/bff/fhir/test-client';
import { type Figures, httpGet, ms, quantile, startBenchServer } from './bench-helpers.js';
import { startBenchPostgres } from './billing-postgres.js';

/** A GET over loopback (fetch keeps its connection alive), its status, headers and text. */
async function get(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/** Issue 43 "Benchmarks": 10,000 patients on PostgreSQL, all in one practice for the Bulk export. */
const PATIENTS = 10_000;
const NOW = new Date('2026-11-21T12:00:00Z');
const ROUNDS = 200;

/**
 * `npm run bench -- fhir`: Observation search for one patient's last 90 days against the patients list's first page
 * in the same run (goal: search p50 ≤ 1.5× the list's p50), and the Bulk export of a 10,000-patient practice:
 * resources per second and the server's peak RSS growth while it runs (goal: flat, files are streamed).
 */
export async function fhirBenchmark(): Promise<Figures> {
  const postgres = await startBenchPostgres();
  if ('missing' in postgres) return { postgres: `skipped: ${postgres.missing}` };
  const figures: Figures = { 'postgres server': postgres.version };
  const database = await openDatabase({ databaseUrl: postgres.url, poolSize: 10 });
  try {
    const { db } = database;
    const seeded = performance.now();
    await migrate(db);
    await seedDemo(db, { patients: PATIENTS, today: NOW });
    // One practice holds every patient: the export's group.
    const place = await db
      .selectFrom('locations as l')
      .innerJoin('practices as p', 'p.practice_id', 'l.practice_id')
      .select(['l.location_id', 'p.practice_id', 'p.organization_id'])
      .orderBy('p.practice_id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('patients')
      .set({
        organization_id: place.organization_id,
        practice_id: place.practice_id,
        location_id: place.location_id,
      })
      .execute();
    await vacuumAnalyze(db);
    figures['seed 10,000 patients'] = `${((performance.now() - seeded) / 1000).toFixed(1)} s`;

    const clock = new SimulatedClock(NOW);
    const server = await startBenchServer(db, 'role1@demo.test', clock);
    try {
      const client = await registerTestClient(
        server.app,
        { headers: server.headers },
        {
          organizationId: place.organization_id,
          scopes: ['system/*.rs'],
        },
      );
      const bearer = { authorization: `Bearer ${await client.token(clock.now())}` };
      const patient = await db
        .selectFrom('readings')
        .select('patient_id')
        .where('vital_id', '=', 1)
        .orderBy('patient_id')
        .executeTakeFirstOrThrow();
      const since = new Date(NOW.getTime() - 90 * 86_400_000).toISOString().slice(0, 10);
      const search = `${server.base}/fhir/R4/Observation?patient=${patient.patient_id}&date=ge${since}&_count=100`;
      const list = `${server.base}/api/rpm/lists/patients?page=0&rowsPerPage=10`;
      const times = { search: [] as number[], list: [] as number[], store: [] as number[] };
      // The search's query alone (the store), beside the call: the rest is the token check and the audit row.
      const access = clientAccess({
        clientId: client.clientId,
        name: 'bench',
        organizationId: place.organization_id,
        scopes: ['system/*.rs'],
        ip: null,
      });
      const parsed = parseSearch('Observation', {
        patient: String(patient.patient_id),
        date: `ge${since}`,
        _count: '100',
      });
      let found = 0;
      for (let round = -20; round < ROUNDS; round++) {
        // Interleaved, in turn first, so both see the same machine.
        const order = round % 2 === 0 ? (['search', 'list'] as const) : (['list', 'search'] as const);
        for (const which of order) {
          const started = performance.now();
          const res = await httpGet(
            server.agent,
            which === 'search' ? search : list,
            which === 'search' ? bearer : server.headers,
          );
          if (round >= 0) times[which].push(performance.now() - started);
          // Both answers are checked: a refused call (a 401 is quick) must never be measured as the list.
          if (res.status !== 200) throw new Error(`${which} answered ${res.status}`);
          if (round === 0) {
            const body = res.body as { entry?: unknown[]; data?: unknown[] };
            if (which === 'search') found = body.entry?.length ?? 0;
            else if (!body.data?.length) throw new Error('the patients list answered no rows');
          }
        }
        const started = performance.now();
        await SOURCES.Observation.search(db, access, parsed);
        if (round >= 0) times.store.push(performance.now() - started);
      }
      const p50 = (t: number[]) => quantile(t, 0.5);
      figures['Observation search, 90 days'] =
        `${found} resources, p50 ${ms(p50(times.search))} / p95 ${ms(quantile(times.search, 0.95))}`;
      figures['  of which the search query'] =
        `p50 ${ms(p50(times.store))} / p95 ${ms(quantile(times.store, 0.95))}`;
      figures['patients list first page'] =
        `p50 ${ms(p50(times.list))} / p95 ${ms(quantile(times.list, 0.95))}`;
      figures['search p50 / list p50'] = `${(p50(times.search) / p50(times.list)).toFixed(2)}× (goal ≤ 1.5×)`;

      // Bulk export of the practice, RSS sampled while it runs.
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const started = performance.now();
      const kick = await get(`${server.base}/fhir/R4/Group/${place.practice_id}/$export`, {
        ...bearer,
        prefer: 'respond-async',
      });
      const status = String(kick.headers.get('content-location'));
      let manifest: { output: { type: string; count: number }[] } | undefined;
      while (!manifest) {
        const res = await get(status, bearer);
        if (res.status === 200) manifest = JSON.parse(res.body);
        else if (res.status !== 202) throw new Error(`export failed: ${res.status} ${res.body}`);
        else await new Promise((done) => setTimeout(done, 100));
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const resources = manifest.output.reduce((n, o) => n + o.count, 0);
      figures['Bulk export, 10,000-patient practice'] =
        `${resources} resources (${manifest.output.map((o) => `${o.type} ${o.count}`).join(', ')}) in ${seconds.toFixed(1)} s`;
      figures['export throughput'] = `${Math.round(resources / seconds)} resources/s`;
      figures['export peak RSS growth'] = `${((peak - baseline) / 1024 / 1024).toFixed(0)} MiB (goal: flat)`;
    } finally {
      await server.close();
    }
  } finally {
    await database.close();
    postgres.stop();
  }
  return figures;
}
