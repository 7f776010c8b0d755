import type { Bundle, Resource } from '@medplum/fhirtypes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { audit } from '../audit.js';
import type { Deps } from '../deps.js';
import { FHIR_RESOURCE_TYPES, type FhirAccess, type FhirResourceType } from './access.js';
import { exchangeAssertion, OAuthError, type TokenRequest } from './auth/store.js';
import { bulkRoutes } from './bulk/routes.js';
import { capabilityStatement } from './capability.js';
import { FhirError, fhirNotFound, outcome } from './outcome.js';
import { parseSearch } from './params.js';
import { resolveFhirAccess } from './resolve.js';
import { SOURCES } from './sources.js';

/** The FHIR media type every answer carries. */
const FHIR_JSON = 'application/fhir+json; charset=utf-8';
/** When this CapabilityStatement was last changed. */
const RELEASED = '2026-12-03';
/** Ids listed in one audit row at most (the count is always whole). */
const AUDIT_IDS_MAX = 100;

const isType = (type: string): type is FhirResourceType =>
  (FHIR_RESOURCE_TYPES as readonly string[]).includes(type);

/** The API's base URL as the caller reached it (trustProxy gives the forwarded host and protocol). */
const fhirBase = (req: FastifyRequest) => `${req.protocol}://${req.host}/fhir/R4`;

/** Sends a FHIR resource, never cached (health data: architecture.md "Security"). */
function sendFhir(reply: FastifyReply, status: number, body: unknown) {
  return reply
    .status(status)
    .header('content-type', FHIR_JSON)
    .header('cache-control', 'no-store')
    .send(JSON.stringify(body));
}

/** One audit row per FHIR read or search: who, which client, which type, how many, which ids (decisions.md). */
async function auditRead(
  deps: Deps,
  access: FhirAccess,
  action: 'fhir_read' | 'fhir_search',
  type: FhirResourceType,
  resources: readonly Resource[],
  query?: Record<string, unknown>,
) {
  await audit(deps.db, {
    at: deps.clock.now(),
    userId: access.userId,
    actingUserId: access.actingUserId,
    ip: access.ip,
    action,
    entity: `fhir_${type}`,
    entityId: action === 'fhir_read' ? (resources[0]?.id ?? null) : null,
    detail: {
      ...(access.client ? { client_id: access.client.clientId, client_name: access.client.name } : {}),
      count: resources.length,
      ids: resources.slice(0, AUDIT_IDS_MAX).map((r) => r.id),
      ...(query ? { query } : {}),
    },
  });
}

/**
 * A read's audit row, written once its answer is on the wire (decisions.md "FHIR errors and audit"): the caller does
 * not wait for the audit chain's lock and hash, and the request stays open until the row is written, so closing the
 * server waits for it. A failure is logged, never sent: the answer is gone.
 */
async function afterAnswer(req: FastifyRequest, write: Promise<void>): Promise<void> {
  await write.catch((err) => req.log.error({ err }, 'FHIR audit row not written'));
}

/**
 * The FHIR R4 API (issue 43; decisions.md "FHIR R4 API"): `/fhir/R4/metadata`, read and search of each served type,
 * and the SMART token endpoint `/fhir/auth/token`. Its own encapsulated plugin: answers and refusals are FHIR
 * (OperationOutcome) or OAuth bodies, not the product's envelope. Bulk export registers itself beside it (bulk/).
 */
export const fhirRoutes = fp(
  async (app: FastifyInstance, deps: Deps) => {
    await app.register(async (fhir) => {
      fhir.setErrorHandler((err, req, reply) => {
        if (err instanceof FhirError)
          return sendFhir(reply, err.status, outcome(err.status, err.code, err.message, err.expression));
        if (err instanceof OAuthError)
          return reply
            .status(err.status)
            .header('cache-control', 'no-store')
            .send({ error: err.error, error_description: err.message });
        const status = (err as { statusCode?: number }).statusCode;
        if (status && status >= 400 && status < 500)
          return sendFhir(reply, status, outcome(status, 'invalid', (err as Error).message));
        req.log.error({ err }, 'FHIR request failed');
        return sendFhir(reply, 500, outcome(500, 'exception', 'Something went wrong on the server.'));
      });
      fhir.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16_384 },
        (_req, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        },
      );

      fhir.post('/fhir/auth/token', async (req, reply) => {
        const form = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as TokenRequest;
        const tokenUrl = `${req.protocol}://${req.host}/fhir/auth/token`;
        const answer = await exchangeAssertion(deps.db, deps.clock, form, [tokenUrl], req.ip);
        return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(answer);
      });

      bulkRoutes(fhir, deps, fhirBase, sendFhir);

      fhir.get('/fhir/R4/metadata', async (req, reply) =>
        sendFhir(reply, 200, capabilityStatement(fhirBase(req), RELEASED)),
      );

      fhir.get<{ Params: { type: string; id: string } }>('/fhir/R4/:type/:id', async (req, reply) => {
        const { type, id } = req.params;
        if (!isType(type))
          throw new FhirError(404, 'not-supported', `${type} is not served here (see /fhir/R4/metadata).`);
        const access = await resolveFhirAccess(req, deps);
        if (!access.may(type))
          throw new FhirError(403, 'forbidden', `The token's scopes do not include ${type}.`);
        const resource = await SOURCES[type].read(deps.db, access, id);
        if (!resource) throw fhirNotFound(type, id);
        sendFhir(reply, 200, resource);
        await afterAnswer(req, auditRead(deps, access, 'fhir_read', type, [resource]));
        return reply;
      });

      fhir.get<{ Params: { type: string }; Querystring: Record<string, string | string[]> }>(
        '/fhir/R4/:type',
        async (req, reply) => {
          const { type } = req.params;
          if (!isType(type))
            throw new FhirError(404, 'not-supported', `${type} is not served here (see /fhir/R4/metadata).`);
          const access = await resolveFhirAccess(req, deps);
          if (!access.may(type))
            throw new FhirError(403, 'forbidden', `The token's scopes do not include ${type}.`);
          const search = parseSearch(type, req.query);
          const page = await SOURCES[type].search(deps.db, access, search);
          const base = fhirBase(req);
          const self = new URLSearchParams(
            Object.entries(req.query).flatMap(([k, v]): [string, string][] =>
              Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v]],
            ),
          );
          const link: NonNullable<Bundle['link']> = [{ relation: 'self', url: `${base}/${type}?${self}` }];
          if (page.next) {
            const next = new URLSearchParams(self);
            next.set('_cursor', page.next);
            next.set('_count', String(search.count));
            link.push({ relation: 'next', url: `${base}/${type}?${next}` });
          }
          const bundle: Bundle = {
            resourceType: 'Bundle',
            type: 'searchset',
            link,
            entry: page.resources.map((resource) => ({
              fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
              resource,
              search: { mode: 'match' },
            })),
          };
          sendFhir(reply, 200, bundle);
          await afterAnswer(req, auditRead(deps, access, 'fhir_search', type, page.resources, req.query));
          return reply;
        },
      );
    });
  },
  { name: 'fhir' },
);
