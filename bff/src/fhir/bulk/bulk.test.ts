import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn, startTestApp, type TestApp } from '../../test-app.js';
import { registerTestClient } from '../test-client.js';
import { EXPORT_TTL_MS } from './store.js';

/** Issue 43 §3: Bulk Data export: kick-off, status, manifest, files, scope, expiry, one at a time. */

let t: TestApp;
let tokenA: string;
let tokenA2: string;
let clientA: Awaited<ReturnType<typeof registerTestClient>>;
let orgA: number;
let practiceA: number;
let practiceB: number;

const call = (method: 'GET' | 'DELETE', url: string, token: string, prefer = true) =>
  t.app.inject({
    method,
    url: url.replace(/^http:\/\/localhost(:80)?/, ''),
    headers: { authorization: `Bearer ${token}`, ...(prefer ? { prefer: 'respond-async' } : {}) },
  });

/** Waits for the export's job (same process) and answers its manifest. */
async function manifest(statusUrl: string, token: string) {
  let res = await call('GET', statusUrl, token);
  await vi.waitFor(
    async () => {
      res = await call('GET', statusUrl, token);
      expect(res.statusCode).toBe(200);
    },
    { timeout: 30_000, interval: 50 },
  );
  return res.json();
}

beforeAll(async () => {
  t = await startTestApp();
  const admin = await signIn(t.app, 'role1@demo.test');
  const practices = await t.db
    .selectFrom('practices')
    .select(['practice_id', 'organization_id'])
    .orderBy('practice_id')
    .execute();
  orgA = practices[0]?.organization_id as number;
  practiceA = practices[0]?.practice_id as number;
  practiceB = practices.find((p) => p.organization_id !== orgA)?.practice_id as number;
  clientA = await registerTestClient(t.app, admin, { organizationId: orgA, scopes: ['system/*.rs'] });
  tokenA = await clientA.token(t.clock.now());
  const a2 = await registerTestClient(t.app, admin, { organizationId: orgA, scopes: ['system/Patient.rs'] });
  tokenA2 = await a2.token(t.clock.now());
}, 120_000);
afterAll(async () => t.close());

describe('Bulk Data export (issue 43 §3)', () => {
  it("exports a practice's patients and observations as NDJSON matching the database", async () => {
    const kick = await call('GET', `/fhir/R4/Group/${practiceA}/$export?_type=Patient,Observation`, tokenA);
    expect(kick.statusCode, kick.body).toBe(202);
    const status = String(kick.headers['content-location']);
    expect(status).toMatch(/\/fhir\/R4\/\$export-status\/[0-9a-f-]{36}$/);
    const body = await manifest(status, tokenA);
    expect(body.requiresAccessToken).toBe(true);
    expect(body.output.map((o: { type: string }) => o.type)).toEqual(['Patient', 'Observation']);
    const patients = await t.db
      .selectFrom('patients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('practice_id', '=', practiceA)
      .where('merged_into_id', 'is', null)
      .executeTakeFirstOrThrow();
    const file = await call('GET', body.output[0].url, tokenA);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/fhir+ndjson');
    const lines = file.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.length).toBe(Number(patients.n));
    expect(body.output[0].count).toBe(lines.length);
    expect(new Set(lines.map((r: { resourceType: string }) => r.resourceType))).toEqual(new Set(['Patient']));
    // Another client of the same organisation may not read it.
    expect((await call('GET', body.output[0].url, tokenA2)).statusCode).toBe(404);
    expect((await call('GET', status, tokenA2)).statusCode).toBe(404);
  });

  it('refuses a second export while one runs (429), a missing Prefer (400), a bad _type (400), a foreign Group (404)', async () => {
    const first = await call('GET', '/fhir/R4/Patient/$export', tokenA);
    expect(first.statusCode).toBe(202);
    await manifest(String(first.headers['content-location']), tokenA);
    // Its job may finish before a second call arrives, so it is marked running again rather than raced.
    const id = String(first.headers['content-location']).split('/').pop() as string;
    const mark = (status: 'running' | 'done') =>
      t.db.updateTable('fhir_bulk_exports').set({ status }).where('export_id', '=', id).execute();
    await mark('running');
    expect((await call('GET', '/fhir/R4/Patient/$export', tokenA)).statusCode).toBe(429);
    await mark('done');
    expect((await call('GET', '/fhir/R4/Patient/$export', tokenA, false)).statusCode).toBe(400);
    const bad = await call('GET', '/fhir/R4/Patient/$export?_type=Banana', tokenA);
    expect([bad.statusCode, bad.json().issue[0].expression]).toEqual([400, ['_type']]);
    expect((await call('GET', `/fhir/R4/Group/${practiceB}/$export`, tokenA)).statusCode).toBe(404);
    expect((await call('GET', '/fhir/R4/Patient/$export?_type=Observation', tokenA2)).statusCode).toBe(403);
  });

  it('filters by _since and lets the files expire', async () => {
    const future = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const kick = await call('GET', `/fhir/R4/Patient/$export?_type=Observation&_since=${future}`, tokenA);
    const body = await manifest(String(kick.headers['content-location']), tokenA);
    expect(body.output[0].count).toBe(0);
    t.clock.advance(EXPORT_TTL_MS + 1000);
    // Access tokens live five minutes: a fresh one, and the expired file is gone.
    const fresh = await clientA.token(t.clock.now());
    expect((await call('GET', body.output[0].url, fresh)).statusCode).toBe(404);
    expect((await call('GET', String(kick.headers['content-location']), fresh)).statusCode).toBe(404);
  });
});
