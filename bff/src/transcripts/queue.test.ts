import { endCall, setCallStatus, type TranscriptRow, transcriptQueuesList } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TODAY } from '../db/test-database.js';
import { injectCall, signIn, startTestApp, type TestApp } from '../test-app.js';
import { makePatient, type Place, placeOf } from '../test-fixtures.js';
import { allListRows } from '../test-rows.js';

/** Transcript Queues (decisions.md "Transcript Queues"): which calls queue a transcript, and when. */

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
/** Role 1: every practice. */
let admin: Signed;
/** Role 10 (biller, Northwind): 'Billing Utility'. */
let biller: Signed;
/** agent@demo.test: role 8 with a call link (Northwind). */
let agent: Signed;
let place: Place;

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 30, now: TEST_TODAY });
  [admin, biller, agent] = await Promise.all([
    signIn(t.app, 'role1@demo.test'),
    signIn(t.app, 'role10@demo.test'),
    signIn(t.app, 'agent@demo.test'),
  ]);
  place = await placeOf(t.db, biller.user.user_id);
}, 120_000);
afterAll(async () => t?.close());

const rows = (who: Signed, query: Record<string, string> = {}) =>
  allListRows<TranscriptRow>(t.app, transcriptQueuesList.calls.list, who, query);

describe('Transcript Queues: the recordings queued (decisions.md "Transcript Queues")', () => {
  it('queues every recorded call and voicemail of a patient once, and nothing else', async () => {
    const calls = await t.db
      .selectFrom('call_records')
      .select(['call_id', 'patient_id', 'kind', 'outcome', 'ended_at', 'duration_seconds'])
      .execute();
    const recorded = calls.filter(
      (c) =>
        c.patient_id !== null &&
        c.ended_at !== null &&
        (c.kind === 'voicemail' ||
          (c.kind === 'regular' && c.outcome !== 'Missed' && (c.duration_seconds ?? 0) > 0)),
    );
    // The demo's voicemails and returned calls (seed-calls.ts).
    expect(recorded.some((c) => c.kind === 'voicemail')).toBe(true);
    expect(recorded.some((c) => c.kind === 'regular')).toBe(true);
    const queued = await t.db
      .selectFrom('transcripts')
      .select(['call_id', 'status', 'recorded_at'])
      .execute();
    expect(queued.map((q) => q.call_id).sort((a, b) => a - b)).toEqual(
      recorded.map((c) => c.call_id).sort((a, b) => a - b),
    );
    for (const q of queued) {
      expect(q.status).toBe('queued');
      expect(q.recorded_at).toEqual(calls.find((c) => c.call_id === q.call_id)?.ended_at);
    }
    // The list shows them all to role 1, open ones by default, the oldest recording first.
    const listed = await rows(admin);
    expect(listed.map((r) => r.call_id).sort((a, b) => a - b)).toEqual(
      recorded.map((c) => c.call_id).sort((a, b) => a - b),
    );
    expect(listed.map((r) => r.recorded_at)).toEqual([...listed.map((r) => r.recorded_at)].sort());
  });

  it('queues an agent’s answered call when it ends, with its length, and not a missed one', async () => {
    const patientId = await makePatient(t.db, place);
    const call = (status: string, contractId: string) =>
      injectCall(
        t.app,
        setCallStatus,
        {
          body: {
            patient_id: patientId,
            contract_id: contractId,
            phone_number: '+19195550143',
            agent_name: 'Andre Silva',
            status: status as 'Accepted',
          },
        },
        agent,
      );
    const missed = await call('Missed', 'queue-missed');
    expect(missed.statusCode, missed.body).toBe(200);
    const answered = await call('Accepted', 'queue-answered');
    const callId = answered.json().data.call_id as number;
    // Not yet ended: nothing to transcribe.
    expect(
      await t.db.selectFrom('transcripts').select('call_id').where('call_id', '=', callId).execute(),
    ).toEqual([]);
    t.clock.advance(150_000);
    const ended = await injectCall(t.app, endCall, { body: { contract_id: 'queue-answered' } }, agent);
    expect(ended.statusCode, ended.body).toBe(200);
    const row = (await rows(biller, { search: 'queue-answered' })).find((r) => r.call_id === callId);
    expect(row).toMatchObject({
      kind: 'Call',
      contact_id: 'queue-answered',
      duration_seconds: 150,
      status: 'Queued',
      assignee: null,
      assigned_to_me: false,
      recorded_at: t.clock.now().toISOString(),
      patient_id: patientId,
    });
    const missedId = missed.json().data.call_id as number;
    expect((await rows(admin, { status: '' })).some((r) => r.call_id === missedId)).toBe(false);
  });
});
