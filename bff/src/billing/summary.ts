// Over 300 lines: the month summary's one write path (readings, time logs, devices, set-up dates, rebuild).
import { isoDay, monthColumns } from '@rpm/shared';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Database, Db, DeviceAssignmentsTable, ReadingsTable, TimeLogsTable } from '../db/schema.js';

/**
 * The per-patient-per-month summary the billing report reads (architecture.md "Data"): kept in the transaction of
 * each write ({@link recordReadings}, {@link recordTimeLogs}, {@link recordDeviceAssignments}) or rebuilt in bulk
 * ({@link rebuildSummaries}); a test proves both agree. Days and months are UTC (decisions.md "UTC days").
 */

export type NewReading = Insertable<ReadingsTable>;
export type NewTimeLog = Insertable<TimeLogsTable>;
export type NewDeviceAssignment = Insertable<DeviceAssignmentsTable>;

/** The write transaction the summary is kept in: never autocommit, so the raw rows and the summary agree. */
type Trx = Transaction<Database>;

/** Rows per statement in bulk paths (well under PostgreSQL's 65,535 parameters). */
const BATCH = 5000;

/** The columns of a summary row that decide its stored codes. */
interface CodeInputs {
  readonly id: number;
  readonly month: Date;
  readonly reading_days: number;
  readonly rpm_seconds: number;
  readonly rtm_seconds: number;
  readonly setup_date: Date | null;
  readonly setup_cpt: string | null;
  readonly compliance_cpt: string | null;
  readonly activity_time_cpt: string | null;
  readonly more_activity_time_cpt: string | null;
  readonly activity_time_60_cpt: string | null;
  readonly rtm_cpt: string | null;
  readonly rtm_40_cpt: string | null;
  readonly rtm_60_cpt: string | null;
}

/** The stored code columns, in order. */
const CODE_COLUMNS = [
  'setup_cpt',
  'compliance_cpt',
  'activity_time_cpt',
  'more_activity_time_cpt',
  'activity_time_60_cpt',
  'rtm_cpt',
  'rtm_40_cpt',
  'rtm_60_cpt',
] as const;

/** What `returning` gives back for {@link applyCodes}. */
const CODE_INPUTS = sql.raw(
  `id, month, reading_days, rpm_seconds, rtm_seconds, setup_date, ${CODE_COLUMNS.join(', ')}`,
);

const isoTime = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

/**
 * The stored codes of a summary row, from the shared rules (shared/src/billing): RPM and RTM codes depend on the
 * row alone. CCM codes also depend on the patient's CCM type, so they are computed when read, never stored.
 */
function storedCodes(row: Omit<CodeInputs, (typeof CODE_COLUMNS)[number] | 'id'>): string[] {
  const activity = {
    dateOfService: isoDay(row.month),
    readingDays: row.reading_days,
    rpmSeconds: row.rpm_seconds,
    rtmSeconds: row.rtm_seconds,
    setupDate: row.setup_date ? isoDay(row.setup_date) : null,
  };
  const { rpm, rtm } = monthColumns(activity);
  return [
    rpm.setup,
    rpm.deviceSupply,
    rpm.time20,
    rpm.time40,
    rpm.time60,
    rtm.time20,
    rtm.time40,
    rtm.time60,
  ].map((code) => code ?? '');
}

/** Writes the codes of the rows whose counts changed, only where the codes differ. */
async function applyCodes(trx: Db, rows: readonly CodeInputs[]): Promise<void> {
  const ids: number[] = [];
  const columns: string[][] = CODE_COLUMNS.map(() => []);
  for (const row of rows) {
    const codes = storedCodes(row);
    if (CODE_COLUMNS.every((column, n) => (row[column] ?? '') === codes[n])) continue;
    ids.push(row.id);
    codes.forEach((code, n) => {
      columns[n]?.push(code);
    });
  }
  for (let start = 0; start < ids.length; start += BATCH) {
    const slice = (list: readonly string[]) => list.slice(start, start + BATCH);
    const sets = sql.join(
      CODE_COLUMNS.map((column) => sql`${sql.ref(column)} = nullif(v.${sql.ref(column)}, '')`),
    );
    const arrays = sql.join(columns.map((list) => sql`${slice(list)}::text[]`));
    await sql`update patient_month_summary s set ${sets}
      from unnest(${ids.slice(start, start + BATCH)}::integer[], ${arrays})
        as v(id, ${sql.join(CODE_COLUMNS.map((column) => sql.ref(column)))})
      where s.id = v.id`.execute(trx);
  }
}

