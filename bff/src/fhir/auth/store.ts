import { createHash, randomBytes } from 'node:crypto';
import type { CallBody, registerFhirClient } from '@rpm/shared';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  importJWK,
  type JSONWebKeySet,
  jwtVerify,
} from 'jose';
import { sql } from 'kysely';
import { type AuditActor, audit } from '../../audit.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/schema.js';
import { forbidden, invalid, notFound } from '../../domain-errors.js';

/**
 * SMART Backend Services (decisions.md "SMART backend services"): clients registered by an administrator, the
 * token exchange of RFC 7523 (`private_key_jwt`, RS384 or ES384) and the opaque access tokens it gives, kept hashed.
 */

/** How long an access token lives (SMART recommends at most five minutes). */
const ACCESS_TOKEN_SECONDS = 300;
/** The furthest an assertion's exp may lie ahead (SMART Backend Services: five minutes). */
const ASSERTION_MAX_SECONDS = 300;
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A refusal of the token endpoint: an OAuth error body with its status (RFC 6749 §5.2). */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 429,
    readonly error:
      | 'invalid_request'
      | 'invalid_client'
      | 'invalid_grant'
      | 'invalid_scope'
      | 'unsupported_grant_type'
      | 'slow_down',
    description: string,
  ) {
    super(description);
  }
}

/** Registers a client for one of the caller's organisations; answers its client_id. */
export async function registerClient(
  db: Db,
  by: AuditActor,
  body: CallBody<typeof registerFhirClient>,
  organizations: 'all' | readonly number[],
): Promise<string> {
  if (organizations !== 'all' && !organizations.includes(body.organization_id))
    throw forbidden('You may register clients of your own organizations only.', 'organization_id');
  for (const [i, key] of body.jwks.keys.entries()) {
    try {
      await importJWK(key as Parameters<typeof importJWK>[0], key.kty === 'RSA' ? 'RS384' : 'ES384');
    } catch {
      throw invalid('This key cannot be read as a public key.', `jwks.keys.${i}`);
    }
  }
  const org = await db
    .selectFrom('organizations')
    .select('organization_id')
    .where('organization_id', '=', body.organization_id)
    .executeTakeFirst();
  if (!org) throw notFound(`Organization ${body.organization_id} does not exist.`, 'organization_id');
  const clientId = randomBytes(18).toString('base64url');
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('fhir_clients')
      .values({
        client_id: clientId,
        name: body.name,
        organization_id: body.organization_id,
        jwks: JSON.stringify(body.jwks),
        scopes: body.scopes,
        created_by: by.userId,
        created_at: by.at,
      })
      .execute();
    await audit(trx, {
      ...by,
      action: 'fhir_client_register',
      entity: 'fhir_client',
      entityId: clientId,
      detail: { name: body.name, organization_id: body.organization_id, scopes: body.scopes },
    });
    return clientId;
  });
}

/** Revokes a client of the caller's organisations (404 otherwise): its tokens stop at once. */
export async function revokeClient(
  db: Db,
  by: AuditActor,
  clientId: string,
  organizations: 'all' | readonly number[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('fhir_clients')
      .set({ revoked_at: by.at, revoked_by: by.userId })
      .where('client_id', '=', clientId)
      .where('revoked_at', 'is', null)
      .$if(organizations !== 'all', (q) =>
        q.where('organization_id', 'in', [...(organizations as number[]), 0]),
      )
      .returning('fhir_client_id')
      .executeTakeFirst();
    if (!row) throw notFound(`Client ${clientId} does not exist or is revoked already.`, 'client_id');
    await trx.deleteFrom('fhir_access_tokens').where('fhir_client_id', '=', row.fhir_client_id).execute();
    await audit(trx, { ...by, action: 'fhir_client_revoke', entity: 'fhir_client', entityId: clientId });
  });
}

/** The clients of the caller's organisations, newest first. */
export async function listClients(db: Db, organizations: 'all' | readonly number[]) {
  const rows = await db
    .selectFrom('fhir_clients as c')
    .innerJoin('organizations as o', 'o.organization_id', 'c.organization_id')
    .select([
      'c.client_id',
      'c.name',
      'c.organization_id',
      'o.organization_name',
      'c.scopes',
      'c.created_at',
      'c.revoked_at',
    ])
    .$if(organizations !== 'all', (q) =>
      q.where('c.organization_id', 'in', [...(organizations as number[]), 0]),
    )
    .orderBy('c.created_at', 'desc')
    .orderBy('c.fhir_client_id', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    revoked_at: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
  }));
}

/** The token request's form fields. */
export interface TokenRequest {
  readonly grant_type?: string;
  readonly client_assertion_type?: string;
  readonly client_assertion?: string;
  readonly scope?: string;
}

/**
 * The token exchange: checks the form, the client, the assertion's signature against the client's keys, its issuer,
 * subject, audience (`audiences`: this endpoint's URLs), lifetime and one-time jti, and grants the requested scopes
 * the client holds. Every refusal is an {@link OAuthError}.
 */
