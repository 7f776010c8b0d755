import type { CallQuery, DOCUMENT_CATEGORIES, getPatientDocuments } from '@rpm/shared';
import type { Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import { scopedRecord } from '../chart/scoped-record.js';
import type { Database, Db } from '../db/schema.js';
import { notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';

/** Documents with their uploader's name, as the Documents tab shows them; removed ones never. */
const documentQuery = (db: Db) =>
  db
    .selectFrom('patient_documents as d')
    .innerJoin('users as u', 'u.user_id', 'd.uploaded_by')
    .select([
      'd.document_id',
      'd.patient_id',
      'd.title',
      'd.category',
      'd.file_name',
      'd.content_type',
      'd.size_bytes',
      'd.uploaded_at',
      'd.storage_key',
      'u.firstname',
      'u.lastname',
    ])
    .where('d.deleted_at', 'is', null);

type DocumentRow = Awaited<ReturnType<ReturnType<typeof documentQuery>['executeTakeFirstOrThrow']>>;

const documentDto = (d: DocumentRow) => ({
  document_id: d.document_id,
  patient_id: d.patient_id,
  title: d.title,
  category: d.category as (typeof DOCUMENT_CATEGORIES)[number],
  file_name: d.file_name,
  content_type: d.content_type,
  size_bytes: d.size_bytes,
  uploaded_by_name: fullName(d.firstname, d.lastname),
  uploaded_at: d.uploaded_at.toISOString(),
});

/** A page of the patient's documents, newest first, and how many there are. */
export async function patientDocuments(db: Db, query: CallQuery<typeof getPatientDocuments>) {
  const count = await db
    .selectFrom('patient_documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('patient_id', '=', query.patient_id)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  const rows = await documentQuery(db)
    .where('d.patient_id', '=', query.patient_id)
    .orderBy('d.uploaded_at', 'desc')
    .orderBy('d.document_id', 'desc')
    .limit(query.rowsPerPage)
    .offset(query.page * query.rowsPerPage)
    .execute();
  return { count: Number(count.n), data: rows.map(documentDto) };
}

/** What an upload stores about its file. */
export interface StoredFile {
  readonly title: string;
  readonly category: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
  readonly sha256: string;
  readonly storageKey: string;
}

/** Records an uploaded file of the patient with its audit row, in the caller's transaction. */
export async function addDocument(
  trx: Transaction<Database>,
  actor: AuditActor,
  patientId: number,
  file: StoredFile,
) {
  const row = await trx
    .insertInto('patient_documents')
    .values({
      patient_id: patientId,
      title: file.title.trim(),
      category: file.category,
      file_name: file.fileName,
      content_type: file.contentType,
      size_bytes: file.size,
      sha256: file.sha256,
      storage_key: file.storageKey,
      uploaded_by: actor.userId,
      acting_user_id: actor.actingUserId ?? null,
      uploaded_at: actor.at,
    })
    .returning('document_id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...actor,
    action: 'upload_patient_document',
    entity: 'patient_document',
    entityId: row.document_id,
    detail: {
      patient_id: patientId,
      content_type: file.contentType,
      size_bytes: file.size,
      sha256: file.sha256,
    },
  });
  return documentDto(
    await documentQuery(trx).where('d.document_id', '=', row.document_id).executeTakeFirstOrThrow(),
  );
}

/** A document still in the chart, with where its file is; a removed one is as unknown. */
export const documentRecord = scopedRecord({
  table: 'patient_documents',
  key: 'document_id',
  entity: 'patient_document',
  unknown: (id) => `Document ${id} does not exist.`,
  load: async (db, id) => {
    const row = await documentQuery(db).where('d.document_id', '=', id).executeTakeFirst();
    return row && { ...documentDto(row), storage_key: row.storage_key };
  },
});

/** Audits a view or download of a document (who read which patient's paper, and when). */
export async function auditDocumentRead(db: Db, actor: AuditActor, documentId: number, patientId: number) {
  await audit(db, {
    ...actor,
    action: 'download_patient_document',
    entity: 'patient_document',
    entityId: documentId,
    detail: { patient_id: patientId },
  });
}

/** Removes a document from the chart (the row and file are kept, marked), with its audit row. */
export async function deleteDocument(trx: Transaction<Database>, actor: AuditActor, documentId: number) {
  const removed = await trx
    .updateTable('patient_documents')
    .set({ deleted_by: actor.userId, deleted_at: actor.at })
    .where('document_id', '=', documentId)
    .where('deleted_at', 'is', null)
    .returning(['patient_id', 'title'])
    .executeTakeFirst();
  if (!removed) throw notFound(documentRecord.unknown(documentId), 'document_id');
  await audit(trx, {
    ...actor,
    action: 'delete_patient_document',
    entity: 'patient_document',
    entityId: documentId,
    detail: { patient_id: removed.patient_id, title: removed.title },
  });
}
