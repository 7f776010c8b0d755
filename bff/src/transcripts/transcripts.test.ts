import {
  assignTranscript,
  completeTranscript,
  getPatientNotes,
  getTranscriptAssignees,
  TRANSCRIPT_MAX,
  TRANSCRIPT_TEXT,
  type TranscriptRow,
  transcriptQueuesList,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TODAY } from '../db/test-database.js';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { makePatient, type Place, placeOf } from '../test-fixtures.js';
import { allListRows, rowCounts } from '../test-rows.js';

/** Transcript Queues (decisions.md "Transcript Queues"): assignment, completion, scope, bad input, audit. */

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
/** Role 1: every practice. */
let admin: Signed;
/** Role 10 (biller, Northwind): 'Billing Utility'. */
let biller: Signed;
/** Role 11 (biller, Riverside): 'Billing Utility', none of Northwind's patients. */
let riversideBiller: Signed;
/** agent@demo.test: role 8 with a call link (Northwind), no 'Billing Utility'. */
let agent: Signed;
let place: Place;
let elsewhere: Place;
let contact = 0;

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 30, now: TEST_TODAY });
  [admin, biller, riversideBiller, agent] = await Promise.all([
    signIn(t.app, 'role1@demo.test'),
    signIn(t.app, 'role10@demo.test'),
    signIn(t.app, 'role11@demo.test'),
    signIn(t.app, 'agent@demo.test'),
  ]);
  place = await placeOf(t.db, biller.user.user_id);
  elsewhere = await placeOf(t.db, riversideBiller.user.user_id);
}, 120_000);
afterAll(async () => t?.close());

const rows = (who: Signed, query: Record<string, string> = {}) =>
  allListRows<TranscriptRow>(t.app, transcriptQueuesList.calls.list, who, query);

/** A voicemail left by a new patient at `where`, `minutesAgo` minutes before the clock's now; its call id. */
async function voicemail(where: Place, minutesAgo = 30): Promise<number> {
  const patientId = await makePatient(t.db, where);
  const started = new Date(t.clock.now().getTime() - minutesAgo * 60_000);
  const row = await t.db
    .insertInto('call_records')
    .values({
      patient_id: patientId,
      contact_id: `vm-test-${++contact}`,
      direction: 'inbound',
      phone_number: '+19195550142',
      kind: 'voicemail',
      started_at: started,
      ended_at: new Date(started.getTime() + 45_000),
      duration_seconds: 45,
    })
    .returning('call_id')
    .executeTakeFirstOrThrow();
  return row.call_id;
}

/** The transcript of a call. */
async function transcriptOf(callId: number) {
  return t.db.selectFrom('transcripts').selectAll().where('call_id', '=', callId).executeTakeFirstOrThrow();
}

const assign = (id: unknown, assignedTo: unknown, who: Signed = biller) =>
  injectUnchecked(t.app, assignTranscript, { body: { transcript_id: id, assigned_to: assignedTo } }, who);
const complete = (id: unknown, transcript: unknown, who: Signed = biller) =>
  injectUnchecked(t.app, completeTranscript, { body: { transcript_id: id, transcript } }, who);
const audits = (id: number) =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'user_id', 'detail'])
    .where('entity', '=', 'transcript')
    .where('entity_id', '=', String(id))
    .orderBy('audit_id')
    .execute();

