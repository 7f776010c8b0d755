import { advanceDentalStage, getDentalCase, getDentalCaseDocumentFile, isoDay } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addStudy,
  answerOf,
  fileOf,
  PDF,
  type RecordViewWorld,
  startRecordViewWorld,
} from '../sleep/record-view-test-world.js';
import { injectCall } from '../test-app.js';

let w: RecordViewWorld;
/** The Lakeside patient's case, at Insertion. */
let caseId: number;
/** A case of the Northwind patient: outside every Lakeside user's scope. */
let foreignCase: number;
let hst: number;
let psg: number;

const at = (text: string) => new Date(text);

async function addCase(patientId: number, dentistId: number): Promise<number> {
  const row = await w.t.db
    .insertInto('oral_appliance_cases')
    .values({
      patient_id: patientId,
      dentist_id: dentistId,
      stage: 'insertion',
      referred_on: '2026-01-05',
      impression_on: '2026-01-26',
      insertion_on: '2026-02-16',
      created_at: at('2026-01-05T10:00:00Z'),
      updated_at: at('2026-02-16T10:00:00Z'),
    })
    .returning('case_id')
    .executeTakeFirstOrThrow();
  return row.case_id;
}

beforeAll(async () => {
  w = await startRecordViewWorld();
  caseId = await addCase(w.patient, w.dentist.user.user_id);
  foreignCase = await addCase(w.foreignPatient, w.dentist.user.user_id);
  // The diagnostic home test behind the referral, signed; a follow-up PSG after the insertion, recorded; an
  // oximetry, which does not measure apnea and is left out.
  hst = await addStudy(w.t, w.patient, {
    kind: 'hst',
    status: 'interpreted',
    ordered_at: at('2025-12-10T09:00:00Z'),
    recorded_on: '2025-12-12',
    reader_id: w.reader.user.user_id,
    ahi: 22.5,
    spo2_nadir: 81,
  });
  await w.t.db
    .insertInto('sleep_interpretations')
    .values({
      study_id: hst,
      findings: 'Technically adequate study.',
      impression: 'Moderate obstructive sleep apnea (AHI 22.5 per hour).',
      recommendations: 'Oral appliance therapy.',
      updated_by: w.reader.user.user_id,
      updated_at: at('2025-12-14T10:00:00Z'),
      signed_by: w.reader.user.user_id,
      signed_at: at('2025-12-14T10:00:00Z'),
    })
    .execute();
  psg = await addStudy(w.t, w.patient, {
    kind: 'psg',
    status: 'recorded',
    ordered_at: at('2026-02-16T09:00:00Z'),
    recorded_on: '2026-02-20',
    technician_id: w.sleeplab.user.user_id,
    ahi: 6.1,
    spo2_nadir: 89,
  });
  await addStudy(w.t, w.patient, {
    kind: 'oximetry',
    status: 'ordered',
    ordered_at: at('2026-02-21T09:00:00Z'),
  });
});
afterAll(async () => w.t.close());

const view = (id: number, who = w.dentist) =>
  injectCall(w.t.app, getDentalCase, { query: { case_id: id } }, who);

