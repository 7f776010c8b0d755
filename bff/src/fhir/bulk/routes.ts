import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { audit } from '../../audit.js';
import type { Deps } from '../../deps.js';
import { FHIR_RESOURCE_TYPES, type FhirAccess, type FhirResourceType } from '../access.js';
import { FhirError, outcome } from '../outcome.js';
import { badParam, dateBound } from '../params.js';
import { resolveFhirAccess } from '../resolve.js';
import {
  bulkRoot,
  cancelExport,
  DEFAULT_TYPES,
  findExport,
  runExport,
  startExport,
  sweepExports,
} from './store.js';

const NDJSON = ['application/fhir+ndjson', 'application/ndjson', 'ndjson'];
const EXPORT_ID = /^[0-9a-f-]{36}$/;

type Send = (reply: import('fastify').FastifyReply, status: number, body: unknown) => unknown;

/**
 * Bulk Data export's routes (issue 43 §3; decisions.md "FHIR Bulk export"), inside the FHIR plugin: kick-off of
 * `Patient/$export` and `Group/{practiceId}/$export`, status and manifest, cancel, and the files.
 */
export function bulkRoutes(
  fhir: FastifyInstance,
  deps: Deps,
  base: (req: FastifyRequest) => string,
  send: Send,
) {
  const jobs = new Set<Promise<void>>();
  let stopping = false;
  fhir.addHook('preClose', async () => {
    stopping = true;
    await Promise.allSettled(jobs);
  });

  const kickOff = async (
    req: FastifyRequest<{ Querystring: Record<string, string> }>,
    practiceId: number | null,
  ) => {
    const access = await resolveFhirAccess(req, deps);
    if (req.headers.prefer !== 'respond-async')
      throw new FhirError(400, 'invalid', 'Bulk export needs the header Prefer: respond-async.', 'Prefer');
    const format = req.query._outputFormat;
    if (format !== undefined && !NDJSON.includes(format))
      throw badParam('_outputFormat', '_outputFormat must be application/fhir+ndjson');
    const types = req.query._type
      ? req.query._type.split(',').map((t) => {
          if (!(FHIR_RESOURCE_TYPES as readonly string[]).includes(t))
            throw badParam('_type', `${t} is not a type this server exports`);
          return t as FhirResourceType;
        })
      : DEFAULT_TYPES.filter((t) => access.may(t));
    const refused = types.filter((t) => !access.may(t));
    if (refused.length)
      throw new FhirError(403, 'forbidden', `The token's scopes do not include ${refused.join(', ')}.`);
    const since = req.query._since ? dateBound('_since', req.query._since).from : null;
    if (practiceId !== null && !(await practiceVisible(deps, access, practiceId)))
      throw new FhirError(404, 'not-found', `Group/${practiceId} is not known.`);
    await sweepExports(deps.db, deps.clock, deps.config);
    const id = await startExport(deps.db, deps.clock, access, {
      types,
      since,
      practiceId,
      requestUrl: `${base(req)}${req.url.replace(/^\/fhir\/R4/, '')}`,
    });
    if (id === null)
      throw new FhirError(429, 'throttled', 'An export of this client is running; wait for it or cancel it.');
    const job = runExport(deps.db, deps.clock, deps.config, id, () => stopping)
      .catch((err) => fhir.log.error({ err }, 'bulk export failed'))
      .finally(() => jobs.delete(job));
    jobs.add(job);
    return id;
  };

  fhir.get<{ Querystring: Record<string, string> }>('/fhir/R4/Patient/$export', async (req, reply) => {
    const id = await kickOff(req, null);
    reply.header('content-location', `${base(req)}/$export-status/${id}`);
    return send(reply, 202, outcome(202, 'informational', 'Export started.'));
  });

  fhir.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
    '/fhir/R4/Group/:id/$export',
    async (req, reply) => {
      const practiceId = /^[1-9]\d{0,9}$/.test(req.params.id) ? Number(req.params.id) : 0;
      const id = await kickOff(req, practiceId);
      reply.header('content-location', `${base(req)}/$export-status/${id}`);
      return send(reply, 202, outcome(202, 'informational', 'Export started.'));
    },
  );

  fhir.get<{ Params: { id: string } }>('/fhir/R4/$export-status/:id', async (req, reply) => {
    const access = await resolveFhirAccess(req, deps);
    await sweepExports(deps.db, deps.clock, deps.config);
    const row = EXPORT_ID.test(req.params.id)
      ? await findExport(deps.db, req.params.id, access.requester)
      : undefined;
    if (!row) throw new FhirError(404, 'not-found', 'No such export.');
    if (row.status === 'running')
      return reply
        .status(202)
        .header('x-progress', row.progress || 'starting')
        .header('retry-after', '2')
        .header('cache-control', 'no-store')
        .send();
    if (row.status === 'failed')
      return send(reply, 500, outcome(500, 'exception', row.error ?? 'The export failed.'));
    return send(reply, 200, {
      transactionTime: row.requested_at.toISOString(),
      request: row.request_url,
      requiresAccessToken: true,
      output: row.output.map((o) => ({
        type: o.type,
        url: `${base(req)}/$export-file/${row.export_id}/${o.file}`,
        count: o.count,
      })),
      error: [],
    });
  });

  fhir.delete<{ Params: { id: string } }>('/fhir/R4/$export-status/:id', async (req, reply) => {
    const access = await resolveFhirAccess(req, deps);
    const ok =
      EXPORT_ID.test(req.params.id) &&
      (await cancelExport(deps.db, deps.config, req.params.id, access.requester));
    if (!ok) throw new FhirError(404, 'not-found', 'No such export.');
    return send(reply, 202, outcome(202, 'informational', 'Export cancelled.'));
  });

  fhir.get<{ Params: { id: string; file: string } }>(
    '/fhir/R4/$export-file/:id/:file',
    async (req, reply) => {
      const access = await resolveFhirAccess(req, deps);
      await sweepExports(deps.db, deps.clock, deps.config);
      const row = EXPORT_ID.test(req.params.id)
        ? await findExport(deps.db, req.params.id, access.requester)
        : undefined;
      const entry = row?.status === 'done' ? row.output.find((o) => o.file === req.params.file) : undefined;
      if (!row || !entry) throw new FhirError(404, 'not-found', 'No such file (it may have expired).');
      await audit(deps.db, {
        at: deps.clock.now(),
        userId: access.userId,
        actingUserId: access.actingUserId,
        ip: access.ip,
        action: 'fhir_export_file',
        entity: 'fhir_export',
        entityId: row.export_id,
        detail: {
          ...(access.client ? { client_id: access.client.clientId } : {}),
          type: entry.type,
          count: entry.count,
        },
      });
      return reply
        .header('content-type', 'application/fhir+ndjson')
        .header('cache-control', 'no-store')
        .send(createReadStream(join(bulkRoot(deps.config), row.export_id, entry.file)));
    },
  );
}

/** Whether the practice is one the caller may read (a Group of another organisation answers 404). */
async function practiceVisible(deps: Deps, access: FhirAccess, practiceId: number): Promise<boolean> {
  const row = await sql<{ ok: boolean }>`select true as ok from practices p
    where p.practice_id = ${practiceId} and ${access.organizationVisible('p.organization_id')}`.execute(
    deps.db,
  );
  return row.rows.length > 0;
}
