import {
  type CallDef,
  type ReadingReportRow,
  type ReadingsReportRow,
  readingReportList,
  readingsReportList,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordReadings } from '../billing/summary.js';
import { DEVICE_TYPE, VITAL } from '../db/reference-ids.js';
import { TEST_TODAY } from '../db/test-database.js';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { giveDevice, makePatient, type Place, placeOf } from '../test-fixtures.js';
import { pdfText } from '../test-pdf.js';
import { allListRows } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

// decisions.md "Reports and Reading Report". The test's day is 2026-11-15: this month is November.
const MONTH = '2026-11';

let t: TestApp;
/** Role 1: every practice, both reports. */
let admin: Signed;
/** Role 10 (biller, Northwind): 'Billing Utility' (the Reading Report), not 'Reports'. */
let biller: Signed;
/** Role 5 (practice lead, Riverside): 'Reports', not 'Billing Utility'. */
let lead: Signed;
let north: Place;
let river: Place;
/** A Northwind patient with the readings below; a Riverside patient with one reading. */
let patient: number;
let outsider: number;

const at = (day: string, time: string) => `${day}T${time}:00Z`;

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 30, now: TEST_TODAY });
  [admin, biller, lead] = await Promise.all([
    signIn(t.app, 'role1@demo.test'),
    signIn(t.app, 'role10@demo.test'),
    signIn(t.app, 'role5@demo.test'),
  ]);
  north = await placeOf(t.db, biller.user.user_id);
  river = await placeOf(t.db, lead.user.user_id);
  expect(river.organizationId).not.toBe(north.organizationId);
  patient = await makePatient(t.db, north, { identity: { firstname: 'Quincy', lastname: 'Aggregate' } });
  outsider = await makePatient(t.db, river, { identity: { firstname: 'Rhea', lastname: 'Elsewhere' } });
  const since = new Date('2026-10-01T00:00:00Z');
  const cuff = await giveDevice(t.db, patient, DEVICE_TYPE.bloodPressure, since);
  const oximeter = await giveDevice(t.db, patient, DEVICE_TYPE.pulseOximeter, since);
  const otherCuff = await giveDevice(t.db, outsider, DEVICE_TYPE.bloodPressure, since);
  const reading = (device: typeof cuff, vital: number, value: number, takenAt: string) => ({
    patient_id: device === otherCuff ? outsider : patient,
    device_assign_id: device.deviceAssignId,
    vital_id: vital,
    value,
    taken_at: takenAt,
  });
  await t.db.transaction().execute(async (trx) => {
    const [, high, held] = await recordReadings(trx, [
      reading(cuff, VITAL.systolic, 120, at('2026-11-03', '08:00')),
      reading(cuff, VITAL.systolic, 182, at('2026-11-03', '12:00')),
      reading(cuff, VITAL.systolic, 141, at('2026-11-03', '19:00')),
      reading(cuff, VITAL.diastolic, 80, at('2026-11-04', '08:00')),
      reading(cuff, VITAL.systolic, 130, at('2026-10-20', '08:00')),
      reading(otherCuff, VITAL.systolic, 150, at('2026-11-03', '08:00')),
      // A continuous oximeter: a reading a minute for twenty hours, 95 to 99 in turn.
      ...Array.from({ length: 1200 }, (_, n) =>
        reading(oximeter, VITAL.spo2, 95 + (n % 5), new Date(Date.UTC(2026, 10, 5, 0, n)).toISOString()),
      ),
    ]);
    // 182 raised a critical alert, acknowledged; it held 141, beyond the abnormal bound, instead of a second alert.
    const alert = await trx
      .insertInto('alerts')
      .values({
        patient_id: patient,
        reading_id: high as number,
        vital_id: VITAL.systolic,
        level: 'critical',
        direction: 'high',
        value: 182,
        bound: 180,
        taken_at: at('2026-11-03', '12:00'),
        created_at: at('2026-11-03', '12:00'),
        acknowledged_at: at('2026-11-03', '13:00'),
        acknowledged_by: admin.user.user_id,
      })
      .returning('alert_id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('suppressed_readings')
      .values({ reading_id: held as number, alert_id: alert.alert_id, created_at: at('2026-11-03', '19:00') })
      .execute();
  });
}, 120_000);
afterAll(async () => t?.close());

const readingRows = (who: Signed, query: Record<string, string> = {}) =>
  allListRows<ReadingReportRow>(t.app, readingReportList.calls.list, who, query);
const reportRows = (who: Signed, query: Record<string, string> = {}) =>
  allListRows<ReadingsReportRow>(t.app, readingsReportList.calls.list, who, query);