/** The set-up date in force in a summary row's month: the latest device episode started before the month ends. */
const SETUP_DATE_OF = (patientId: ReturnType<typeof sql.ref>, month: ReturnType<typeof sql.ref>) =>
  sql`(select max(e.episode_start) from device_episodes e
        where e.patient_id = ${patientId} and e.episode_start < ${month} + interval '1 month')`;

/**
 * Inserts readings and counts each patient's new reading days into the month's summary; answers the ids in order.
 * The reading intake and every other writer call this, never a bare insert.
 */
export async function recordReadings(trx: Trx, rows: readonly NewReading[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const inserted = await sql<{ reading_id: number; patient_id: number; taken_at: Date }>`
      insert into readings (patient_id, device_assign_id, vital_id, value, taken_at)
      select * from unnest(
        ${batch.map((r) => r.patient_id)}::integer[], ${batch.map((r) => r.device_assign_id)}::integer[],
        ${batch.map((r) => r.vital_id)}::integer[], ${batch.map((r) => String(r.value))}::numeric[],
        ${batch.map((r) => isoTime(r.taken_at))}::timestamptz[])
      returning reading_id, patient_id, taken_at`.execute(trx);
    ids.push(...inserted.rows.map((row) => row.reading_id));
    const patients = inserted.rows.map((row) => row.patient_id);
    const takenAt = inserted.rows.map((row) => row.taken_at.toISOString());
    // A day already counted inserts nothing, so only a patient's first reading of a day adds to reading_days.
    const summaries = await sql<CodeInputs>`
      with new_days as (
        insert into patient_reading_days (patient_id, day)
        select distinct patient_id, (taken_at at time zone 'UTC')::date
        from unnest(${patients}::integer[], ${takenAt}::timestamptz[]) as r(patient_id, taken_at)
        on conflict do nothing
        returning patient_id, day
      ), months as (
        select patient_id, date_trunc('month', day::timestamp)::date as month, count(*)::integer as days
        from new_days group by 1, 2
      )
      insert into patient_month_summary as s
        (patient_id, month, organization_id, practice_id, location_id, sort_name, setup_date, reading_days)
      select m.patient_id, m.month, p.organization_id, p.practice_id, p.location_id,
        billing_sort_name(p.lastname, p.firstname), ${SETUP_DATE_OF(sql.ref('m.patient_id'), sql.ref('m.month'))},
        m.days
      from months m join patients p on p.patient_id = m.patient_id
      on conflict (patient_id, month) do update set reading_days = s.reading_days + excluded.reading_days
      returning ${CODE_INPUTS}`.execute(trx);
    await applyCodes(trx, summaries.rows);
  }
  return ids;
}

