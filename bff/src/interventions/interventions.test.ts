import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type InterventionRow, practiceInterventionList } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordTimeLogs } from '../billing/summary.js';
import { DEVICE_TYPE } from '../db/reference-ids.js';
import { TEST_TODAY } from '../db/test-database.js';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { giveDevice, makePatient, type Place, placeOf } from '../test-fixtures.js';
import { allListRows } from '../test-rows.js';

/** Practice Intervention (decisions.md "Practice Intervention"): sources, month, scope, bad input, exports. */

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let admin: Signed; // role 1: every practice
let biller: Signed; // role 10, Northwind: 'Billing Utility'
let riversideBiller: Signed; // role 11, Riverside
let place: Place;
let practiceName: string;
let patient: number;

const HOUR = 3_600_000;
/** A day before the test's today (15 November 2026), and one of October. */
const NOVEMBER = new Date(TEST_TODAY.getTime() - 24 * HOUR);
const OCTOBER = new Date('2026-10-20T15:00:00Z');
const LONG_NOTE = `Discussed the new diet plan. ${'The patient will keep a food diary. '.repeat(8)}`.trim();

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 30, now: TEST_TODAY });
  [admin, biller, riversideBiller] = await Promise.all([
    signIn(t.app, 'role1@demo.test'),
    signIn(t.app, 'role10@demo.test'),
    signIn(t.app, 'role11@demo.test'),
  ]);
  place = await placeOf(t.db, biller.user.user_id);
  practiceName = (
    await t.db
      .selectFrom('practices')
      .select('practice_name')
      .where('practice_id', '=', place.practiceId)
      .executeTakeFirstOrThrow()
  ).practice_name;
  patient = await makePatient(t.db, place, { identity: { lastname: 'Intervened', firstname: 'Ida' } });
  const { deviceAssignId } = await giveDevice(t.db, patient, DEVICE_TYPE.bloodPressure, OCTOBER);
  const reading = await t.db
    .insertInto('readings')
    .values({
      patient_id: patient,
      device_assign_id: deviceAssignId,
      vital_id: 1,
      value: 192,
      taken_at: NOVEMBER,
    })
    .returning('reading_id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('alerts')
    .values({
      patient_id: patient,
      reading_id: reading.reading_id,
      vital_id: 1,
      level: 'critical',
      direction: 'high',
      value: 192,
      bound: 180,
      taken_at: NOVEMBER,
      created_at: NOVEMBER,
      acknowledged_at: new Date(NOVEMBER.getTime() + HOUR),
      acknowledged_by: biller.user.user_id,
      acknowledge_note: 'Called the patient; a recheck was normal.',
    })
    .execute();
  await t.db
    .insertInto('patient_medications')
    .values({
      patient_id: patient,
      name: 'Lisinopril',
      dose: '10 mg',
      frequency: 'Once daily',
      start_date: '2026-11-14',
      added_by: admin.user.user_id,
      created_at: new Date(NOVEMBER.getTime() + 2 * HOUR),
      updated_at: new Date(NOVEMBER.getTime() + 2 * HOUR),
    })
    .execute();
  await t.db
    .insertInto('patient_documents')
    .values({
      patient_id: patient,
      title: 'Cardiology referral letter',
      category: 'Referral',
      file_name: 'referral.pdf',
      content_type: 'application/pdf',
      size_bytes: 1000,
      sha256: 'a'.repeat(64),
      storage_key: 'test/referral.pdf',
      uploaded_by: biller.user.user_id,
      uploaded_at: new Date(NOVEMBER.getTime() + 3 * HOUR),
    })
    .execute();
  await t.db
    .insertInto('patient_notes')
    .values({
      patient_id: patient,
      author_id: admin.user.user_id,
      note: LONG_NOTE,
      created_at: new Date(NOVEMBER.getTime() + 4 * HOUR),
      updated_at: new Date(NOVEMBER.getTime() + 4 * HOUR),
    })
    .execute();
  const log = (at: Date, seconds: number, category: string | null, note: string | null) => ({
    patient_id: patient,
    user_id: biller.user.user_id,
    program: 'RPM' as const,
    seconds,
    logged_at: at,
    note,
    category,
  });
  await t.db
    .transaction()
    .execute((trx) =>
      recordTimeLogs(trx, [
        log(new Date(NOVEMBER.getTime() + 5 * HOUR), 630, 'Medication review', 'Reviewed the doses.'),
        log(new Date(NOVEMBER.getTime() + 6 * HOUR), 300, 'Patient call', '  '),
        log(new Date(NOVEMBER.getTime() + 7 * HOUR), 900, 'Data review', 'Looked at the trend.'),
        log(new Date(NOVEMBER.getTime() + 8 * HOUR), 600, null, 'Before categories.'),
        log(OCTOBER, 1200, 'Care coordination', 'Arranged a home visit.'),
      ]),
    );
}, 120_000);
afterAll(async () => t?.close());

const rows = (who: Signed, query: Record<string, string> = {}) =>
  allListRows<InterventionRow>(t.app, practiceInterventionList.calls.list, who, {
    search: 'Intervened',
    ...query,
  });

const at = (hours: number) => new Date(NOVEMBER.getTime() + hours * HOUR).toISOString();