/** The practices a user belongs to. */
async function practicesOf(who: Signed): Promise<Set<number>> {
  const rows = await t.db
    .selectFrom('user_practices')
    .select('practice_id')
    .where('user_id', '=', who.user.user_id)
    .execute();
  return new Set(rows.map((row) => row.practice_id));
}

/** The fixture patient's rows, as the Reading Report's search by RPM ID finds them. */
const patientRows = (query: Record<string, string> = {}) =>
  readingRows(biller, { search: String(patient), ...query });

describe('Reading Report (decisions.md "Reports and Reading Report")', () => {
  it('aggregates a patient’s readings per vital and day this month, the newest day first', async () => {
    const rows = await patientRows();
    const figures = rows.map((r) => [
      r.day,
      r.vital,
      r.readings,
      r.min_value,
      r.max_value,
      r.mean_value,
      r.out_of_range,
    ]);
    expect(figures).toEqual([
      ['2026-11-05', 'spo2 (%)', 1200, 95, 99, 97, 0],
      ['2026-11-04', 'diastolic (mmHg)', 1, 80, 80, 80, 0],
      // (120 + 182 + 141) / 3 = 147.67; the alerted reading and the one its acknowledgement held are out of range.
      ['2026-11-03', 'systolic (mmHg)', 3, 120, 182, 147.7, 2],
    ]);
    for (const row of rows)
      expect(row).toMatchObject({
        patient_id: patient,
        patient_name: 'Aggregate, Quincy',
        practice_id: north.practiceId,
        month: MONTH,
      });
  });

  it('reports the month, the reading dates, the vitals and the out-of-range rows the filters name', async () => {
    const days = (rows: ReadingReportRow[]) => rows.map((row) => `${row.day} ${row.vital_type}`);
    expect(days(await patientRows({ month: '2026-10' }))).toEqual(['2026-10-20 systolic']);
    expect(days(await patientRows({ month: '' }))).toEqual([
      '2026-11-05 spo2',
      '2026-11-04 diastolic',
      '2026-11-03 systolic',
      '2026-10-20 systolic',
    ]);
    expect(days(await patientRows({ month: '', taken_from: '2026-10-20', taken_to: '2026-11-04' }))).toEqual([
      '2026-11-04 diastolic',
      '2026-11-03 systolic',
      '2026-10-20 systolic',
    ]);
    // The month and the dates both apply.
    expect(days(await patientRows({ taken_from: '2026-10-01', taken_to: '2026-11-03' }))).toEqual([
      '2026-11-03 systolic',
    ]);
    expect(days(await patientRows({ vital: `${VITAL.spo2},${VITAL.diastolic}` }))).toEqual([
      '2026-11-05 spo2',
      '2026-11-04 diastolic',
    ]);
    expect(days(await patientRows({ out_of_range: 'yes' }))).toEqual(['2026-11-03 systolic']);
    expect(days(await patientRows({ out_of_range: 'no' }))).toEqual([
      '2026-11-05 spo2',
      '2026-11-04 diastolic',
    ]);
  });

  it('shows a user only the patients they may read: another organisation’s are absent', async () => {
    const theirs = await readingRows(biller, { month: '' });
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((row) => row.patient_id === outsider)).toBe(false);
    const practices = await practicesOf(biller);
    expect(theirs.every((row) => practices.has(row.practice_id))).toBe(true);
    const everyone = await readingRows(admin, { search: String(outsider) });
    expect(everyone.map((row) => [row.patient_id, row.vital_type, row.readings])).toEqual([
      [outsider, 'systolic', 1],
    ]);
    // Another organisation's practice as a filter value is refused, naming the field.
    const foreign = await injectUnchecked(
      t.app,
      readingReportList.calls.list,
      { query: { practice: String(river.practiceId) } },
      biller,
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().field).toBe('practice');
    // The Reading Report is the Billing Utility's: a practice lead without it is refused.
    expect((await injectCall(t.app, readingReportList.calls.list, {}, lead)).statusCode).toBe(403);
  });

  it('exports CSV with bare numbers and PDF as the screen writes them, each with an audit row', async () => {
    const exports = () =>
      t.db
        .selectFrom('audit_log')
        .select(['detail'])
        .where('action', '=', 'export')
        .where('entity', '=', 'reading-report')
        .execute();
    const before = (await exports()).length;
    const query = { search: String(patient) };
    const csv = await injectCall(t.app, readingReportList.calls.csv as CallDef, { query }, biller);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.split('\r\n');
    expect(lines).toContain('Day,Patient Name,Practice,Vital,Readings,Min,Max,Mean,Out of Range');
    const data = lines.filter((line) => line.startsWith('11/0'));
    expect(data).toHaveLength(3);
    expect(data[0]).toMatch(
      /^11\/05\/2026,"AGGREGATE, QUINCY · DOB 03\/04\/1950 · RPM ID \d+",.+,spo2 \(%\),1200,95,99,97,0$/,
    );
    expect(data[2]).toMatch(/,systolic \(mmHg\),3,120,182,147\.7,2$/);
    const pdf = await injectCall(t.app, readingReportList.calls.pdf as CallDef, { query }, biller);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    // The PDF writes the count as the screen does, with its thousands separator.
    expect(text).toMatch(/spo2 \(%\)\s+1,200\s+95\s+99\s+97\s+0/);
    const audit = await exports();
    expect(audit).toHaveLength(before + 2);
    expect(audit.at(-1)?.detail).toMatchObject({ format: 'pdf', rows: 3, search: String(patient) });
  });
});

