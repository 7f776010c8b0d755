import fastifyMultipart from '@fastify/multipart';
import {
  DOCUMENT_TEXT,
  DOCUMENT_TYPES,
  deletePatientDocument,
  getPatientDocumentFile,
  getPatientDocuments,
  MSG,
  uploadPatientDocument,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { recordInScope } from '../chart/scoped-record.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { once } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import { openDocumentFiles } from './files.js';
import { addDocument, deleteDocument, documentRecord, patientDocuments } from './store.js';
import { keepUpload, uploadedFile } from './upload.js';
import { answerDocumentFile, viewDocumentFileRoutes } from './view-files.js';

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
      const who = actor(auth, req.ip, clock.now());
      return keepUpload(
        files,
        await uploadedFile(req),
        DOCUMENT_TYPES,
        DOCUMENT_TEXT.wrongType,
        (file, kept) =>
          once(db, auth.userId, uploadPatientDocument, headers['idempotency-key'], who.at, async (trx) => {
            const data = await addDocument(trx, who, query.patient_id, {
              title: query.title,
              category: query.category,
              ...file,
            });
            kept();
            return { message: MSG.addedSuccessfully, data };
          }),
      );
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
