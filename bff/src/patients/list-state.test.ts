// Over 300 lines: every case writes to one seeded database and compares the copies with their sources by the same queries.
import { isoDay, lastDayOf, shiftDay } from '@rpm/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordReadings, recordTimeLogs } from '../billing/summary.js';
import type { Db } from '../db/schema.js';
import { testDatabase } from '../db/test-database.js';
import { patientScope } from '../scope.js';
import { makePatient, placeOf } from '../test-fixtures.js';
import { patientListSources } from './list-store.js';

/**
 * The copies the lists order by: patient_list_state (0012) and the alerts' sort values
 * (0030) stay exact under every write that changes their sources, compared with the sources themselves.
 */

let db: Db;
let close: () => Promise<void>;
let userId: number;
let patientId: number;
const NOW = new Date('2026-11-15T12:00:00Z');
const MONTH = isoDay(NOW).slice(0, 7);

beforeAll(async () => {
  ({ db, close } = await testDatabase({ seedPatients: 20 }));
  userId = (await userIdOf('role1@demo.test')) as number;
  patientId = await makePatient(db, await placeOf(db, (await userIdOf('role8@demo.test')) as number));
}, 120_000);
afterAll(async () => close?.());

/**
 * Ids of state rows that differ from their sources (or listed patients without one, or merged or deactivated ones with
 * one); figures of the row's month.
 */
async function staleState(): Promise<number[]> {
  const { rows } = await sql<{ patient_id: number }>`
    select p.patient_id from patients p
      join practices pr on pr.practice_id = p.practice_id
      left join patient_list_state st on st.patient_id = p.patient_id
      left join patient_status_options rs on rs.program = 'RPM' and rs.status_id = p.rpm_status
      left join patient_status_options cs on cs.program = 'CCM' and cs.status_id = p.ccm_status
      left join patient_month_summary s on s.patient_id = p.patient_id and s.month = st.month
     where p.merged_into_id is null and p.deactivated_at is null and (st.patient_id is null or (st.organization_id, st.practice_id, st.location_id, st.firstname, st.lastname,
       st.dob, st.language_id, st.rpm_status, st.ccm_status, st.bhi_status, st.setup_date, st.physician_id,
       st.care_coordinator_id, st.created_at, st.last_reading_at, st.name_sort, st.practice_sort, st.rpm_status_sort,
       st.ccm_status_sort, st.in_month, st.reading_days, st.rpm_seconds, st.ccm_seconds, st.open_alerts)
       is distinct from (p.organization_id, p.practice_id, p.location_id, p.firstname, p.lastname, p.dob,
       p.language_id, p.rpm_status, p.ccm_status, p.bhi_status, p.setup_date, p.physician_id, p.care_coordinator_id,
       p.created_at, p.last_reading_at, billing_sort_name(p.lastname, p.firstname), lower(pr.practice_name),
       lower(coalesce(rs.label, p.rpm_status::text)), lower(coalesce(cs.label, p.ccm_status::text)), s.id is not null,
       coalesce(s.reading_days, 0), coalesce(s.rpm_seconds, 0), coalesce(s.ccm_seconds, 0),
       (select count(*)::int from alerts a where a.patient_id = p.patient_id and a.acknowledged_at is null)))
    union
    select st.patient_id from patient_list_state st join patients p using (patient_id)
     where p.merged_into_id is not null or p.deactivated_at is not null
     order by 1`.execute(db);
  return rows.map((row) => row.patient_id);
}

/** Ids of alerts whose sort values differ from their patient's, practice's and vital's. */
async function staleAlerts(): Promise<number[]> {
  const { rows } = await sql<{ alert_id: number }>`
    select a.alert_id from alerts a join patients p on p.patient_id = a.patient_id
      join practices pr on pr.practice_id = p.practice_id join vitals v on v.vital_id = a.vital_id
     where (a.sort_lastname, a.sort_firstname, a.sort_practice, a.sort_vital)
       is distinct from (lower(p.lastname), lower(p.firstname), lower(pr.practice_name), v.vital_type)
     order by 1`.execute(db);
  return rows.map((row) => row.alert_id);
}

async function userIdOf(username: string) {
  return (await db.selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirst())
    ?.user_id;
}