describe('Reports (decisions.md "Reports and Reading Report")', () => {
  it('sums each practice’s readings per vital and month as the Reading Report counts them', async () => {
    const rows = await reportRows(admin, { practice: String(north.practiceId) });
    expect(rows.length).toBeGreaterThan(0);
    const days = await readingRows(admin, { practice: String(north.practiceId) });
    for (const row of rows) {
      const mine = days.filter((day) => day.vital_id === row.vital_id);
      const patients = new Set(mine.map((day) => day.patient_id));
      const outOfRange = new Set(mine.filter((day) => day.out_of_range > 0).map((day) => day.patient_id));
      const sorted = mine.map((day) => day.day).sort();
      expect(row, row.vital).toMatchObject({
        practice_id: north.practiceId,
        month: MONTH,
        readings: mine.reduce((sum, day) => sum + day.readings, 0),
        out_of_range: mine.reduce((sum, day) => sum + day.out_of_range, 0),
        min_value: Math.min(...mine.map((day) => day.min_value)),
        max_value: Math.max(...mine.map((day) => day.max_value)),
        patients: patients.size,
        patients_out_of_range: outOfRange.size,
        first_day: sorted[0],
        last_day: sorted.at(-1),
      });
      const mean = await t.db
        .selectFrom('readings as r')
        .innerJoin('patients as p', 'p.patient_id', 'r.patient_id')
        .select((eb) => eb.fn.avg<number>('r.value').as('mean'))
        .where('p.practice_id', '=', north.practiceId)
        .where('r.vital_id', '=', row.vital_id)
        .where('r.taken_at', '>=', new Date(`${MONTH}-01T00:00:00Z`))
        .where('r.taken_at', '<', new Date('2026-12-01T00:00:00Z'))
        .executeTakeFirstOrThrow();
      expect(row.mean_value).toBe(Math.round(Number(mean.mean) * 10) / 10);
    }
    expect(rows.find((row) => row.vital_id === VITAL.spo2)?.readings).toBeGreaterThanOrEqual(1200);
    // Out of range only: the practice's rows with a reading out of range.
    const outOnly = await reportRows(admin, { practice: String(north.practiceId), out_of_range: 'yes' });
    expect(outOnly.map((row) => row.row_id)).toEqual(
      rows.filter((row) => row.out_of_range > 0).map((row) => row.row_id),
    );
  });

  it('shows a practice lead only the practices they belong to; a biller without Reports is refused', async () => {
    const theirs = await reportRows(lead, { month: '' });
    const leadPractices = await practicesOf(lead);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((row) => leadPractices.has(row.practice_id))).toBe(true);
    expect(theirs.some((row) => row.practice_id === river.practiceId)).toBe(true);
    expect(theirs.some((row) => row.practice_id === north.practiceId)).toBe(false);
    expect((await injectCall(t.app, readingsReportList.calls.list, {}, biller)).statusCode).toBe(403);
  });

  it('refuses bad filter values with 400 naming the field, on the list and its exports', async () => {
    const bad: [Record<string, string>, string][] = [
      [{ month: '2026-13' }, 'month'],
      [{ month: '2026-12' }, 'month'],
      [{ taken_from: 'yesterday' }, 'taken_from'],
      [{ taken_from: '2026-11-10', taken_to: '2026-11-01' }, 'taken_to'],
      [{ taken_to: '2026-11-20' }, 'taken_to'],
      [{ vital: 'systolic' }, 'vital'],
      [{ out_of_range: 'maybe' }, 'out_of_range'],
      [{ orderby: 'mean' }, 'orderby'],
    ];
    for (const call of [readingsReportList.calls.list, readingsReportList.calls.csv as CallDef]) {
      for (const [query, field] of bad) {
        const res = await injectUnchecked(t.app, call, { query }, lead);
        expect(res.statusCode, `${JSON.stringify(query)}: ${res.body}`).toBe(400);
        expect(res.json().field).toBe(field);
      }
    }
  });
});
