import type { Bundle, CapabilityStatement, Patient } from '@medplum/fhirtypes';
import { Client } from 'fhir-kit-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp, type TestApp } from '../test-app.js';
import { registerTestClient } from './test-client.js';

/**
 * Issue 43: end to end with a real FHIR client library (fhir-kit-client) against the server listening on a port:
 * a registered client gets its token with a signed assertion, then reads the CapabilityStatement, searches and
 * pages, and reads by id.
 */

let t: TestApp;
let base: string;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  base = `http://127.0.0.1:${port}`;
  const admin = await signIn(t.app, 'role1@demo.test');
  const org = await t.db
    .selectFrom('organizations')
    .select('organization_id')
    .orderBy('organization_id')
    .executeTakeFirstOrThrow();
  const registered = await registerTestClient(t.app, admin, {
    organizationId: org.organization_id,
    scopes: ['system/Patient.rs'],
  });
  // The assertion's audience is the token endpoint as this client reaches it over the network.
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: await registered.assertion(t.clock.now(), { aud: `${base}/fhir/auth/token` }),
    scope: 'system/Patient.rs',
  });
  const res = await fetch(`${base}/fhir/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  expect(res.status).toBe(200);
  token = ((await res.json()) as { access_token: string }).access_token;
}, 120_000);
afterAll(async () => t.close());

describe('a FHIR client library against the running server', () => {
  it('reads metadata, searches Patients page by page, and reads one by id', async () => {
    const client = new Client({
      baseUrl: `${base}/fhir/R4`,
      customHeaders: { Authorization: `Bearer ${token}` },
    });
    const cap = (await client.capabilityStatement()) as unknown as CapabilityStatement;
    expect(cap.fhirVersion).toBe('4.0.1');
    let bundle: Bundle<Patient> | undefined = (await client.search({
      resourceType: 'Patient',
      searchParams: { _count: 2 },
    })) as unknown as Bundle<Patient>;
    const ids: string[] = [];
    for (let pages = 0; bundle && pages < 50; pages++) {
      ids.push(...(bundle.entry ?? []).map((e) => e.resource?.id as string));
      bundle = (await client.nextPage({ bundle: bundle as never })) as unknown as Bundle<Patient> | undefined;
    }
    expect(ids.length).toBeGreaterThan(2);
    expect(new Set(ids).size).toBe(ids.length);
    const patient = (await client.read({
      resourceType: 'Patient',
      id: ids[0] as string,
    })) as unknown as Patient;
    expect(patient.id).toBe(ids[0]);
    await expect(client.search({ resourceType: 'Observation', searchParams: {} })).rejects.toMatchObject({
      response: { status: 403 },
    });
  });
});
