import { getSleepLabDocumentFile, getSleepLabStudy, sleepLabList } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall } from '../test-app.js';
import {
  addStudy,
  answerOf,
  fileOf,
  PDF,
  type RecordViewWorld,
  startRecordViewWorld,
} from './record-view-test-world.js';

let w: RecordViewWorld;
/** The Lakeside patient's in-lab PSG, recorded by the sleep-lab user, its report drafted. */
let psg: number;
/** A home test of the same patient: not the Sleep Lab's. */
let hst: number;
/** A Northwind patient's PSG. */
let foreignPsg: number;

const at = (text: string) => new Date(text);

beforeAll(async () => {
  w = await startRecordViewWorld();
  psg = await addStudy(w.t, w.patient, {
    kind: 'psg',
    status: 'awaiting_interpretation',
    ordered_at: at('2026-03-02T09:00:00Z'),
    recorded_on: '2026-03-05',
    reader_id: w.reader.user.user_id,
    technician_id: w.sleeplab.user.user_id,
    ahi: 31.4,
    spo2_nadir: 78,
  });
  // A draft is the reader's until signed: the view says so without its text.
  await w.t.db
    .insertInto('sleep_interpretations')
    .values({
      study_id: psg,
      impression: 'Severe obstructive sleep apnea.',
      updated_by: w.reader.user.user_id,
      updated_at: at('2026-03-06T10:00:00Z'),
    })
    .execute();
  hst = await addStudy(w.t, w.patient, {
    kind: 'hst',
    status: 'recorded',
    ordered_at: at('2026-03-01T09:00:00Z'),
    recorded_on: '2026-03-03',
  });
  foreignPsg = await addStudy(w.t, w.foreignPatient, {
    kind: 'psg',
    status: 'recorded',
    ordered_at: at('2026-03-01T09:00:00Z'),
    recorded_on: '2026-03-03',
  });
});
afterAll(async () => w.t.close());

const view = (id: number, who = w.sleeplab) =>
  injectCall(w.t.app, getSleepLabStudy, { query: { study_id: id } }, who);

describe("the Sleep Lab's study view (issue 41 §4)", () => {
  it('answers the study as its list row shows it, with its technician, report state and documents', async () => {
    const res = await view(psg);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.patient).toEqual({
      patient_id: w.patient,
      firstname: 'Rosa',
      lastname: 'Hill',
      dob: '1958-06-12',
      mrn: 'M4410',
    });
    expect(data.study).toMatchObject({
      study_id: psg,
      patient_id: w.patient,
      kind: 'In-lab PSG',
      status: 'Awaiting Interpretation',
      reader: 'Adeyemi, Samuel',
      technician: 'Petrova, Nina',
      device: 'Compumedics Grael, bed 2',
      ordered_at: '2026-03-02T09:00:00.000Z',
      recorded_on: '2026-03-05',
      ahi: 31.4,
      spo2_nadir: 78,
    });
    // The same row the Sleep Lab Table shows for it, besides the technician.
    const list = await injectCall(
      w.t.app,
      sleepLabList.calls.list,
      { query: { search: String(psg), study_status: '' } as never },
      w.sleeplab,
    );
    const { technician: _, ...row } = data.study;
    expect(list.json().data).toContainEqual(row);
    expect(data.report).toEqual({
      state: 'draft',
      signed_by: null,
      signed_at: null,
      co_signed_by: null,
      co_signed_at: null,
      impression: null,
    });
    expect(data.documents).toMatchObject({
      count: 1,
      data: [{ document_id: w.document, title: 'Sleep study report' }],
    });
  });

  it("serves the study patient's document file and no other patient's", async () => {
    const res = await fileOf(
      w.t,
      getSleepLabDocumentFile,
      { study_id: psg, document_id: w.document },
      w.sleeplab,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(res.rawPayload.equals(PDF)).toBe(true);
    const other = await fileOf(
      w.t,
      getSleepLabDocumentFile,
      { study_id: psg, document_id: w.foreignDocument },
      w.sleeplab,
    );
    expect(other.statusCode).toBe(404);
    expect(other.json().field).toBe('document_id');
  });

  it("answers a home test and another organisation's study as unknown ones", async () => {
    const unknown = answerOf(await view(2_147_483_000));
    for (const id of [hst, foreignPsg]) {
      const res = await view(id);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toMatchObject({ field: 'study_id', message: `Sleep study ${id} does not exist.` });
      expect(answerOf(res)).toBe(unknown);
      const file = await fileOf(
        w.t,
        getSleepLabDocumentFile,
        { study_id: id, document_id: w.document },
        w.sleeplab,
      );
      expect(file.statusCode).toBe(404);
      expect(file.json().field).toBe('study_id');
    }
  });

  it('is closed to users without the Sleep Lab Table page: the dentist and a nurse', async () => {
    for (const who of [w.dentist, w.nurse]) {
      const res = await view(psg, who);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("You do not have access to 'Sleep Lab Table'.");
    }
  });
});