export async function exchangeAssertion(
  db: Db,
  clock: Clock,
  form: TokenRequest,
  audiences: readonly string[],
  ip: string | null,
): Promise<{ access_token: string; token_type: 'bearer'; expires_in: number; scope: string }> {
  if (form.grant_type !== 'client_credentials')
    throw new OAuthError(400, 'unsupported_grant_type', 'grant_type must be client_credentials');
  if (form.client_assertion_type !== ASSERTION_TYPE)
    throw new OAuthError(400, 'invalid_request', `client_assertion_type must be ${ASSERTION_TYPE}`);
  if (!form.client_assertion) throw new OAuthError(400, 'invalid_request', 'client_assertion is missing');
  if (!form.scope?.trim()) throw new OAuthError(400, 'invalid_request', 'scope is missing');
  let claims: ReturnType<typeof decodeJwt>;
  let alg: string | undefined;
  try {
    claims = decodeJwt(form.client_assertion);
    alg = decodeProtectedHeader(form.client_assertion).alg;
  } catch {
    throw new OAuthError(400, 'invalid_request', 'client_assertion is not a JWT');
  }
  if (alg !== 'RS384' && alg !== 'ES384')
    throw new OAuthError(401, 'invalid_client', 'The assertion must be signed with RS384 or ES384.');
  const clientId = typeof claims.iss === 'string' ? claims.iss : '';
  const client = await db
    .selectFrom('fhir_clients')
    .select(['fhir_client_id', 'client_id', 'name', 'organization_id', 'jwks', 'scopes', 'revoked_at'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!client || client.revoked_at !== null)
    throw new OAuthError(401, 'invalid_client', 'The client is not registered or was revoked.');
  const now = clock.now();
  let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
  try {
    ({ payload } = await jwtVerify(
      form.client_assertion,
      createLocalJWKSet(client.jwks as unknown as JSONWebKeySet),
      {
        algorithms: ['RS384', 'ES384'],
        issuer: client.client_id,
        subject: client.client_id,
        audience: [...audiences],
        currentDate: now,
        requiredClaims: ['exp', 'jti'],
        clockTolerance: 30,
      },
    ));
  } catch (error) {
    const reason =
      error instanceof errors.JWTExpired
        ? 'The assertion has expired.'
        : error instanceof errors.JWTClaimValidationFailed
          ? `The assertion's ${error.claim} claim is not accepted.`
          : error instanceof errors.JWKSNoMatchingKey ||
              error instanceof errors.JWSSignatureVerificationFailed
            ? 'The assertion is not signed by a key of this client.'
            : 'The assertion is not accepted.';
    throw new OAuthError(401, 'invalid_client', reason);
  }
  const exp = Number(payload.exp);
  if (exp * 1000 - now.getTime() > (ASSERTION_MAX_SECONDS + 30) * 1000)
    throw new OAuthError(401, 'invalid_client', 'The assertion must expire within five minutes.');
  const jti = String(payload.jti).slice(0, 200);
  const granted = form.scope
    .trim()
    .split(/\s+/)
    .filter(
      (s) =>
        client.scopes.includes(s) ||
        (client.scopes.includes('system/*.rs') && /^system\/[A-Za-z]+\.rs$/.test(s)),
    );
  if (granted.length === 0)
    throw new OAuthError(400, 'invalid_scope', 'None of the requested scopes is granted to this client.');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('fhir_assertion_jtis').where('expires_at', '<', now).execute();
    const used = await trx
      .insertInto('fhir_assertion_jtis')
      .values({ fhir_client_id: client.fhir_client_id, jti, expires_at: new Date((exp + 60) * 1000) })
      .onConflict((oc) => oc.columns(['fhir_client_id', 'jti']).doNothing())
      .executeTakeFirst();
    if (Number(used.numInsertedOrUpdatedRows ?? 0) === 0)
      throw new OAuthError(401, 'invalid_client', 'This assertion was used before (its jti is spent).');
    await trx.deleteFrom('fhir_access_tokens').where('expires_at', '<', now).execute();
    await trx
      .insertInto('fhir_access_tokens')
      .values({
        token_hash: tokenHash(token),
        fhir_client_id: client.fhir_client_id,
        scopes: granted,
        issued_at: now,
        expires_at: expiresAt,
      })
      .execute();
    await audit(trx, {
      at: now,
      userId: null,
      ip,
      action: 'fhir_token',
      entity: 'fhir_client',
      entityId: client.client_id,
      detail: { scopes: granted },
    });
  });
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    scope: granted.join(' '),
  };
}

/** The live token's client and scopes, or undefined. */
export async function tokenClient(db: Db, token: string, now: Date) {
  const result = await sql<{
    client_id: string;
    name: string;
    organization_id: number;
    scopes: string[];
    expires_at: Date;
  }>`
    select c.client_id, c.name, c.organization_id, t.scopes, t.expires_at from fhir_access_tokens t
    join fhir_clients c on c.fhir_client_id = t.fhir_client_id
    where t.token_hash = ${tokenHash(token)} and t.expires_at > ${now} and c.revoked_at is null`.execute(db);
  return result.rows[0];
}
