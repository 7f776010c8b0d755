import { getDentalCaseDocumentFile, getSleepLabDocumentFile } from '@rpm/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AuthContext } from '../auth/guard.js';
import { storedRecord } from '../chart/scoped-record.js';
import { dentalCasePatient } from '../dental/store.js';
import type { Deps } from '../deps.js';
import { notFound } from '../domain-errors.js';
import { attachment } from '../http/attachment.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { patientScope } from '../scope.js';
import { labStudyPatient } from '../sleep/study-view-store.js';
import type { DocumentFiles } from './files.js';
import { auditDocumentRead, documentRecord } from './store.js';

/** A stored document with where its file is (store.ts documentRecord). */
type StoredDocument = Awaited<ReturnType<typeof documentRecord.load>> & object;

/** Answers a document's file as a download, audited as a read, sandboxed so that a browser never runs it. */
export async function answerDocumentFile(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  files: DocumentFiles,
  { auth, ip, reply }: { auth: AuthContext; ip: string; reply: FastifyReply },
  doc: StoredDocument,
): Promise<FastifyReply> {
  const bytes = await files.read(doc.storage_key);
  await auditDocumentRead(db, actor(auth, ip, clock.now()), doc.document_id, doc.patient_id);
  return attachment(reply, doc.file_name, doc.content_type)
    .header('content-security-policy', "sandbox; default-src 'none'")
    .send(bytes);
}

/**
 * The document files of a Dental Dashboard case's view and a Sleep Lab study's view (issue 41 §4;
 * decisions.md "Dental case and sleep study views"), on their list's page rather than the chart's: the record is
 * checked in the caller's scope first (404 naming its id), then the document must be its patient's (else 404 as an
 * unknown one).
 */
export function viewDocumentFileRoutes(scope: FastifyInstance, deps: Deps, files: DocumentFiles): void {
  const { db } = deps;
  /** The document when it is the patient's; another patient's answers as an unknown document. */
  const documentOf = async (patientId: number, documentId: number) => {
    const doc = await storedRecord(db, documentRecord, documentId);
    if (doc.patient_id !== patientId) throw notFound(documentRecord.unknown(documentId), 'document_id');
    return doc;
  };

  registerCall(scope, deps, getDentalCaseDocumentFile, async ({ query, auth, req, reply }) => {
    const patientId = await dentalCasePatient(db, await patientScope(db, auth), query.case_id);
    const doc = await documentOf(patientId, query.document_id);
    return answerDocumentFile(deps, files, { auth, ip: req.ip, reply }, doc);
  });

  registerCall(scope, deps, getSleepLabDocumentFile, async ({ query, auth, req, reply }) => {
    const patientId = await labStudyPatient(db, await patientScope(db, auth), query.study_id);
    const doc = await documentOf(patientId, query.document_id);
    return answerDocumentFile(deps, files, { auth, ip: req.ip, reply }, doc);
  });
}