/** Inserts time logs and adds their seconds to each patient-month's summary by program; answers the ids in order. */
export async function recordTimeLogs(trx: Trx, rows: readonly NewTimeLog[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const inserted = await trx
      .insertInto('time_logs')
      .values(batch)
      .returning(['time_log_id', 'patient_id', 'program', 'seconds', 'logged_at'])
      .execute();
    ids.push(...inserted.map((row) => row.time_log_id));
    const column = (program: string) => inserted.map((row) => (row.program === program ? row.seconds : 0));
    const summaries = await sql<CodeInputs>`
      with months as (
        select patient_id, date_trunc('month', logged_at at time zone 'UTC')::date as month,
          sum(rpm)::integer as rpm, sum(rtm)::integer as rtm, sum(ccm)::integer as ccm,
          sum(bhi)::integer as bhi, sum(pcm)::integer as pcm
        from unnest(${inserted.map((row) => row.patient_id)}::integer[],
          ${inserted.map((row) => row.logged_at.toISOString())}::timestamptz[],
          ${column('RPM')}::integer[], ${column('RTM')}::integer[], ${column('CCM')}::integer[],
          ${column('BHI')}::integer[], ${column('PCM')}::integer[]) as t(patient_id, logged_at, rpm, rtm, ccm, bhi, pcm)
        group by 1, 2
      )
      insert into patient_month_summary as s
        (patient_id, month, organization_id, practice_id, location_id, sort_name, setup_date,
         rpm_seconds, rtm_seconds, ccm_seconds, bhi_seconds, pcm_seconds)
      select m.patient_id, m.month, p.organization_id, p.practice_id, p.location_id,
        billing_sort_name(p.lastname, p.firstname), ${SETUP_DATE_OF(sql.ref('m.patient_id'), sql.ref('m.month'))},
        m.rpm, m.rtm, m.ccm, m.bhi, m.pcm
      from months m join patients p on p.patient_id = m.patient_id
      on conflict (patient_id, month) do update set
        rpm_seconds = s.rpm_seconds + excluded.rpm_seconds,
        rtm_seconds = s.rtm_seconds + excluded.rtm_seconds,
        ccm_seconds = s.ccm_seconds + excluded.ccm_seconds,
        bhi_seconds = s.bhi_seconds + excluded.bhi_seconds,
        pcm_seconds = s.pcm_seconds + excluded.pcm_seconds
      returning ${CODE_INPUTS}`.execute(trx);
    await applyCodes(trx, summaries.rows);
  }
  return ids;
}

