import { randomUUID } from 'node:crypto';
import { registerFhirClient } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { injectCall } from '../test-app.js';

/** The token endpoint as the tests' requests reach it (inject's host). */
export const TEST_TOKEN_URL = 'http://localhost:80/fhir/auth/token';

type Caller = Parameters<typeof injectCall>[3];

/**
 * A SMART client registered through the product's own call, with its private key to sign assertions, and a token
 * from the real token endpoint (tests of every FHIR part use it).
 */
export async function registerTestClient(
  app: FastifyInstance,
  admin: Caller,
  opts: { readonly organizationId: number; readonly scopes: readonly string[]; readonly name?: string },
) {
  const { publicKey, privateKey } = await generateKeyPair('ES384', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: randomUUID(), alg: 'ES384' };
  const res = await injectCall(
    app,
    registerFhirClient,
    {
      body: {
        name: opts.name ?? 'Test client',
        organization_id: opts.organizationId,
        jwks: { keys: [jwk as never] },
        scopes: opts.scopes as never,
      },
    },
    admin,
  );
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const clientId = res.json().data.client_id as string;
  /** A signed assertion; `claims` override the defaults (for the refusal tests). */
  const assertion = async (now: Date, claims: Record<string, unknown> = {}, alg = 'ES384') =>
    new SignJWT({ jti: randomUUID(), ...claims })
      .setProtectedHeader({ alg, kid: jwk.kid })
      .setIssuer(String(claims.iss ?? clientId))
      .setSubject(String(claims.sub ?? clientId))
      .setAudience(String(claims.aud ?? TEST_TOKEN_URL))
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Number(claims.exp ?? Math.floor(now.getTime() / 1000) + 240))
      .sign(privateKey);
  const token = async (now: Date, scope = opts.scopes.join(' ')) => {
    const res = await app.inject({
      method: 'POST',
      url: '/fhir/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: await assertion(now),
        scope,
      }).toString(),
    });
    if (res.statusCode !== 200) throw new Error(`token failed: ${res.statusCode} ${res.body}`);
    return res.json().access_token as string;
  };
  return { clientId, assertion, token };
}
