import { createHash } from 'node:crypto';
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
import { fileTypeFromBuffer } from 'file-type';
import type { Deps } from '../deps.js';
import { openDocumentFiles } from '../documents/files.js';
import { safeFileName, uploadedFile } from '../documents/routes.js';
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
      const { bytes, name } = await uploadedFile(req);
      // Never the client's type: the bytes decide, as for the chart's documents.
      const type = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
      const ext = type && SS_RESOURCE_TYPES[type.mime as keyof typeof SS_RESOURCE_TYPES];
      if (!type || !ext) throw invalid(SS_RESOURCE_TEXT.wrongType, 'file');
      const who = actor(auth, req.ip, clock.now());
      const storageKey = await files.save(bytes);
      let stored = false;
      try {
        const answer = await once(
          db,
          auth.userId,
          addSsResourceFile,
          headers['idempotency-key'],
          who.at,
          async (trx) => {
            const data = await addSsResource(trx, who, {
              organizationId: query.organization_id,
              title: query.title,
              category: query.category,
              description: query.description,
              source: {
                fileName: safeFileName(name, ext),
                contentType: type.mime,
                size: bytes.length,
                sha256: createHash('sha256').update(bytes).digest('hex'),
                storageKey,
              },
            });
            stored = true;
            return { message: MSG.addedSuccessfully, data };
          },
        );
        // A repeated key answers the first upload; this copy of the file is not needed.
        if (!stored) await files.discard(storageKey);
        return answer;
      } catch (error) {
        await files.discard(storageKey);
        throw error;
      }
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
