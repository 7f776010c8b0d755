import type { Bundle, Observation, Resource } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp, type TestApp } from '../test-app.js';
import { registerTestClient } from './test-client.js';
import { validR4 } from './validate.js';

/** Issue 43 §1: every served type valid R4 from a sample of searches, paging to the end, dates, scope, merges. */

let t: TestApp;
let token: string;
let narrow: string;
let orgA: number;

const get = async (url: string, bearer = token) =>
  t.app.inject({
    method: 'GET',
    url: url.replace(/^http:\/\/localhost(:80)?/, ''),
    headers: { authorization: `Bearer ${bearer}` },
  });

/** Every resource of a search, following `next` to the end. */
async function all(url: string): Promise<Resource[]> {
  const out: Resource[] = [];
  let next: string | undefined = url;
  while (next) {
    const res = await get(next);
    expect(res.statusCode, res.body).toBe(200);
    const bundle: Bundle = res.json();
    out.push(...(bundle.entry ?? []).map((e) => e.resource as Resource));
    next = bundle.link?.find((l) => l.relation === 'next')?.url;
  }
  return out;
}

beforeAll(async () => {
  t = await startTestApp();
  const admin = await signIn(t.app, 'role1@demo.test');
  orgA = (
    await t.db
      .selectFrom('organizations')
      .select('organization_id')
      .orderBy('organization_id')
      .executeTakeFirstOrThrow()
  ).organization_id;
  token = await (
    await registerTestClient(t.app, admin, { organizationId: orgA, scopes: ['system/*.rs'] })
  ).token(t.clock.now());
  narrow = await (
    await registerTestClient(t.app, admin, { organizationId: orgA, scopes: ['system/Patient.rs'] })
  ).token(t.clock.now());
}, 120_000);
afterAll(async () => t.close());

describe('references stay inside the organisation (issue 44 §2)', () => {
  it("every reference in a client's resources reads back for that client: nothing points across organisations", async () => {
    const seen = new Set<string>();
    const references: string[] = [];
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key === 'reference' && typeof inner === 'string') references.push(inner);
          else collect(inner);
        }
      }
    };
    for (const type of [
      'Patient',
      'Observation',
      'Device',
      'Condition',
      'CarePlan',
      'Organization',
      'Location',
    ]) {
      const res = await get(`/fhir/R4/${type}?_count=30`);
      collect((res.json() as Bundle).entry?.map((e) => e.resource));
    }
    let checked = 0;
    for (const reference of references) {
      if (seen.has(reference)) continue;
      seen.add(reference);
      const res = await get(`/fhir/R4/${reference}`);
      expect(res.statusCode, reference).toBe(200);
      checked++;
    }
    console.log(`fhir references: ${checked} distinct references followed, 0 across organisations`);
    expect(checked).toBeGreaterThan(10);
  });
});

describe('served resources', () => {
  it.each([
    'Patient',
    'Practitioner',
    'Organization',
    'Location',
    'Observation',
    'Device',
    'Condition',
    'CarePlan',
  ])('%s: a search answers valid R4 resources, each readable by id', async (type) => {
    const res = await get(`/fhir/R4/${type}?_count=20`);
    expect(res.statusCode, res.body).toBe(200);
    const resources = (res.json() as Bundle).entry?.map((e) => e.resource as Resource) ?? [];
    expect(resources.length, `${type} has rows in the demo data`).toBeGreaterThan(0);
    for (const resource of resources) expect(validR4(resource), `${type}/${resource.id}`).toEqual([]);
    const first = resources[0] as Resource;
    const read = await get(`/fhir/R4/${type}/${first.id}`);
    expect(read.json()).toEqual(first);
  });

  it('pages Observations to the end without a repeat, newest first, as many as the database holds', async () => {
    const patient = await t.db
      .selectFrom('readings')
      .innerJoin('patients', 'patients.patient_id', 'readings.patient_id')
      .select('readings.patient_id')
      .where('patients.organization_id', '=', orgA)
      .executeTakeFirstOrThrow();
    const found = (await all(
      `/fhir/R4/Observation?patient=Patient/${patient.patient_id}&_count=7`,
    )) as Observation[];
    const ids = found.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    const rows = await t.db
      .selectFrom('readings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('patient_id', '=', patient.patient_id)
      .where('vital_id', 'in', [1, 3, 4, 6, 7])
      .executeTakeFirstOrThrow();
    expect(found.length).toBe(Number(rows.n));
    const times = found.map((o) => o.effectiveDateTime as string);
    expect([...times].sort().reverse()).toEqual(times);
    // Date prefixes: ge and le a day bound the same set from both sides.
    const day = (times[Math.floor(times.length / 2)] as string).slice(0, 10);
    const after = await all(`/fhir/R4/Observation?patient=${patient.patient_id}&date=ge${day}`);
    const before = await all(`/fhir/R4/Observation?patient=${patient.patient_id}&date=lt${day}`);
    expect(after.length + before.length).toBe(found.length);
    const oldest = await get(`/fhir/R4/Observation?patient=${patient.patient_id}&_sort=date&_count=1`);
    expect((oldest.json() as Bundle<Observation>).entry?.[0]?.resource?.effectiveDateTime).toBe(
      times[times.length - 1],
    );
  });

  it('refuses a type outside the scopes with 403, a bad date with 400 naming it', async () => {
    const refused = await get('/fhir/R4/Observation', narrow);
    expect([refused.statusCode, refused.json().resourceType]).toEqual([403, 'OperationOutcome']);
    const bad = await get('/fhir/R4/Observation?date=ge2025-02-30');
    expect([bad.statusCode, bad.json().issue[0].expression]).toEqual([400, ['date']]);
  });

  it('answers 410 for a merged patient, naming the one it was merged into', async () => {
    const [a, b] = await t.db
      .selectFrom('patients')
      .select('patient_id')
      .where('organization_id', '=', orgA)
      .where('merged_into_id', 'is', null)
      .orderBy('patient_id', 'desc')
      .limit(2)
      .execute();
    await t.db
      .updateTable('patients')
      .set({ merged_into_id: b?.patient_id as number, merged_at: t.clock.now() })
      .where('patient_id', '=', a?.patient_id as number)
      .execute();
    const res = await get(`/fhir/R4/Patient/${a?.patient_id}`);
    expect(res.statusCode).toBe(410);
    expect(res.json().issue[0].diagnostics).toContain(`Patient/${b?.patient_id}`);
  });
});
