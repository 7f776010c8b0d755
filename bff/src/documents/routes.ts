import { createHash } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TEXT,
  DOCUMENT_TYPES,
  deletePatientDocument,
  getPatientDocumentFile,
  getPatientDocuments,
  MSG,
  uploadPatientDocument,
} from '@rpm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { recordInScope } from '../chart/scoped-record.js';
import type { Deps } from '../deps.js';
import { DomainError, invalid, tooLarge } from '../domain-errors.js';
import { registerCall } from '../http/calls.js';
import { once } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import { openDocumentFiles } from './files.js';
import { addDocument, deleteDocument, documentRecord, patientDocuments } from './store.js';
import { answerDocumentFile, viewDocumentFileRoutes } from './view-files.js';

/** The one file part of an upload, whole in memory (at most DOCUMENT_MAX_BYTES) with its name. */
export async function uploadedFile(req: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  if (!req.isMultipart()) throw invalid(DOCUMENT_TEXT.noFile, 'file');
  try {
    const part = await req.file({ limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 0 } });
    if (!part) throw invalid(DOCUMENT_TEXT.noFile, 'file');
    return { bytes: await part.toBuffer(), name: part.filename };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(DOCUMENT_TEXT.tooLarge, 'file');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw invalid('Send one file and nothing else.', 'file');
    throw error;
  }
}

/** A file name safe in a header and on screen, ending in the extension of the type its bytes are. */
export function safeFileName(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const stem = base
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/^[ ._]+/, '')
    .slice(0, 200);
  return `${stem || 'document'}.${ext}`;
}

/** The chart's Documents tab (000 §2.3): upload, list, file, removal; a foreign document answers as unknown. */
export function documentRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  // Encapsulated: the multipart parser serves these calls only.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    const files = await openDocumentFiles(deps.config);
    scope.addHook('onClose', async () => files.close());

    registerCall(scope, deps, getPatientDocuments, async ({ query, auth }) => {
      await assertPatientAccess(db, auth, query.patient_id);
      return patientDocuments(db, query);
    });

    registerCall(scope, deps, uploadPatientDocument, async ({ query, auth, req, headers }) => {
      await assertPatientAccess(db, auth, query.patient_id);
      const { bytes, name } = await uploadedFile(req);
      // Never the client's type: the bytes decide (decisions.md "Documents").
      const type = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
      const ext = type && DOCUMENT_TYPES[type.mime as keyof typeof DOCUMENT_TYPES];
      if (!type || !ext) throw invalid(DOCUMENT_TEXT.wrongType, 'file');
      const who = actor(auth, req.ip, clock.now());
      const storageKey = await files.save(bytes);
      let stored = false;
      try {
        const answer = await once(
          db,
          auth.userId,
          uploadPatientDocument,
          headers['idempotency-key'],
          who.at,
          async (trx) => {
            const data = await addDocument(trx, who, query.patient_id, {
              title: query.title,
              category: query.category,
              fileName: safeFileName(name, ext),
              contentType: type.mime,
              size: bytes.length,
              sha256: createHash('sha256').update(bytes).digest('hex'),
              storageKey,
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

    registerCall(scope, deps, getPatientDocumentFile, async ({ query, auth, req, reply }) => {
      const doc = await recordInScope(db, auth, documentRecord, query.document_id);
      return answerDocumentFile(deps, files, { auth, ip: req.ip, reply }, doc);
    });

    // The same files from the Dental Dashboard's case view and the Sleep Lab's study view.
    viewDocumentFileRoutes(scope, deps, files);

    registerCall(scope, deps, deletePatientDocument, async ({ body, auth, req }) => {
      const doc = await recordInScope(db, auth, documentRecord, body.document_id);
      const who = actor(auth, req.ip, clock.now());
      await db.transaction().execute((trx) => deleteDocument(trx, who, doc.document_id));
      return { message: DOCUMENT_TEXT.deleted };
    });
  });
}
