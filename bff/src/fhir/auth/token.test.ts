import { registerFhirClient, revokeFhirClient } from '@rpm/shared';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, signIn, startTestApp, type TestApp } from '../../test-app.js';
import { registerTestClient, TEST_TOKEN_URL } from '../test-client.js';

/** Issue 43 §2: the SMART token endpoint's every refusal, expiry, revocation, and who may register clients. */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let client: Awaited<ReturnType<typeof registerTestClient>>;
let orgA: number;
let orgB: number;

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

const token = (form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/fhir/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

const form = async (
  claims: Record<string, unknown> = {},
  extra: Record<string, string> = {},
  alg = 'ES384',
) => ({
  grant_type: 'client_credentials',
  client_assertion_type: ASSERTION_TYPE,
  client_assertion: await client.assertion(t.clock.now(), claims, alg),
  scope: 'system/Patient.rs',
  ...extra,
});

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, 'role1@demo.test');
  const orgs = await t.db
    .selectFrom('organizations')
    .select('organization_id')
    .orderBy('organization_id')
    .execute();
  orgA = orgs[0]?.organization_id as number;
  orgB = orgs[1]?.organization_id as number;
  client = await registerTestClient(t.app, admin, { organizationId: orgA, scopes: ['system/Patient.rs'] });
}, 120_000);
afterAll(async () => t.close());

describe('the token endpoint (SMART Backend Services)', () => {
  it('gives a five-minute bearer token for a good assertion, not stored in caches', async () => {
    const res = await token(await form());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'bearer', expires_in: 300, scope: 'system/Patient.rs' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each<[string, () => Promise<Record<string, string>>, number, string]>([
    [
      'a wrong grant type',
      async () => ({ ...(await form()), grant_type: 'password' }),
      400,
      'unsupported_grant_type',
    ],
    [
      'a wrong assertion type',
      async () => ({ ...(await form()), client_assertion_type: 'x' }),
      400,
      'invalid_request',
    ],
    ['no assertion', async () => ({ ...(await form()), client_assertion: '' }), 400, 'invalid_request'],
    ['no scope', async () => ({ ...(await form()), scope: '' }), 400, 'invalid_request'],
    [
      'an assertion that is no JWT',
      async () => ({ ...(await form()), client_assertion: 'abc.def' }),
      400,
      'invalid_request',
    ],
    [
      'a scope the client lacks',
      async () => form({}, { scope: 'system/Observation.rs' }),
      400,
      'invalid_scope',
    ],
    [
      'an unknown client',
      async () => form({ iss: 'unknown-client-0000000', sub: 'unknown-client-0000000' }),
      401,
      'invalid_client',
    ],
    ['a wrong audience', async () => form({ aud: 'https://elsewhere.example/token' }), 401, 'invalid_client'],
    [
      'a subject other than the client',
      async () => form({ sub: 'someone-else-000000000' }),
      401,
      'invalid_client',
    ],
    [
      'an expired assertion',
      async () => form({ exp: Math.floor(t.clock.now().getTime() / 1000) - 120 }),
      401,
      'invalid_client',
    ],
    [
      'an assertion that expires in an hour',
      async () => form({ exp: Math.floor(t.clock.now().getTime() / 1000) + 3600 }),
      401,
      'invalid_client',
    ],
    [
      'an unsigned assertion (alg none)',
      async () => {
        const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
        const body = Buffer.from(
          JSON.stringify({
            iss: client.clientId,
            sub: client.clientId,
            aud: TEST_TOKEN_URL,
            jti: 'x1',
            exp: 9e9,
          }),
        ).toString('base64url');
        return { ...(await form()), client_assertion: `${header}.${body}.` };
      },
      401,
      'invalid_client',
    ],
    [
      'an assertion signed by a key not registered',
      async () => {
        const { privateKey } = await generateKeyPair('ES384');
        const jwt = await new SignJWT({ jti: 'stranger-1' })
          .setProtectedHeader({ alg: 'ES384' })
          .setIssuer(client.clientId)
          .setSubject(client.clientId)
          .setAudience(TEST_TOKEN_URL)
          .setExpirationTime(Math.floor(t.clock.now().getTime() / 1000) + 120)
          .sign(privateKey);
        return { ...(await form()), client_assertion: jwt };
      },
      401,
      'invalid_client',
    ],
  ])('refuses %s', async (_, make, status, error) => {
    const res = await token(await make());
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error).toBe(error);
  });

  it('refuses a replayed assertion (its jti is spent)', async () => {
    const once = await form({ jti: 'replay-1' });
    expect((await token(once)).statusCode).toBe(200);
    const again = await token(await form({ jti: 'replay-1' }));
    expect([again.statusCode, again.json().error]).toEqual([401, 'invalid_client']);
  });

  it('lets a token expire after five minutes, and a revoked client lose its tokens at once', async () => {
    const bearer = await client.token(t.clock.now());
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: '/fhir/R4/Patient?_count=1',
        headers: { authorization: `Bearer ${bearer}` },
      });
    expect((await read()).statusCode).toBe(200);
    t.clock.advance(301_000);
    expect((await read()).statusCode).toBe(401);
    const other = await registerTestClient(t.app, admin, {
      organizationId: orgA,
      scopes: ['system/Patient.rs'],
    });
    const live = await other.token(t.clock.now());
    expect(
      (await injectCall(t.app, revokeFhirClient, { body: { client_id: other.clientId } }, admin)).statusCode,
    ).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/fhir/R4/Patient',
      headers: { authorization: `Bearer ${live}` },
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('registering clients', () => {
  it("refuses an organisation administrator another organisation's client, and private key material", async () => {
    const orgAdmin = await signIn(t.app, 'role2@demo.test');
    const home = await t.db
      .selectFrom('users')
      .select('organization_id')
      .where('username', '=', 'role2@demo.test')
      .executeTakeFirstOrThrow();
    const foreign = home.organization_id === orgA ? orgB : orgA;
    const { publicKey, privateKey } = await generateKeyPair('ES384', { extractable: true });
    const body = (organization_id: number, key: object) => ({
      body: {
        name: 'Lab',
        organization_id,
        jwks: { keys: [key as never] },
        scopes: ['system/Patient.rs' as const],
      },
    });
    const other = await injectCall(
      t.app,
      registerFhirClient,
      body(foreign, await exportJWK(publicKey)),
      orgAdmin,
    );
    expect([other.statusCode, other.json().field]).toEqual([403, 'organization_id']);
    const secret = await injectCall(
      t.app,
      registerFhirClient,
      body(home.organization_id as number, await exportJWK(privateKey)),
      orgAdmin,
    );
    expect(secret.statusCode).toBe(400);
    expect(secret.json().message).toMatch(/private key/);
    const nurse = await signIn(t.app, 'role8@demo.test');
    expect(
      (await injectCall(t.app, registerFhirClient, body(orgA, await exportJWK(publicKey)), nurse)).statusCode,
    ).toBe(403);
  });
});