describe('Transcript Queues (decisions.md "Transcript Queues")', () => {
  it('assigns to me or to an offered colleague, audited; never to someone who may not see the patient', async () => {
    const id = (await transcriptOf(await voicemail(place))).transcript_id;
    const offered = await injectCall(t.app, getTranscriptAssignees, { query: { transcript_id: id } }, biller);
    expect(offered.statusCode, offered.body).toBe(200);
    const people = offered.json().data as { user_id: number; name: string }[];
    const ids = people.map((p) => p.user_id);
    expect(ids).toContain(biller.user.user_id);
    expect(ids).toContain(admin.user.user_id);
    expect(ids).not.toContain(riversideBiller.user.user_id);
    // The agent sees the patient but holds no 'Billing Utility'.
    expect(ids).not.toContain(agent.user.user_id);
    expect(people.find((p) => p.user_id === biller.user.user_id)?.name).toBe('Linda Morales');

    const refused = await assign(id, riversideBiller.user.user_id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      field: 'assigned_to',
      message: TRANSCRIPT_TEXT.notAssignable(riversideBiller.user.user_id),
    });

    const mine = await assign(id, biller.user.user_id);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().message).toBe(TRANSCRIPT_TEXT.assigned);
    const row = (await rows(biller)).find((r) => r.transcript_id === id);
    expect(row).toMatchObject({ status: 'Assigned', assignee: 'Linda Morales', assigned_to_me: true });
    expect((await rows(admin)).find((r) => r.transcript_id === id)?.assigned_to_me).toBe(false);

    expect((await assign(id, admin.user.user_id)).statusCode).toBe(200);
    expect(await audits(id)).toEqual([
      {
        action: 'assign_transcript',
        user_id: biller.user.user_id,
        detail: expect.objectContaining({ from: null, to: biller.user.user_id }),
      },
      {
        action: 'assign_transcript',
        user_id: biller.user.user_id,
        detail: expect.objectContaining({ from: biller.user.user_id, to: admin.user.user_id }),
      },
    ]);
  });

  it("completes into the patient's notes, audited, once; not while someone else holds it", async () => {
    const callId = await voicemail(place);
    const { transcript_id: id } = await transcriptOf(callId);
    expect((await assign(id, admin.user.user_id)).statusCode).toBe(200);
    const held = await complete(id, 'Patient asks for a call back about her readings.');
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({
      field: 'transcript_id',
      message: TRANSCRIPT_TEXT.assignedToOther('Avery Collins'),
    });

    expect((await assign(id, biller.user.user_id)).statusCode).toBe(200);
    const done = await complete(id, '  Patient asks for a call back about her readings.  ');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(TRANSCRIPT_TEXT.completed);
    const noteId = done.json().data.note_id as number;

    const call = await t.db
      .selectFrom('call_records')
      .select(['patient_id', 'started_at'])
      .where('call_id', '=', callId)
      .executeTakeFirstOrThrow();
    const notes = await injectCall(
      t.app,
      getPatientNotes,
      { query: { patient_id: call.patient_id as number, page: 0, rowsPerPage: 10 } },
      admin,
    );
    const day = t.clock.now().toISOString().slice(0, 10).split('-');
    expect(notes.json().data[0]).toMatchObject({
      note_id: noteId,
      author_name: 'Linda Morales',
      note: `Transcript of the voicemail from (919) 555-0142 on ${day[1]}/${day[2]}/${day[0]}:\nPatient asks for a call back about her readings.`,
    });
    const stored = await transcriptOf(callId);
    expect(stored).toMatchObject({
      status: 'completed',
      transcript: 'Patient asks for a call back about her readings.',
      note_id: noteId,
      completed_by: biller.user.user_id,
      completed_at: t.clock.now(),
    });
    const row = (await rows(biller, { status: 'completed' })).find((r) => r.transcript_id === id);
    expect(row).toMatchObject({
      status: 'Completed',
      completed_by: 'Linda Morales',
      assignee: 'Linda Morales',
    });
    expect((await rows(biller)).some((r) => r.transcript_id === id)).toBe(false);

    const trail = await audits(id);
    expect(trail.at(-1)).toEqual({
      action: 'complete_transcript',
      user_id: biller.user.user_id,
      detail: expect.objectContaining({ note_id: noteId, call_id: callId }),
    });
    const noteAudit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'patient_note')
      .where('entity_id', '=', String(noteId))
      .execute();
    expect(noteAudit).toEqual([{ action: 'add_patient_note' }]);

    const before = await rowCounts(t.db, ['patient_notes', 'audit_log']);
    for (const again of [await complete(id, 'Again.'), await assign(id, biller.user.user_id)]) {
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        field: 'transcript_id',
        message: TRANSCRIPT_TEXT.alreadyCompleted,
      });
    }
    expect(await rowCounts(t.db, ['patient_notes', 'audit_log'])).toEqual(before);
  });

  it('completes a queued transcript as the completer’s own', async () => {
    const callId = await voicemail(place);
    const { transcript_id: id } = await transcriptOf(callId);
    expect((await complete(id, 'Left a message about a new cuff.', admin)).statusCode).toBe(200);
    expect(await transcriptOf(callId)).toMatchObject({
      status: 'completed',
      assignee_id: admin.user.user_id,
      assigned_by: admin.user.user_id,
      completed_by: admin.user.user_id,
    });
  });

  it('answers a transcript outside the caller’s practices as an unknown one (404), writing nothing', async () => {
    const { transcript_id: foreign } = await transcriptOf(await voicemail(elsewhere));
    const before = await rowCounts(t.db, ['transcripts', 'patient_notes', 'audit_log']);
    for (const id of [foreign, 999_999]) {
      for (const res of [
        await assign(id, biller.user.user_id),
        await complete(id, 'Not mine.'),
        await injectUnchecked(t.app, getTranscriptAssignees, { query: { transcript_id: id } }, biller),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ field: 'transcript_id', message: TRANSCRIPT_TEXT.unknown(id) });
      }
    }
    expect(await rowCounts(t.db, ['transcripts', 'patient_notes', 'audit_log'])).toEqual(before);
    expect((await rows(biller, { status: '' })).some((r) => r.transcript_id === foreign)).toBe(false);
    expect((await rows(riversideBiller, { status: '' })).some((r) => r.transcript_id === foreign)).toBe(true);
    // Theirs to assign, not the Northwind biller's.
    expect((await assign(foreign, riversideBiller.user.user_id, riversideBiller)).statusCode).toBe(200);
  });

  it('refuses bad input with 400 naming the field, and a user without the page with 403', async () => {
    const { transcript_id: id } = await transcriptOf(await voicemail(place));
    const before = await rowCounts(t.db, ['transcripts', 'patient_notes', 'audit_log']);
    const cases: [Awaited<ReturnType<typeof complete>>, string][] = [
      [await complete(id, '   '), 'transcript'],
      [await complete(id, 'x'.repeat(TRANSCRIPT_MAX + 1)), 'transcript'],
      [await complete('seven', 'Text.'), 'transcript_id'],
      [await assign(id, 'me'), 'assigned_to'],
      [await assign(-1, biller.user.user_id), 'transcript_id'],
    ];
    for (const [res, field] of cases) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await complete(id, '   ')).json().message).toBe(
      `Invalid body field 'transcript': ${TRANSCRIPT_TEXT.required}`,
    );
    expect((await complete(id, 'Text.', agent)).statusCode).toBe(403);
    expect((await injectCall(t.app, transcriptQueuesList.calls.list, {}, agent)).statusCode).toBe(403);
    expect(await rowCounts(t.db, ['transcripts', 'patient_notes', 'audit_log'])).toEqual(before);
    // The longest transcript is taken whole.
    expect((await complete(id, 'y'.repeat(TRANSCRIPT_MAX))).statusCode).toBe(200);
  });
});
