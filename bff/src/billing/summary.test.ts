// Over 300 lines: every write that changes a patient's month (readings, time logs, devices) against one database.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/schema.js';
import { createRandom } from '../db/seed/prng.js';
import { testDatabase } from '../db/test-database.js';
import {
  type NewReading,
  type NewTimeLog,
  rebuildSummaries,
  recordDeviceAssignments,
  recordReadings,
  recordTimeLogs,
  refreshSetupDates,
} from './summary.js';

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await testDatabase({ seedPatients: 40 }));
});
afterAll(async () => close());

/** Every summary row without its id, in a stable order, with dates as ISO days. */
async function snapshot(): Promise<Record<string, unknown>[]> {
  const rows = await db
    .selectFrom('patient_month_summary')
    .selectAll()
    .orderBy('patient_id')
    .orderBy('month')
    .execute();
  // The ids and the billing versions (how many writes reached a row) differ by path; the summary itself must not.
  return rows.map(({ id: _id, inputs_version: _inputs, codes_version: _codes, ...row }) => ({
    ...row,
    month: row.month.toISOString().slice(0, 10),
    setup_date: row.setup_date?.toISOString().slice(0, 10) ?? null,
  }));
}

const ids = async () =>
  (
    await db.selectFrom('patient_month_summary').select(['id', 'patient_id', 'month']).orderBy('id').execute()
  ).map((row) => `${row.id}:${row.patient_id}:${row.month.toISOString().slice(0, 10)}`);

describe('the incremental path and the bulk rebuild agree', () => {
  it('replaying the seeded readings and minutes one batch at a time gives the rebuilt summaries', async () => {
    const rebuilt = await snapshot();
    expect(rebuilt.length).toBeGreaterThan(100);
    expect(rebuilt.some((row) => row.compliance_cpt === '99454')).toBe(true);
    expect(rebuilt.some((row) => row.setup_cpt === '99453')).toBe(true);
    // RPM and RTM are never billed for one patient in one month (program-codes.ts PROGRAM_EXCLUSIONS).
    expect(rebuilt.some((row) => row.rtm_cpt !== null && row.activity_time_cpt !== null)).toBe(false);

    const readings: NewReading[] = (
      await db
        .selectFrom('readings')
        .select(['patient_id', 'device_assign_id', 'vital_id', 'value', 'taken_at'])
        .execute()
    ).map((row) => ({ ...row, taken_at: row.taken_at.toISOString() }));
    const timeLogs: NewTimeLog[] = (
      await db
        .selectFrom('time_logs')
        .select(['patient_id', 'user_id', 'program', 'seconds', 'logged_at', 'note'])
        .execute()
    ).map((row) => ({ ...row, logged_at: row.logged_at.toISOString() }));
    const patients = (await db.selectFrom('patients').select('patient_id').execute()).map(
      (row) => row.patient_id,
    );
    // CASCADE also empties whatever other features hang on readings and time logs (alerts, notes): a scratch
    // database, and the replay below is only about the summaries.
    await sql`truncate readings, time_logs, patient_reading_days, patient_month_summary cascade`.execute(db);

    // The device assignments are recorded first, as the intake would; then readings and minutes in a shuffled
    // order, in batches of random sizes, interleaved, each batch in its own transaction.
    await db.transaction().execute((trx) => refreshSetupDates(trx, patients));
    const random = createRandom(7);
    const shuffle = <T>(list: T[]) => {
      for (let i = list.length - 1; i > 0; i--) {
        const j = random.int(0, i);
        [list[i], list[j]] = [list[j] as T, list[i] as T];
      }
      return list;
    };
    shuffle(readings);
    shuffle(timeLogs);
    let r = 0;
    let l = 0;
    while (r < readings.length || l < timeLogs.length) {
      const readingBatch = readings.slice(r, r + random.int(1, 700));
      const logBatch = timeLogs.slice(l, l + random.int(1, 90));
      r += readingBatch.length;
      l += logBatch.length;
      await db.transaction().execute(async (trx) => {
        await recordReadings(trx, readingBatch);
        await recordTimeLogs(trx, logBatch);
      });
    }
    expect(await snapshot()).toEqual(rebuilt);

    // And the rebuild over the incremental result changes nothing, ids included (patients_cpt_id stays valid).
    const before = await ids();
    await db.transaction().execute((trx) => rebuildSummaries(trx));
    expect(await snapshot()).toEqual(rebuilt);
    expect(await ids()).toEqual(before);
  });
});