describe('Practice Intervention (decisions.md "Practice Intervention")', () => {
  it("lists what the care team did for the practice's patients this month, newest first, from each source", async () => {
    const listed = await rows(biller);
    expect(
      listed.map(({ performed_at, month, kind, performed_by, note, minutes, practice_name }) => ({
        performed_at,
        month,
        kind,
        performed_by,
        note,
        minutes,
        practice_name,
      })),
    ).toEqual(
      [
        { performed_at: at(6), kind: 'Patient call', performed_by: 'Linda Morales', note: null, minutes: 5 },
        {
          performed_at: at(5),
          kind: 'Medication review',
          performed_by: 'Linda Morales',
          note: 'Reviewed the doses.',
          minutes: 10.5,
        },
        {
          performed_at: at(4),
          kind: 'Clinical note',
          performed_by: 'Avery Collins',
          note: `${LONG_NOTE.slice(0, 160)}…`,
          minutes: null,
        },
        {
          performed_at: at(3),
          kind: 'Referral',
          performed_by: 'Linda Morales',
          note: 'Cardiology referral letter',
          minutes: null,
        },
        {
          performed_at: at(2),
          kind: 'Medication change',
          performed_by: 'Avery Collins',
          note: 'Added Lisinopril 10 mg, Once daily',
          minutes: null,
        },
        {
          performed_at: at(1),
          kind: 'Alert response',
          performed_by: 'Linda Morales',
          note: 'Called the patient; a recheck was normal.',
          minutes: null,
        },
      ].map((row) => ({ ...row, month: '2026-11', practice_name: practiceName })),
    );
    expect(new Set(listed.map((r) => r.patient_id))).toEqual(new Set([patient]));
    expect(new Set(listed.map((r) => r.intervention_id)).size).toBe(listed.length);
  });

  it('opens on this month after the 5th; another month, a kind or a missing note narrow it', async () => {
    const october = await rows(biller, { month: '2026-10' });
    expect(october.map((r) => [r.kind, r.note, r.minutes])).toEqual([
      ['Care coordination', 'Arranged a home visit.', 20],
    ]);
    expect(await rows(biller, { month: '2026-10,2026-11' })).toHaveLength(7);
    expect((await rows(biller, { month: '' })).length).toBe(7);
    const alerts = await rows(biller, { kind: 'alert_response,referral' });
    expect(alerts.map((r) => r.kind)).toEqual(['Referral', 'Alert response']);
    const bare = await rows(biller, { noted: 'no' });
    expect(bare.map((r) => r.kind)).toEqual(['Patient call']);
    expect((await rows(biller, { noted: 'yes' })).length).toBe(5);
  });

  it('shows another organisation none of the rows, and refuses its practice filter and a user without the page', async () => {
    expect(await rows(riversideBiller, { month: '' })).toEqual([]);
    expect((await rows(admin)).length).toBe(6);
    const foreign = await injectUnchecked(
      t.app,
      practiceInterventionList.calls.list,
      { query: { practice: String(place.practiceId) } },
      riversideBiller,
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().field).toBe('practice');
    const nurse = await signIn(t.app, 'role8@demo.test');
    expect((await injectCall(t.app, practiceInterventionList.calls.list, {}, nurse)).statusCode).toBe(403);
  });

  it('refuses a bad month, a future month and an unknown kind with 400 naming the field', async () => {
    for (const [query, field] of [
      [{ month: '2026-13' }, 'month'],
      [{ month: '2026-12' }, 'month'],
      [{ kind: 'nope' }, 'kind'],
      [{ noted: 'maybe' }, 'noted'],
    ] as const) {
      const res = await injectUnchecked(t.app, practiceInterventionList.calls.list, { query }, biller);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });

  it('exports the evidence with its practice and month in the head, audited', async () => {
    const csvCall = practiceInterventionList.calls.csv;
    const pdfCall = practiceInterventionList.calls.pdf;
    if (!csvCall || !pdfCall) throw new Error('the list exports CSV and PDF');
    const csv = await injectUnchecked(t.app, csvCall, { query: { search: 'Intervened' } }, biller);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      'Practice Intervention',
      'Month: November 2026',
      'Practice: All practices',
    ]);
    expect(lines).toContain('Date/Time,Patient Name,Practice,Intervention,By,Note,Minutes');
    expect(
      lines.some((line) => line.includes('Medication review,Linda Morales,Reviewed the doses.,10.5')),
    ).toBe(true);

    const pdf = await injectUnchecked(
      t.app,
      pdfCall,
      { query: { practice: String(place.practiceId), month: '2026-10' } },
      biller,
    );
    expect(pdf.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'rpm-interventions-'));
    try {
      const file = join(dir, 'list.pdf');
      writeFileSync(file, pdf.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
      expect(text).toContain('Month: October 2026');
      expect(text).toContain(`Practice: ${practiceName}`);
      expect(text).toContain('Arranged a home visit.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const exports = await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'detail'])
      .where('action', '=', 'export')
      .where('entity', '=', 'practice-intervention')
      .orderBy('audit_id')
      .execute();
    expect(exports.map((e) => [e.user_id, (e.detail as { format: string }).format])).toEqual([
      [biller.user.user_id, 'csv'],
      [biller.user.user_id, 'pdf'],
    ]);
  });
});