/** Groups whose tally (0075) differs from the list state's rows. */
async function staleTallies() {
  const { rows } = await sql<{ practice_id: number; location_id: number; kept: number; counted: number }>`
    select practice_id, location_id, coalesce(t.n, 0) as kept, coalesce(c.n, 0) as counted
      from patient_list_tallies t
      full join (select practice_id, location_id, organization_id, count(*)::int as n from patient_list_state
                  group by 1, 2, 3) c using (practice_id, location_id, organization_id)
     where coalesce(t.n, 0) <> coalesce(c.n, 0)`.execute(db);
  return rows;
}

async function expectExact() {
  expect(await staleState()).toEqual([]);
  expect(await staleAlerts()).toEqual([]);
  expect(await staleTallies()).toEqual([]);
}

interface StateRow {
  month: Date | null;
  reading_days: number;
  rpm_seconds: number;
  ccm_seconds: number;
  open_alerts: number;
  name_sort: string;
  practice_sort: string;
  rpm_status_sort: string;
}
async function stateOf(id: number): Promise<StateRow> {
  const { rows } = await sql<StateRow>`select * from patient_list_state where patient_id = ${id}`.execute(db);
  return rows[0] as StateRow;
}

/** A patient with readings: a device assignment to record more against. */
async function readingPatient() {
  return db
    .selectFrom('readings')
    .select(['patient_id', 'device_assign_id', 'vital_id'])
    .orderBy('reading_id')
    .executeTakeFirstOrThrow();
}