describe('a patient followed month by month', () => {
  let patientId: number;
  let userId: number;
  let devices: number[];

  const row = async (month: string) =>
    db
      .selectFrom('patient_month_summary')
      .selectAll()
      .where('patient_id', '=', patientId)
      .where('month', '=', sql<Date>`${month}::date`)
      .executeTakeFirst();

  const reading = (assignId: number, takenAt: string): NewReading => ({
    patient_id: patientId,
    device_assign_id: assignId,
    vital_id: 1,
    value: 128,
    taken_at: takenAt,
  });

  beforeAll(async () => {
    const place = await db
      .selectFrom('locations')
      .innerJoin('practices', 'practices.practice_id', 'locations.practice_id')
      .select(['locations.location_id', 'practices.practice_id', 'practices.organization_id'])
      .orderBy('locations.location_id')
      .executeTakeFirstOrThrow();
    patientId = (
      await db
        .insertInto('patients')
        .values({
          organization_id: place.organization_id,
          practice_id: place.practice_id,
          location_id: place.location_id,
          firstname: 'Ada',
          lastname: 'Zimmer',
          dob: '1950-02-03',
          gender: 'F',
        })
        .returning('patient_id')
        .executeTakeFirstOrThrow()
    ).patient_id;
    userId = (await db.selectFrom('users').select('user_id').orderBy('user_id').executeTakeFirstOrThrow())
      .user_id;
    devices = (
      await db
        .insertInto('devices')
        .values(
          [1, 2, 3].map((n) => ({ imei: `99000000000000${n}`, device_type_id: 1, device_name: 'BP cuff' })),
        )
        .returning('inventory_id')
        .execute()
    ).map((device) => device.inventory_id);
  });

  it('bills the set-up in the month a device is first assigned, before any reading', async () => {
    await db
      .transaction()
      .execute((trx) =>
        recordDeviceAssignments(trx, [
          { inventory_id: devices[0] as number, patient_id: patientId, assigned_at: '2026-03-10T15:00:00Z' },
        ]),
      );
    expect(await row('2026-03-01')).toMatchObject({
      setup_cpt: '99453',
      reading_days: 0,
      rpm_listed: true,
      sort_name: 'zimmer, ada',
    });
    expect((await row('2026-03-01'))?.setup_date?.toISOString().slice(0, 10)).toBe('2026-03-10');
  });

  it('counts reading days once per UTC day and keeps the set-up date in later months', async () => {
    const assignId = (
      await db
        .selectFrom('device_assignments')
        .select('device_assign_id')
        .where('patient_id', '=', patientId)
        .executeTakeFirstOrThrow()
    ).device_assign_id;
    const days = Array.from({ length: 15 }, (_, n) => `2026-04-${String(n + 1).padStart(2, '0')}T12:00:00Z`);
    await db.transaction().execute(async (trx) => {
      await recordReadings(
        trx,
        days.map((day) => reading(assignId, day)),
      );
      // The same day again, and 23:59:59 of the 15th: no new day.
      await recordReadings(trx, [
        reading(assignId, '2026-04-03T08:00:00Z'),
        reading(assignId, '2026-04-15T23:59:59Z'),
      ]);
    });
    expect(await row('2026-04-01')).toMatchObject({
      reading_days: 15,
      compliance_cpt: '99445',
      setup_cpt: null,
    });
    // The 16th day: 99454 replaces 99445 (never both).
    await db.transaction().execute((trx) => recordReadings(trx, [reading(assignId, '2026-04-16T00:00:00Z')]));
    expect(await row('2026-04-01')).toMatchObject({ reading_days: 16, compliance_cpt: '99454' });
    expect((await row('2026-04-01'))?.setup_date?.toISOString().slice(0, 10)).toBe('2026-03-10');
    // A reading at 23:59:59 on 30 April belongs to April, one at midnight to May.
    await db
      .transaction()
      .execute((trx) =>
        recordReadings(trx, [
          reading(assignId, '2026-04-30T23:59:59Z'),
          reading(assignId, '2026-05-01T00:00:00Z'),
        ]),
      );
    expect(await row('2026-04-01')).toMatchObject({ reading_days: 17 });
    expect(await row('2026-05-01')).toMatchObject({ reading_days: 1, compliance_cpt: null });
  });

  it('moves the time codes as minutes are logged: 99470 at 10, 99457 at 20, 99458 at 40 and 60', async () => {
    const log = (seconds: number, program: 'RPM' | 'RTM' | 'CCM' = 'RPM'): NewTimeLog => ({
      patient_id: patientId,
      user_id: userId,
      program,
      seconds,
      logged_at: '2026-04-20T16:00:00Z',
    });
    const step = async (seconds: number, expected: [string | null, string | null, string | null]) => {
      await db.transaction().execute((trx) => recordTimeLogs(trx, [log(seconds)]));
      const summary = await row('2026-04-01');
      expect([
        summary?.activity_time_cpt,
        summary?.more_activity_time_cpt,
        summary?.activity_time_60_cpt,
      ]).toEqual(expected);
    };
    await step(9 * 60 + 59, [null, null, null]);
    await step(1, ['99470', null, null]);
    await step(10 * 60 - 1, ['99470', null, null]);
    await step(1, ['99457', null, null]);
    await step(20 * 60, ['99457', '99458', null]);
    await step(20 * 60, ['99457', '99458', '99458']);
    await db.transaction().execute((trx) => recordTimeLogs(trx, [log(40 * 60, 'RTM'), log(30 * 60, 'CCM')]));
    // The RTM minutes count, but RTM never bills beside the month's RPM codes.
    expect(await row('2026-04-01')).toMatchObject({
      rtm_seconds: 40 * 60,
      rtm_cpt: null,
      rtm_40_cpt: null,
      rtm_60_cpt: null,
      ccm_seconds: 30 * 60,
    });
  });

  it('treats a device swap within 30 days as the same episode, a return after a longer gap as a new one', async () => {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('device_assignments')
        .set({ unassigned_at: '2026-05-01T10:00:00Z' })
        .where('patient_id', '=', patientId)
        .execute();
      await recordDeviceAssignments(trx, [
        { inventory_id: devices[1] as number, patient_id: patientId, assigned_at: '2026-05-20T10:00:00Z' },
      ]);
    });
    expect(await row('2026-05-01')).toMatchObject({ setup_cpt: null });
    expect((await row('2026-05-01'))?.setup_date?.toISOString().slice(0, 10)).toBe('2026-03-10');

    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('device_assignments')
        .set({ unassigned_at: '2026-06-01T10:00:00Z' })
        .where('inventory_id', '=', devices[1] as number)
        .execute();
      await recordDeviceAssignments(trx, [
        { inventory_id: devices[2] as number, patient_id: patientId, assigned_at: '2026-08-15T10:00:00Z' },
      ]);
    });
    expect(await row('2026-08-01')).toMatchObject({ setup_cpt: '99453' });
    expect((await row('2026-08-01'))?.setup_date?.toISOString().slice(0, 10)).toBe('2026-08-15');
    expect(await row('2026-03-01')).toMatchObject({ setup_cpt: '99453' });
  });

  it('follows the patient’s new name and practice (trigger on patients)', async () => {
    const other = await db
      .selectFrom('locations')
      .innerJoin('practices', 'practices.practice_id', 'locations.practice_id')
      .select(['locations.location_id', 'practices.practice_id', 'practices.organization_id'])
      .orderBy('locations.location_id', 'desc')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('patients')
      .set({
        lastname: 'Abbott',
        practice_id: other.practice_id,
        location_id: other.location_id,
        organization_id: other.organization_id,
      })
      .where('patient_id', '=', patientId)
      .execute();
    const rows = await db
      .selectFrom('patient_month_summary')
      .select(['sort_name', 'practice_id', 'location_id', 'organization_id'])
      .where('patient_id', '=', patientId)
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const summary of rows)
      expect(summary).toEqual({
        sort_name: 'abbott, ada',
        practice_id: other.practice_id,
        location_id: other.location_id,
        organization_id: other.organization_id,
      });
  });

  it('writes nothing when the transaction fails after recording', async () => {
    const before = await snapshot();
    const readingsBefore = await db
      .selectFrom('readings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const assignId = (
      await db
        .selectFrom('device_assignments')
        .select('device_assign_id')
        .where('inventory_id', '=', devices[2] as number)
        .executeTakeFirstOrThrow()
    ).device_assign_id;
    await expect(
      db.transaction().execute(async (trx) => {
        await recordReadings(trx, [reading(assignId, '2026-09-02T10:00:00Z')]);
        throw new Error('the intake failed later');
      }),
    ).rejects.toThrow('the intake failed later');
    expect(await snapshot()).toEqual(before);
    expect(
      await db
        .selectFrom('readings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(readingsBefore);
  });
});
