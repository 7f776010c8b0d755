import type { Bundle, Observation, Patient, Resource } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn, startTestApp, type TestApp } from '../test-app.js';
import { registerTestClient } from './test-client.js';
import { validR4 } from './validate.js';

/** Issue 43 §1–2: FHIR R4 read and search, by a SMART client and by a signed-in user, in scope only. */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let nurse: Awaited<ReturnType<typeof signIn>>;
let orgA: number;
let orgB: number;
let tokenA: string;
let patientA: number;
let patientB: number;

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, 'role1@demo.test');
  nurse = await signIn(t.app, 'role8@demo.test');
  const orgs = await t.db
    .selectFrom('organizations')
    .select('organization_id')
    .orderBy('organization_id')
    .execute();
  orgA = orgs[0]?.organization_id as number;
  orgB = orgs[1]?.organization_id as number;
  const first = async (org: number) =>
    (
      await t.db
        .selectFrom('patients')
        .innerJoin('readings', 'readings.patient_id', 'patients.patient_id')
        .select('patients.patient_id')
        .where('patients.organization_id', '=', org)
        .where('readings.vital_id', '=', 1)
        .orderBy('patients.patient_id')
        .executeTakeFirstOrThrow()
    ).patient_id;
  patientA = await first(orgA);
  patientB = await first(orgB);
  const client = await registerTestClient(t.app, admin, { organizationId: orgA, scopes: ['system/*.rs'] });
  tokenA = await client.token(t.clock.now());
}, 120_000);
afterAll(async () => t.close());

describe('FHIR R4 read and search (issue 43 §1)', () => {
  it('validates with a validator that refuses an invalid resource', () => {
    expect(validR4({ resourceType: 'Patient', gender: 'x' as never, birthDate: 'May 1' })).not.toEqual([]);
    expect(validR4({ resourceType: 'Observation', status: 'final' } as never)).not.toEqual([]);
  });

  it('serves a CapabilityStatement of exactly the served types', async () => {
    const res = await get('/fhir/R4/metadata');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/fhir+json');
    const cap = res.json();
    expect(validR4(cap)).toEqual([]);
    expect(cap.rest[0].resource.map((r: { type: string }) => r.type).sort()).toEqual([
      'CarePlan',
      'Condition',
      'Device',
      'Location',
      'Observation',
      'Organization',
      'Patient',
      'Practitioner',
    ]);
  });

  it("reads a patient of the client's organisation, valid R4 and US Core", async () => {
    const res = await get(`/fhir/R4/Patient/${patientA}`, tokenA);
    expect(res.statusCode, res.body).toBe(200);
    const patient: Patient = res.json();
    expect(validR4(patient)).toEqual([]);
    const row = await t.db
      .selectFrom('patients')
      .selectAll()
      .where('patient_id', '=', patientA)
      .executeTakeFirstOrThrow();
    expect(patient.name?.[0]).toEqual({ use: 'official', family: row.lastname, given: [row.firstname] });
    expect(patient.gender).toBe({ M: 'male', F: 'female', O: 'other', U: 'unknown' }[row.gender]);
  });

  it("searches a patient's blood pressure: panel 85354-9 with systolic and diastolic components in mm[Hg]", async () => {
    const res = await get(`/fhir/R4/Observation?patient=${patientA}&code=85354-9&_count=5`, tokenA);
    expect(res.statusCode, res.body).toBe(200);
    const bundle: Bundle<Observation> = res.json();
    const obs = bundle.entry?.[0]?.resource as Observation;
    expect(validR4(obs)).toEqual([]);
    expect(obs.category?.[0]?.coding?.[0]?.code).toBe('vital-signs');
    expect(obs.code.coding?.[0]).toMatchObject({ system: 'http://loinc.org', code: '85354-9' });
    expect(obs.component?.map((c) => c.code.coding?.[0]?.code)).toEqual(['8480-6', '8462-4']);
    expect(obs.component?.[0]?.valueQuantity).toMatchObject({
      system: 'http://unitsofmeasure.org',
      code: 'mm[Hg]',
    });
  });

  it("never serves another organisation's patient to the client: 404 by id, absent by search", async () => {
    expect((await get(`/fhir/R4/Patient/${patientB}`, tokenA)).statusCode).toBe(404);
    const search = (await get(`/fhir/R4/Observation?patient=${patientB}`, tokenA)).json() as Bundle;
    expect(search.entry ?? []).toEqual([]);
  });

  it('writes an audit row for every read and search, naming the client, the type and how many', async () => {
    const before = await t.db
      .selectFrom('audit_log')
      .select('audit_id')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    await get(`/fhir/R4/Patient/${patientA}`, tokenA);
    await get(`/fhir/R4/Observation?patient=${patientA}&_count=3`, tokenA);
    // Written once the answer is sent: waited for, not assumed (earlier tests' rows may land meanwhile).
    await vi.waitFor(
      async () => {
        const rows = await t.db
          .selectFrom('audit_log')
          .select(['action', 'entity', 'entity_id', 'user_id', 'detail'])
          .where('audit_id', '>', before.audit_id)
          .where('action', 'like', 'fhir_%')
          .orderBy('audit_id')
          .execute();
        expect(rows).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              action: 'fhir_read',
              entity: 'fhir_Patient',
              entity_id: String(patientA),
              user_id: null,
            }),
            expect.objectContaining({
              action: 'fhir_search',
              entity: 'fhir_Observation',
              user_id: null,
              detail: expect.objectContaining({
                client_name: 'Test client',
                count: 3,
                query: { patient: String(patientA), _count: '3' },
              }),
            }),
          ]),
        );
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  it('lets a signed-in user read within their own scope', async () => {
    const res = await get('/fhir/R4/Patient?_count=3', undefined, nurse.headers);
    expect(res.statusCode, res.body).toBe(200);
    const bundle: Bundle<Resource> = res.json();
    expect(bundle.entry?.length).toBeGreaterThan(0);
  });

  it('answers 401 without credentials and 400 naming an unknown parameter', async () => {
    const anonymous = await get('/fhir/R4/Patient');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().resourceType).toBe('OperationOutcome');
    const bad = await get('/fhir/R4/Patient?colour=red', tokenA);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issue[0].expression).toEqual(['colour']);
  });
});