describe('patient_list_state and the alerts’ sort values', () => {
  it('match their sources after the seed', expectExact);

  it('follow a reading on a new day, logged minutes and an alert raised and acknowledged', async () => {
    const r = await readingPatient();
    const days = await db
      .selectFrom('patient_reading_days')
      .select('day')
      .where('patient_id', '=', r.patient_id)
      .execute();
    const taken = new Set(days.map((d) => isoDay(d.day)));
    let day = `${MONTH}-01`;
    while (taken.has(day)) day = shiftDay(day, 1);
    const before = await stateOf(r.patient_id);
    const [readingId] = await db
      .transaction()
      .execute((trx) =>
        recordReadings(trx, [{ ...r, value: '180', taken_at: new Date(`${day}T08:00:00Z`) }]),
      );
    await db.transaction().execute((trx) =>
      recordTimeLogs(trx, [
        {
          patient_id: r.patient_id,
          user_id: userId,
          program: 'RPM',
          seconds: 1200,
          logged_at: NOW,
          note: null,
        },
        {
          patient_id: r.patient_id,
          user_id: userId,
          program: 'CCM',
          seconds: 300,
          logged_at: NOW,
          note: null,
        },
      ]),
    );
    const after = await stateOf(r.patient_id);
    expect(isoDay(after.month as Date)).toBe(`${MONTH}-01`);
    if (before.month && isoDay(before.month) === `${MONTH}-01`) {
      expect(after.reading_days - before.reading_days).toBe(1);
      expect(after.rpm_seconds - before.rpm_seconds).toBe(1200);
      expect(after.ccm_seconds - before.ccm_seconds).toBe(300);
    }
    await db
      .insertInto('alerts')
      .values({
        patient_id: r.patient_id,
        reading_id: readingId as number,
        vital_id: r.vital_id,
        level: 'critical',
        direction: 'high',
        value: '180',
        bound: '160',
        taken_at: NOW,
        created_at: NOW,
      })
      .execute();
    expect((await stateOf(r.patient_id)).open_alerts).toBe(before.open_alerts + 1);
    await expectExact();
    await db
      .updateTable('alerts')
      .set({ acknowledged_at: NOW, acknowledged_by: userId })
      .where('patient_id', '=', r.patient_id)
      .where('acknowledged_at', 'is', null)
      .execute();
    expect((await stateOf(r.patient_id)).open_alerts).toBe(0);
    await expectExact();
  });

  it('follow a patient renamed, moved, re-statused; a practice, a status label and a vital renamed', async () => {
    const r = await readingPatient();
    const other = await db
      .selectFrom('locations as l')
      .innerJoin('patients as p', 'p.practice_id', 'l.practice_id')
      .select(['l.practice_id', 'l.location_id'])
      .where('p.patient_id', '<>', r.patient_id)
      .orderBy('l.location_id', 'desc')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('patients')
      .set({ firstname: 'Zelda', lastname: 'Aardvark', rpm_status: 5, ccm_status: null, ...other })
      .where('patient_id', '=', r.patient_id)
      .execute();
    expect((await stateOf(r.patient_id)).name_sort).toBe('aardvark, zelda');
    await expectExact();
    await db
      .updateTable('practices')
      .set({ practice_name: 'Renamed Practice' })
      .where('practice_id', '=', other.practice_id)
      .execute();
    expect((await stateOf(r.patient_id)).practice_sort).toBe('renamed practice');
    await db
      .updateTable('patient_status_options')
      .set({ label: 'A Renamed Status' })
      .where('program', '=', 'RPM')
      .where('status_id', '=', 5)
      .execute();
    expect((await stateOf(r.patient_id)).rpm_status_sort).toBe('a renamed status');
    await db
      .updateTable('vitals')
      .set({ vital_type: 'Renamed Vital' })
      .where('vital_id', '=', r.vital_id)
      .execute();
    await expectExact();
  });

  it('hold a new patient, forget a deleted month, and move to a new month before a list reads it', async () => {
    await makePatient(db, await placeOf(db, (await userIdOf('role8@demo.test')) as number));
    await db.deleteFrom('patient_month_summary').where('patient_id', '=', patientId).execute();
    await expectExact();
    const next = shiftDay(lastDayOf(`${MONTH}-01`), 1);
    await db
      .transaction()
      .execute((trx) =>
        recordTimeLogs(trx, [
          { patient_id: patientId, user_id: userId, program: 'RPM', seconds: 60, logged_at: NOW, note: null },
        ]),
      );
    const viewer = {
      auth: { userId, roleid: [1], practiceIds: [], session: undefined as never },
      scope: await patientScope(db, { userId, roleid: [1] }),
      now: new Date(`${next}T12:00:00Z`),
    };
    const page = await patientListSources().patients.page(db, viewer, {
      orderby: 'rpm_minutes',
      order: 'desc',
      filters: {},
      page: 0,
      rowsPerPage: 5,
    });
    // Nobody has minutes in a month just begun, whatever they had last month.
    expect(page.rows.map((row) => row.rpm_minutes)).toEqual([0, 0, 0, 0, 0]);
    // Ordered by the new month's figures (all nought: the id breaks the tie), not last month's.
    const newest = await db
      .selectFrom('patients')
      .select('patient_id')
      .orderBy('patient_id', 'desc')
      .limit(5)
      .execute();
    expect(page.rows.map((row) => row.patient_id)).toEqual(newest.map((row) => row.patient_id));
    const { rows: months } = await sql<{
      month: Date;
    }>`select distinct month from patient_list_state`.execute(db);
    expect(months.map((m) => isoDay(m.month))).toEqual([next]);
    await expectExact();
  });

  it('count the Patients list of every practice from the tallies, through deactivation and a merge', async () => {
    const viewer = {
      auth: { userId, roleid: [1], practiceIds: [], session: undefined as never },
      scope: await patientScope(db, { userId, roleid: [1] }),
      now: NOW,
    };
    const listed = async () =>
      (
        await patientListSources().patients.page(db, viewer, {
          orderby: 'patient_name',
          order: 'asc',
          filters: {},
          page: 0,
          rowsPerPage: 5,
        })
      ).count;
    const active = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from patients
            where merged_into_id is null and deactivated_at is null`.execute(db)
        ).rows[0]?.n,
      );
    const before = await listed();
    expect(before).toBe(await active());
    const [gone, kept] = await db
      .selectFrom('patients')
      .select('patient_id')
      .where('deactivated_at', 'is', null)
      .orderBy('patient_id')
      .limit(2)
      .execute();
    await db
      .updateTable('patients')
      .set({ deactivated_at: NOW })
      .where('patient_id', '=', gone?.patient_id as number)
      .execute();
    expect(await listed()).toBe(before - 1);
    await expectExact();
    await db
      .updateTable('patients')
      .set({ deactivated_at: null })
      .where('patient_id', '=', gone?.patient_id as number)
      .execute();
    await db
      .updateTable('patients')
      .set({ merged_into_id: kept?.patient_id as number })
      .where('patient_id', '=', gone?.patient_id as number)
      .execute();
    expect(await listed()).toBe(before - 1);
    expect(await listed()).toBe(await active());
    await expectExact();
  });
});