describe('the Dental Dashboard case view (issue 41 §4)', () => {
  it("answers the case's patient, stages with their days, its apnea studies by purpose and the documents", async () => {
    const res = await view(caseId);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.patient).toEqual({
      patient_id: w.patient,
      firstname: 'Rosa',
      lastname: 'Hill',
      dob: '1958-06-12',
      mrn: 'M4410',
    });
    expect(data.case).toMatchObject({
      case_id: caseId,
      dentist: 'Chen, Laura',
      stage: 'insertion',
      next_stage: 'follow_up_test',
    });
    expect(data.stages).toEqual([
      { stage: 'referral', reached_on: '2026-01-05' },
      { stage: 'impression', reached_on: '2026-01-26' },
      { stage: 'insertion', reached_on: '2026-02-16' },
      { stage: 'follow_up_test', reached_on: null },
    ]);
    expect(data.studies).toEqual([
      {
        study_id: psg,
        kind: 'In-lab PSG',
        status: 'Recorded',
        purpose: 'follow_up',
        ordered_at: '2026-02-16T09:00:00.000Z',
        recorded_on: '2026-02-20',
        ahi: 6.1,
        spo2_nadir: 89,
        reader: null,
        report: {
          state: 'none',
          signed_by: null,
          signed_at: null,
          co_signed_by: null,
          co_signed_at: null,
          impression: null,
        },
      },
      {
        study_id: hst,
        kind: 'HST',
        status: 'Interpreted',
        purpose: 'diagnostic',
        ordered_at: '2025-12-10T09:00:00.000Z',
        recorded_on: '2025-12-12',
        ahi: 22.5,
        spo2_nadir: 81,
        reader: 'Adeyemi, Samuel',
        report: {
          state: 'signed',
          signed_by: 'Adeyemi, Samuel',
          signed_at: '2025-12-14T10:00:00.000Z',
          co_signed_by: null,
          co_signed_at: null,
          impression: 'Moderate obstructive sleep apnea (AHI 22.5 per hour).',
        },
      },
    ]);
    expect(data.documents.count).toBe(1);
    expect(data.documents.data).toMatchObject([
      {
        document_id: w.document,
        patient_id: w.patient,
        title: 'Sleep study report',
        file_name: 'report.pdf',
      },
    ]);
  });

  it("serves the case patient's document file, audited, and no other patient's", async () => {
    const res = await fileOf(
      w.t,
      getDentalCaseDocumentFile,
      { case_id: caseId, document_id: w.document },
      w.dentist,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="report.pdf"');
    expect(res.rawPayload.equals(PDF)).toBe(true);
    const audited = await w.t.db
      .selectFrom('audit_log')
      .select('user_id')
      .where('action', '=', 'download_patient_document')
      .where('entity_id', '=', String(w.document))
      .execute();
    expect(audited.map((r) => r.user_id)).toEqual([w.dentist.user.user_id]);
    // Another patient's document through this case answers as an unknown document.
    const other = await fileOf(
      w.t,
      getDentalCaseDocumentFile,
      { case_id: caseId, document_id: w.foreignDocument },
      w.dentist,
    );
    const unknown = await fileOf(
      w.t,
      getDentalCaseDocumentFile,
      { case_id: caseId, document_id: 2_147_483_000 },
      w.dentist,
    );
    expect(other.statusCode).toBe(404);
    expect(answerOf(other)).toBe(answerOf(unknown));
    expect(other.json()).toMatchObject({
      field: 'document_id',
      message: `Document ${w.foreignDocument} does not exist.`,
    });
  });

  it("answers another organisation's case as an unknown one, for the view and its files", async () => {
    const foreign = await view(foreignCase);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      field: 'case_id',
      message: `Case ${foreignCase} does not exist.`,
    });
    expect(answerOf(foreign)).toBe(answerOf(await view(2_147_483_000)));
    const file = await fileOf(
      w.t,
      getDentalCaseDocumentFile,
      { case_id: foreignCase, document_id: w.foreignDocument },
      w.dentist,
    );
    expect(file.statusCode).toBe(404);
    expect(file.json().field).toBe('case_id');
  });

  it('is closed to users without the Dental Dashboard page: the sleep-lab user and a nurse', async () => {
    for (const who of [w.sleeplab, w.nurse]) {
      const res = await view(caseId, who);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("You do not have access to 'Dental Dashboard'.");
      const file = await fileOf(
        w.t,
        getDentalCaseDocumentFile,
        { case_id: caseId, document_id: w.document },
        who,
      );
      expect(file.statusCode).toBe(403);
    }
  });

  it('moves to the next stage with the dashboard’s own call, and the view shows the day and no further step', async () => {
    const move = await injectCall(
      w.t.app,
      advanceDentalStage,
      { body: { case_id: caseId, to_stage: 'follow_up_test' } },
      w.dentist,
    );
    expect(move.statusCode, move.body).toBe(200);
    const { data } = (await view(caseId)).json();
    expect(data.case).toMatchObject({ stage: 'follow_up_test', next_stage: null });
    expect(data.stages.at(-1)).toEqual({ stage: 'follow_up_test', reached_on: isoDay(w.t.clock.now()) });
  });
});