/** Inserts device assignments and refreshes set-up dates, so an episode's month bills 99453 before any reading. */
export async function recordDeviceAssignments(
  trx: Trx,
  rows: readonly NewDeviceAssignment[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await trx
    .insertInto('device_assignments')
    .values([...rows])
    .returning('device_assign_id')
    .execute();
  await refreshSetupDates(trx, [...new Set(rows.map((row) => row.patient_id))]);
  return inserted.map((row) => row.device_assign_id);
}

/**
 * Brings the patients' set-up dates and set-up codes up to date with their device assignments: a summary row for
 * the month each episode starts, and every month's set-up date. Call it in the transaction that changes an
 * assignment by other means (ending one, correcting a date); {@link recordDeviceAssignments} calls it itself.
 */
export async function refreshSetupDates(trx: Db, patientIds: readonly number[]): Promise<void> {
  for (let start = 0; start < patientIds.length; start += BATCH) {
    const ids = patientIds.slice(start, start + BATCH);
    await sql`
      insert into patient_month_summary
        (patient_id, month, organization_id, practice_id, location_id, sort_name)
      select distinct e.patient_id, date_trunc('month', e.episode_start::timestamp)::date, p.organization_id,
        p.practice_id, p.location_id, billing_sort_name(p.lastname, p.firstname)
      from device_episodes e join patients p on p.patient_id = e.patient_id
      where e.patient_id = any(${ids}::integer[])
      on conflict (patient_id, month) do nothing`.execute(trx);
    const changed = await sql<CodeInputs>`
      update patient_month_summary s set setup_date = v.setup_date
      from (
        select x.id, ${SETUP_DATE_OF(sql.ref('x.patient_id'), sql.ref('x.month'))} as setup_date
        from patient_month_summary x where x.patient_id = any(${ids}::integer[])
      ) v
      where s.id = v.id and s.setup_date is distinct from v.setup_date
      returning ${sql.raw(`s.id, s.month, s.reading_days, s.rpm_seconds, s.rtm_seconds, s.setup_date, ${CODE_COLUMNS.map((c) => `s.${c}`).join(', ')}`)}`.execute(
      trx,
    );
    await applyCodes(trx, changed.rows);
  }
}

/**
 * Recomputes the summaries from the raw tables with INSERT … SELECT (the seed, a repair, or with `patientIds` a
 * merge): existing rows keep their ids, rows without activity go, claims are untouched.
 */
export async function rebuildSummaries(
  trx: Db,
  patientIds?: readonly number[],
): Promise<{ readonly rows: number }> {
  const only = patientIds ? sql`patient_id = any(${sql.val([...patientIds])}::integer[])` : sql`true`;
  await sql`delete from patient_reading_days where ${only}`.execute(trx);
  await sql`insert into patient_reading_days (patient_id, day)
    select distinct patient_id, (taken_at at time zone 'UTC')::date from readings where ${only}`.execute(trx);
  await sql`
    with parts as (
      select patient_id, date_trunc('month', day::timestamp)::date as month, count(*)::integer as reading_days,
        0 as rpm, 0 as rtm, 0 as ccm, 0 as bhi, 0 as pcm, null::date as episode_start
      from patient_reading_days where ${only} group by 1, 2
      union all
      select patient_id, date_trunc('month', logged_at at time zone 'UTC')::date, 0,
        coalesce(sum(seconds) filter (where program = 'RPM'), 0), coalesce(sum(seconds) filter (where program = 'RTM'), 0),
        coalesce(sum(seconds) filter (where program = 'CCM'), 0), coalesce(sum(seconds) filter (where program = 'BHI'), 0),
        coalesce(sum(seconds) filter (where program = 'PCM'), 0), null::date
      from time_logs where ${only} group by 1, 2
      union all
      select patient_id, date_trunc('month', episode_start::timestamp)::date, 0, 0, 0, 0, 0, 0, episode_start
      from device_episodes where ${only}
    ), months as (
      select patient_id, month, sum(reading_days)::integer as reading_days, sum(rpm)::integer as rpm,
        sum(rtm)::integer as rtm, sum(ccm)::integer as ccm, sum(bhi)::integer as bhi, sum(pcm)::integer as pcm,
        max(episode_start) as episode_start
      from parts group by patient_id, month
    ), activity as (
      -- Every episode start has its own month row, so the running maximum is the latest start before month end.
      select *, max(episode_start) over (partition by patient_id order by month) as setup_date from months
    ), upserted as (
      insert into patient_month_summary as s
        (patient_id, month, organization_id, practice_id, location_id, sort_name, setup_date, reading_days,
         rpm_seconds, rtm_seconds, ccm_seconds, bhi_seconds, pcm_seconds)
      select a.patient_id, a.month, p.organization_id, p.practice_id, p.location_id,
        billing_sort_name(p.lastname, p.firstname), a.setup_date, a.reading_days, a.rpm, a.rtm, a.ccm, a.bhi, a.pcm
      from activity a join patients p on p.patient_id = a.patient_id
      on conflict (patient_id, month) do update set
        organization_id = excluded.organization_id, practice_id = excluded.practice_id,
        location_id = excluded.location_id, sort_name = excluded.sort_name, setup_date = excluded.setup_date,
        reading_days = excluded.reading_days, rpm_seconds = excluded.rpm_seconds,
        rtm_seconds = excluded.rtm_seconds, ccm_seconds = excluded.ccm_seconds,
        bhi_seconds = excluded.bhi_seconds, pcm_seconds = excluded.pcm_seconds
      returning id
    )
    delete from patient_month_summary where ${only} and id not in (select id from upserted)`.execute(trx);
  let rows = 0;
  let after = 0;
  for (;;) {
    const page = await sql<CodeInputs>`select ${CODE_INPUTS} from patient_month_summary
      where ${only} and id > ${after} order by id limit ${BATCH * 4}`.execute(trx);
    const last = page.rows.at(-1);
    if (!last) break;
    await applyCodes(trx, page.rows);
    rows += page.rows.length;
    after = last.id;
  }
  return { rows };
}
