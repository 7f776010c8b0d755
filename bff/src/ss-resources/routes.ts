import fastifyMultipart from '@fastify/multipart';
import {
  addSsResourceFile,
  addSsResourceLink,
  deleteSsResource,
  getSsResourceFile,
  MSG,
  SS_RESOURCE_TEXT,
  SS_RESOURCE_TYPES,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { openDocumentFiles } from '../documents/files.js';
import { keepUpload, uploadedFile } from '../documents/upload.js';
import { invalid } from '../domain-errors.js';
import { attachment } from '../http/attachment.js';
import { registerCall } from '../http/calls.js';
import { once } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import {
  addSsResource,
  assertResourceOrganization,
  auditSsResourceRead,
  deleteSsResource as removeResource,
  ssResourceInScope,
} from './store.js';

/** SS Resource's writes and file (decisions.md "SS Resource"); the list is registered with every list. */
export function ssResourceRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  // Encapsulated: the multipart parser serves these calls only.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    const files = await openDocumentFiles(deps.config);
    scope.addHook('onClose', async () => files.close());

    registerCall(scope, deps, addSsResourceFile, async ({ query, auth, req, headers }) => {
      await assertResourceOrganization(db, auth, query.organization_id);
      const who = actor(auth, req.ip, clock.now());
      return keepUpload(
        files,
        await uploadedFile(req),
        SS_RESOURCE_TYPES,
        SS_RESOURCE_TEXT.wrongType,
        (source, kept) =>
          once(db, auth.userId, addSsResourceFile, headers['idempotency-key'], who.at, async (trx) => {
            const data = await addSsResource(trx, who, {
              organizationId: query.organization_id,
              title: query.title,
              category: query.category,
              description: query.description,
              source,
            });
            kept();
            return { message: MSG.addedSuccessfully, data };
          }),
      );
    });

    registerCall(scope, deps, getSsResourceFile, async ({ query, auth, req, reply }) => {
      const row = await ssResourceInScope(db, auth, query.resource_id);
      if (row.storage_key === null || row.file_name === null || row.content_type === null)
        throw invalid('This resource is a link, not a file.', 'resource_id');
      const bytes = await files.read(row.storage_key);
      await auditSsResourceRead(db, actor(auth, req.ip, clock.now()), row.resource_id);
      // Sandboxed so that a browser never runs it (as the chart's documents).
      return attachment(reply, row.file_name, row.content_type)
        .header('content-security-policy', "sandbox; default-src 'none'")
        .send(bytes);
    });
  });

  registerCall(app, deps, addSsResourceLink, async ({ body, auth, req, headers }) => {
    await assertResourceOrganization(db, auth, body.organization_id);
    const who = actor(auth, req.ip, clock.now());
    return once(db, auth.userId, addSsResourceLink, headers['idempotency-key'], who.at, async (trx) => ({
      message: MSG.addedSuccessfully,
      data: await addSsResource(trx, who, {
        organizationId: body.organization_id,
        title: body.title,
        category: body.category,
        description: body.description,
        source: { url: body.url },
      }),
    }));
  });

  registerCall(app, deps, deleteSsResource, async ({ body, auth, req }) => {
    await removeResource(db, actor(auth, req.ip, clock.now()), auth, body.resource_id);
    return { message: SS_RESOURCE_TEXT.deleted };
  });
}
