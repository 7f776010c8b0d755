import { z } from 'zod';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId } from './ids.js';

/**
 * SMART Backend Services clients of the FHIR API (issue 43; decisions.md "SMART backend services"): an
 * administrator registers a client with its public keys, the organisation it serves and its scopes; the client then
 * signs an assertion for a token at /fhir/auth/token. Ours; `rpm/<area>/<verb>` like the spec's calls.
 */

export const FHIR_CLIENTS_PAGE = 'FHIR Clients';

/** The resource types a client may be granted, and their SMART v2 read-and-search scopes. */
export const FHIR_SCOPE_TYPES = [
  'Patient',
  'Practitioner',
  'Organization',
  'Location',
  'Observation',
  'Device',
  'Condition',
  'CarePlan',
] as const;
export const FHIR_SCOPES = [...FHIR_SCOPE_TYPES.map((type) => `system/${type}.rs`), 'system/*.rs'] as const;

/** Private key members: a JWK Set given to us holds public keys only. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'] as const;

/** One public key: RSA (RS384) or EC P-384 (ES384). */
const publicJwk = z
  .object({
    kty: z.enum(['RSA', 'EC'], 'kty must be RSA or EC'),
    kid: z.string().min(1).max(200).optional(),
    alg: z.enum(['RS384', 'ES384'], 'alg must be RS384 or ES384').optional(),
    use: z.literal('sig').optional(),
    n: z.string().max(2000).optional(),
    e: z.string().max(20).optional(),
    crv: z.literal('P-384', 'crv must be P-384').optional(),
    x: z.string().max(200).optional(),
    y: z.string().max(200).optional(),
  })
  .catchall(z.unknown())
  .refine(
    (key) => PRIVATE_MEMBERS.every((member) => !(member in key)),
    'a private key was given: send public keys only',
  )
  .refine(
    (key) => (key.kty === 'RSA' ? Boolean(key.n && key.e) : Boolean(key.crv && key.x && key.y)),
    'incomplete key',
  );

export const fhirJwks = z.object({
  keys: z.array(publicJwk).min(1, 'at least one key').max(10, 'at most 10 keys'),
});

export const registerFhirClient = defineCall({
  method: 'POST',
  path: 'rpm/fhir/registerClient',
  spec: 'issue 43 §2 (ours; decisions.md "SMART backend services")',
  summary: 'Registers a SMART backend-services client of one organisation with its public keys and scopes',
  access: { page: FHIR_CLIENTS_PAGE },
  body: z.object({
    name: z.string().trim().min(1, 'Required').max(100, 'At most 100 characters'),
    organization_id: recordId,
    jwks: fhirJwks,
    scopes: z
      .array(z.enum(FHIR_SCOPES, 'an unknown scope'))
      .min(1, 'Choose at least one scope')
      .refine((s) => new Set(s).size === s.length, 'Each scope once'),
  }),
  response: okAnswer.extend({ data: z.object({ client_id: z.string() }) }),
});

export const revokeFhirClient = defineCall({
  method: 'POST',
  path: 'rpm/fhir/revokeClient',
  spec: 'issue 43 §2 (ours; decisions.md "SMART backend services")',
  summary: 'Revokes a client: its tokens stop working at once and it gets no new ones',
  access: { page: FHIR_CLIENTS_PAGE },
  body: z.object({ client_id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'not a client id') }),
  response: okAnswer,
});

export const fhirClientRow = z.object({
  client_id: z.string(),
  name: z.string(),
  organization_id: z.number().int(),
  organization_name: z.string(),
  scopes: z.array(z.string()),
  created_at: z.iso.datetime({ offset: true }),
  revoked_at: z.iso.datetime({ offset: true }).nullable(),
});
export type FhirClientRow = z.infer<typeof fhirClientRow>;

export const getFhirClients = defineCall({
  method: 'GET',
  path: 'rpm/fhir/getClients',
  spec: 'issue 43 §2 (ours; decisions.md "SMART backend services")',
  summary: "The clients of the caller's organisations (every one for role 1), newest first",
  access: { page: FHIR_CLIENTS_PAGE },
  response: z.object({ status: z.literal(1), data: z.array(fhirClientRow) }),
});
