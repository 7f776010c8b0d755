import { type CallDef, callQueryString, callUrl, uploadPatientDocument } from '@rpm/shared';
import { expect } from 'vitest';
import type { SleepStudiesTable } from '../db/schema.js';
import { multipartFile, signIn, startTestApp, type TestApp } from '../test-app.js';
import { makePatient, placeOf } from '../test-fixtures.js';

/**
 * The world of the case and study view tests (decisions.md "Dental case and sleep study views"): Lakeside's dentist,
 * sleep-lab user and interpreting physician, Northwind's nurse, a patient of Lakeside's practice and one of
 * Northwind's, each with a document on file.
 */

export type Signed = Awaited<ReturnType<typeof signIn>>;

export interface RecordViewWorld {
  readonly t: TestApp;
  /** Laura Chen, role 6 with is_dentist, Lakeside: the Dental Dashboard, not the Sleep Lab. */
  readonly dentist: Signed;
  /** Nina Petrova, role 5 with is_sleeplab_user, Lakeside: the Sleep Lab, not the Dental Dashboard. */
  readonly sleeplab: Signed;
  /** Samuel Adeyemi, an interpreting physician of Lakeside. */
  readonly reader: Signed;
  /** Role 8, Northwind: neither page. */
  readonly nurse: Signed;
  /** A patient of the dentist's practice, and that patient's document. */
  readonly patient: number;
  readonly document: number;
  /** A patient of the nurse's Northwind practice, and that patient's document. */
  readonly foreignPatient: number;
  readonly foreignDocument: number;
}

/** A minimal PDF: the upload keeps only files whose bytes are a PDF or an image. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/** Uploads a PDF for the patient through the chart's own call; answers its document id. */
async function upload(t: TestApp, who: Signed, patientId: number, title: string): Promise<number> {
  const body = multipartFile(PDF, 'report.pdf', 'application/pdf');
  const query = new URLSearchParams({ patient_id: String(patientId), title, category: 'Lab result' });
  const res = await t.app.inject({
    method: 'POST',
    url: `${callUrl(uploadPatientDocument)}?${query}`,
    headers: { ...who.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.document_id;
}

export async function startRecordViewWorld(): Promise<RecordViewWorld> {
  const t = await startTestApp();
  const dentist = await signIn(t.app, 'dentist@demo.test');
  const sleeplab = await signIn(t.app, 'sleeplab@demo.test');
  const reader = await signIn(t.app, 'interpreting@demo.test');
  const nurse = await signIn(t.app, 'role8@demo.test');
  const patient = await makePatient(t.db, await placeOf(t.db, dentist.user.user_id), {
    identity: { firstname: 'Rosa', lastname: 'Hill', dob: '1958-06-12', mrn: 'M4410' },
  });
  const foreignPatient = await makePatient(t.db, await placeOf(t.db, nurse.user.user_id));
  return {
    t,
    dentist,
    sleeplab,
    reader,
    nurse,
    patient,
    document: await upload(t, dentist, patient, 'Sleep study report'),
    foreignPatient,
    foreignDocument: await upload(t, nurse, foreignPatient, 'Northwind report'),
  };
}

/** What a study needs besides its patient; the rest is null. */
type StudyInput = Pick<SleepStudiesTable, 'kind' | 'status'> & {
  readonly ordered_at: Date;
  readonly recorded_on?: string | null;
  readonly reader_id?: number | null;
  readonly technician_id?: number | null;
  readonly ahi?: number | null;
  readonly spo2_nadir?: number | null;
};

/** Inserts a study of the patient; answers its id. */
export async function addStudy(t: TestApp, patientId: number, study: StudyInput): Promise<number> {
  const row = await t.db
    .insertInto('sleep_studies')
    .values({
      patient_id: patientId,
      kind: study.kind,
      status: study.status,
      reader_id: study.reader_id ?? null,
      technician_id: study.technician_id ?? null,
      ordered_at: study.ordered_at,
      recorded_on: study.recorded_on ?? null,
      ahi: study.ahi ?? null,
      spo2_nadir: study.spo2_nadir ?? null,
      device: study.kind === 'psg' ? 'Compumedics Grael, bed 2' : null,
      created_at: study.ordered_at,
    })
    .returning('study_id')
    .executeTakeFirstOrThrow();
  return row.study_id;
}

/** A file call of a view, as the browser makes it. */
export const fileOf = (t: TestApp, call: CallDef, query: Record<string, number>, who: Signed) =>
  t.app.inject({ method: 'GET', url: `${callUrl(call)}${callQueryString(query)}`, headers: who.headers });

/** The answer's status, field and message, digits masked: a foreign record must answer as an unknown one. */
export const answerOf = (res: { statusCode: number; json(): { field?: string; message?: string } }) =>
  `${res.statusCode} ${res.json().field ?? ''} ${(res.json().message ?? '').replace(/\d+/g, '#')}`;
