import {
  callQueryString,
  callUrl,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TEXT,
  deletePatientDocument,
  getPatientDocumentFile,
  getPatientDocuments,
  uploadPatientDocument,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChartWorld, type Signed, startChartWorld } from '../chart/chart-test-world.js';
import { TABLE_NAMES } from '../db/schema.js';
import { injectCall, multipartFile } from '../test-app.js';
import { rowCounts } from '../test-rows.js';

let w: ChartWorld;

beforeAll(async () => {
  w = await startChartWorld();
});
afterAll(async () => w.t.close());

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

interface Upload {
  readonly patient_id: number;
  readonly title?: string;
  readonly category?: string;
  readonly bytes?: Buffer;
  readonly name?: string;
  readonly type?: string;
  readonly key?: string;
}

const upload = (u: Upload, who: Signed = w.nurse) => {
  const query = { title: 'Signed consent', category: 'Consent', ...u };
  const body = multipartFile(u.bytes ?? PDF, u.name ?? 'consent.pdf', u.type ?? 'application/pdf');
  return w.t.app.inject({
    method: 'POST',
    url: `${callUrl(uploadPatientDocument)}?${new URLSearchParams({
      patient_id: String(query.patient_id),
      title: query.title,
      category: query.category,
    })}`,
    headers: {
      ...who.headers,
      'content-type': body.contentType,
      ...(u.key ? { 'idempotency-key': u.key } : {}),
    },
    payload: body.payload,
  });
};

const list = (patient = w.patient, who: Signed = w.nurse) =>
  injectCall(w.t.app, getPatientDocuments, { query: { patient_id: patient } }, who);
const file = (id: number, who: Signed = w.nurse) =>
  w.t.app.inject({
    method: 'GET',
    url: `${callUrl(getPatientDocumentFile)}${callQueryString({ document_id: id })}`,
    headers: who.headers,
  });

const auditRows = (action: string, id: number) =>
  w.t.db
    .selectFrom('audit_log')
    .select(['user_id', 'detail'])
    .where('action', '=', action)
    .where('entity_id', '=', String(id))
    .execute();

describe('documents (000 §2.3; issue 13)', () => {
  it('uploads by the bytes, not the label; lists, downloads with no-store and audits each step', async () => {
    // A PDF sent as 'scan.png' with an image type: stored as the PDF it is.
    const res = await upload({ patient_id: w.patient, name: '../../scan.png', type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json().data;
    expect(doc).toMatchObject({
      patient_id: w.patient,
      title: 'Signed consent',
      category: 'Consent',
      file_name: 'scan.pdf',
      content_type: 'application/pdf',
      size_bytes: PDF.length,
    });
    expect(await auditRows('upload_patient_document', doc.document_id)).toHaveLength(1);

    const image = await upload({
      patient_id: w.patient,
      bytes: PNG,
      name: 'wound photo.png',
      title: 'Photo',
    });
    expect(image.json().data).toMatchObject({ content_type: 'image/png', file_name: 'wound photo.png' });

    const page = await list();
    expect(page.json().count).toBe(2);
    expect(page.json().data.map((d: { title: string }) => d.title)).toEqual(['Photo', 'Signed consent']);

    const got = await file(doc.document_id);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['cache-control']).toBe('no-store');
    expect(got.headers['content-disposition']).toBe('attachment; filename="scan.pdf"');
    expect(await auditRows('download_patient_document', doc.document_id)).toHaveLength(1);
  });

  it('refuses mislabelled, oversized, missing or untitled uploads with a 4xx naming the field, writing nothing', async () => {
    const before = await rowCounts(w.t.db, TABLE_NAMES);
    const text = await upload({ patient_id: w.patient, bytes: Buffer.from('just text'), name: 'a.pdf' });
    expect([text.statusCode, text.json()]).toEqual([
      400,
      { status: 400, message: DOCUMENT_TEXT.wrongType, field: 'file' },
    ]);
    const big = Buffer.concat([PDF, Buffer.alloc(DOCUMENT_MAX_BYTES)]);
    const large = await upload({ patient_id: w.patient, bytes: big });
    expect([large.statusCode, large.json().message, large.json().field]).toEqual([
      413,
      DOCUMENT_TEXT.tooLarge,
      'file',
    ]);
    const none = await w.t.app.inject({
      method: 'POST',
      url: `${callUrl(uploadPatientDocument)}?patient_id=${w.patient}&title=X&category=Other`,
      headers: w.nurse.headers,
      payload: {},
    });
    expect([none.statusCode, none.json().field]).toEqual([400, 'file']);
    const untitled = await upload({ patient_id: w.patient, title: '   ' });
    expect([untitled.statusCode, untitled.json().field]).toEqual([400, 'title']);
    const kind = await upload({ patient_id: w.patient, category: 'Selfie' });
    expect([kind.statusCode, kind.json().field]).toEqual([400, 'category']);
    expect(await rowCounts(w.t.db, TABLE_NAMES)).toEqual(before);
  });

  it("answers another practice's patient and documents as unknown ones", async () => {
    const foreignDoc = (await upload({ patient_id: w.foreign }, w.admin)).json().data.document_id;
    const refused = await upload({ patient_id: w.foreign });
    expect([refused.statusCode, refused.json().field]).toEqual([404, 'patient_id']);
    expect((await list(w.foreign)).statusCode).toBe(404);
    const unknown = (await file(2_147_483_000)).json();
    const theirs = await file(foreignDoc);
    expect([theirs.statusCode, theirs.json().field]).toEqual([404, 'document_id']);
    expect(theirs.json().message.replace(/\d+/, '#')).toBe(unknown.message.replace(/\d+/, '#'));
    const del = await injectCall(
      w.t.app,
      deletePatientDocument,
      { body: { document_id: foreignDoc } },
      w.nurse,
    );
    expect(del.statusCode).toBe(404);
    expect((await file(foreignDoc, w.admin)).statusCode).toBe(200);
  });

  it('removes a document from the chart, keeping the record, with an audit row', async () => {
    const id = (await upload({ patient_id: w.patient, title: 'Old referral' })).json().data.document_id;
    const del = await injectCall(w.t.app, deletePatientDocument, { body: { document_id: id } }, w.nurse);
    expect(del.json()).toEqual({ status: 1, message: 'Deleted Successfully' });
    expect((await list()).json().data.map((d: { document_id: number }) => d.document_id)).not.toContain(id);
    expect((await file(id)).statusCode).toBe(404);
    const again = await injectCall(w.t.app, deletePatientDocument, { body: { document_id: id } }, w.nurse);
    expect(again.statusCode).toBe(404);
    const kept = await w.t.db
      .selectFrom('patient_documents')
      .select(['deleted_by', 'deleted_at'])
      .where('document_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(kept.deleted_by).toBe(w.nurse.user.user_id);
    expect(await auditRows('delete_patient_document', id)).toHaveLength(1);
  });

  it('stores one document per Idempotency-Key', async () => {
    const first = await upload({ patient_id: w.patient, title: 'Insurance card', key: 'doc-key-0001' });
    const again = await upload({ patient_id: w.patient, title: 'Insurance card', key: 'doc-key-0001' });
    expect(again.json().data.document_id).toBe(first.json().data.document_id);
    const titles = (await list()).json().data.filter((d: { title: string }) => d.title === 'Insurance card');
    expect(titles).toHaveLength(1);
  });
});
