import { isoDay } from '@rpm/shared';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { sqlDay, timeText } from '../db/sql-day.js';
import { userName } from '../lists/sql.js';

/** The programs a patient row carries a status for, by its column (0001, 0044). */
const STATUS_COLUMNS = [
  ['RPM', 'rpm_status'],
  ['CCM', 'ccm_status'],
  ['PCM', 'pcm_status'],
  ['BHI', 'bhi_status'],
  ['RTM', 'rtm_status'],
] as const;

/** The patient banner's facts beside the demographics (issue 41 §2; decisions.md "Patient banner"). */
export async function patientBanner(db: Db, patientId: number, now: Date) {
  const month = isoDay(now).slice(0, 7);
  const from = `${month}-01`;
  const statuses = sql.join(
    STATUS_COLUMNS.map(([program, column]) => sql`(${program}::text, p.${sql.ref(column)})`),
  );
  const programs = await sql<{ program: string; status: string | null }>`
    select s.program, o.label as status
    from patients p cross join lateral (values ${statuses}) as s(program, status_id)
    join patient_status_options o on o.program = s.program and o.status_id = s.status_id
    where p.patient_id = ${patientId}
    union all
    select distinct e.program, null from enrollment_orders e
    where e.patient_id = ${patientId} and e.program not in (${sql.join(STATUS_COLUMNS.map(([p]) => p))})`.execute(
    db,
  );
  const team = await db
    .selectFrom('patients as p')
    .leftJoin('users as ph', 'ph.user_id', 'p.physician_id')
    .leftJoin('users as cc', 'cc.user_id', 'p.care_coordinator_id')
    .select([userName('ph').as('physician'), userName('cc').as('coordinator')])
    .where('p.patient_id', '=', patientId)
    .executeTakeFirst();
  const readings = await sql<{ vital_type: string; unit: string; value: string; taken_at: string }>`
    select v.vital_type, v.unit, r.value, ${timeText(sql`r.taken_at`)} as taken_at
    from vitals v cross join lateral (
      select value, taken_at from readings r where r.patient_id = ${patientId} and r.vital_id = v.vital_id
      order by taken_at desc limit 1) r
    order by v.vital_id`.execute(db);
  const alerts = await db
    .selectFrom('alerts')
    .select(['level', (eb) => eb.fn.countAll<string>().as('n')])
    .where('patient_id', '=', patientId)
    .where('acknowledged_at', 'is', null)
    .groupBy('level')
    .execute();
  const summary = await db
    .selectFrom('patient_month_summary')
    .select(['reading_days', 'rpm_seconds', 'rtm_seconds', 'ccm_seconds', 'pcm_seconds', 'bhi_seconds'])
    .where('patient_id', '=', patientId)
    .where('month', '=', sqlDay(from))
    .executeTakeFirst();
  const seconds: Record<string, number> = {};
  if (summary) {
    for (const [program, value] of [
      ['RPM', summary.rpm_seconds],
      ['RTM', summary.rtm_seconds],
      ['CCM', summary.ccm_seconds],
      ['PCM', summary.pcm_seconds],
      ['BHI', summary.bhi_seconds],
    ] as const)
      if (value > 0) seconds[program] = value;
  }
  const open = (level: string) => Number(alerts.find((a) => a.level === level)?.n ?? 0);
  return {
    programs: programs.rows,
    care_team: [
      ...(team?.physician ? [{ role: 'Physician', name: team.physician }] : []),
      ...(team?.coordinator ? [{ role: 'Care Coordinator', name: team.coordinator }] : []),
    ],
    last_readings: readings.rows.map((r) => ({ ...r, value: Number(r.value) })),
    open_alerts: { critical: open('critical'), abnormal: open('abnormal') },
    month,
    reading_days: summary?.reading_days ?? 0,
    seconds,
  };
}
