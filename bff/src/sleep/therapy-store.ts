import {
  BOUND_FLAGS,
  type FilterOption,
  isoDay,
  PAP_COMPLIANCE,
  PAP_COMPLIANCE_LABELS,
  readingLevel,
  shiftDay,
  type TherapyPatientRow,
  type Thresholds,
} from '@rpm/shared';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { DEVICE_TYPE, VITAL } from '../db/reference-ids.js';
import type { Db } from '../db/schema.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { countOf, sliceSource } from '../lists/slice-source.js';
import type { ListSource, ListView, ListViewer } from '../lists/source.js';
import { fullName } from '../lists/sql.js';
import { idValues, optionValues } from '../lists/view-values.js';
import { listPatientSql } from '../patients/identity-sql.js';

/**
 * CPAP Patients and Therapy Patients (issue 15 §3; shared/src/lists/therapy.ts): patients in scope with a PAP
 * device assigned now, their last 30 nights of device data (usage, AHI, leaks readings) and the CMS adherence rule
 * (decisions.md "PAP compliance"). A night is a UTC calendar day of readings; its usage is the night's largest
 * usage value (the device reports the night's total), its AHI and leaks the night's means.
 */

const THERAPY_VITALS = [VITAL.usage, VITAL.ahi, VITAL.leaks];
/** Nights of ≥ 4 h needed in the window (70 % of 30 = 21). */
const NIGHTS_NEEDED = Math.ceil((PAP_COMPLIANCE.windowNights * PAP_COMPLIANCE.minPercent) / 100);

function base(db: Db, viewer: ListViewer) {
  const today = isoDay(viewer.now);
  const from = new Date(`${shiftDay(today, 1 - PAP_COMPLIANCE.windowNights)}T00:00:00Z`);
  const before = new Date(`${shiftDay(today, 1)}T00:00:00Z`);
  const nights = db
    .selectFrom('readings as r')
    .select([
      'r.patient_id',
      sql<string>`(r.taken_at at time zone 'UTC')::date`.as('night'),
      sql<number | null>`max(r.value) filter (where r.vital_id = ${VITAL.usage})`.as('usage'),
      sql<number | null>`avg(r.value) filter (where r.vital_id = ${VITAL.ahi})`.as('ahi'),
      sql<number | null>`avg(r.value) filter (where r.vital_id = ${VITAL.leaks})`.as('leaks'),
    ])
    .where('r.vital_id', 'in', THERAPY_VITALS)
    .where('r.taken_at', '>=', from)
    .where('r.taken_at', '<', before)
    .groupBy(['r.patient_id', sql`(r.taken_at at time zone 'UTC')::date`]);
  const window = db
    .selectFrom(nights.as('n'))
    .select([
      'n.patient_id',
      sql<number>`count(*)::int`.as('nights'),
      sql<number>`(count(*) filter (where n.usage >= ${PAP_COMPLIANCE.minHours}))::int`.as('nights_4h'),
      sql<number | null>`round(avg(n.usage), 1)::float8`.as('usage_avg'),
      sql<number | null>`round(avg(n.ahi), 1)::float8`.as('ahi_avg'),
      sql<number | null>`round(avg(n.leaks), 1)::float8`.as('leaks_avg'),
      sql<string | null>`max(n.night)::text`.as('last_night'),
    ])
    .groupBy('n.patient_id');
  const devices = db
    .selectFrom('device_assignments as da')
    .innerJoin('devices as d', 'd.inventory_id', 'da.inventory_id')
    .select([
      'da.patient_id',
      sql<Date>`min(da.assigned_at)`.as('started_at'),
      sql<string>`min(d.device_name)`.as('device_name'),
      sql<number>`min(da.device_assign_id)`.as('device_assign_id'),
    ])
    .where('d.device_type_id', '=', DEVICE_TYPE.cpap)
    .where('da.unassigned_at', 'is', null)
    .groupBy('da.patient_id');
  let q = db
    .selectFrom('patients as p')
    .innerJoin(devices.as('cp'), 'cp.patient_id', 'p.patient_id')
    .leftJoin(window.as('w'), 'w.patient_id', 'p.patient_id');
  if (!viewer.scope.all) q = q.where(viewer.scope.visible('p'));
  return q;
}
type Base = ReturnType<typeof base>;

const nights4 = sql<number>`coalesce(w.nights_4h, 0)`;
const compliantSql = sql<SqlBool>`${nights4} >= ${NIGHTS_NEEDED}`;

function filtered(db: Db, viewer: ListViewer, view: ListView): Base {
  let q = base(db, viewer);
  const compliance = optionValues(view, 'compliance');
  if (compliance && compliance.length === 1)
    q = q.where(compliance[0] === 'yes' ? compliantSql : sql<SqlBool>`not (${compliantSql})`);
  const practices = idValues(view, 'practice');
  if (practices) q = q.where('p.practice_id', 'in', practices);
  const physicians = idValues(view, 'physician');
  if (physicians) q = q.where('p.physician_id', 'in', physicians);
  const search = patientSearchSql(view.search);
  if (search) q = q.where(search);
  return q;
}

function orderOf(view: ListView, today: string): Expression<unknown>[] {
  const dir = sql.raw(view.order);
  const tie = sql`p.patient_id ${dir}`;
  const by = (value: RawBuilder<unknown>) => [sql`${value} ${dir} nulls last`, tie];
  const text = (value: RawBuilder<unknown>) => by(sql`lower(${value}) collate "C"`);
  switch (view.orderby) {
    case 'patient_name':
      return text(fullName('p'));
    case 'dob':
      return by(sql`p.dob`);
    case 'practice_name':
      return text(sql`pr.practice_name`);
    case 'physician':
      return text(fullName('ph'));
    case 'device_name':
      return text(sql`cp.device_name`);
    case 'therapy_start':
      return by(sql`cp.started_at`);
    case 'days_on_therapy':
      return by(sql`(${today}::date - (cp.started_at at time zone 'UTC')::date)`);
    case 'compliance':
      return by(sql`(${compliantSql})::int`);
    case 'nights':
    case 'nights_4h':
    case 'compliance_pct':
      return by(view.orderby === 'nights' ? sql`coalesce(w.nights, 0)` : nights4);
    case 'last_night':
    case 'usage_avg':
    case 'ahi_avg':
    case 'leaks_avg':
      return by(sql.ref(`w.${view.orderby}`));
    default:
      return [tie];
  }
}

const FLAG_OF = { critical: { low: 0, high: 3 }, abnormal: { low: 1, high: 2 } } as const;
/** The flag of an average against the bounds (thresholds.ts readingLevel); '' within them or without bounds. */
function flagOf(value: number | null, bounds: Thresholds | undefined): TherapyPatientRow['usage_flag'] {
  if (value === null || !bounds) return '';
  const level = readingLevel(value, bounds);
  return level ? BOUND_FLAGS[FLAG_OF[level.level][level.direction]] : '';
}

/**
 * The bounds per patient and vital: those of the PAP device's active alert rule, else the patient's vital
 * configuration (001 §2.6).
 */
async function boundsOf(db: Db, rows: readonly { patient_id: number; device_assign_id: number }[]) {
  const bounds = new Map<string, Thresholds>();
  if (rows.length === 0) return bounds;
  const patients = rows.map((r) => r.patient_id);
  const configured = await db
    .selectFrom('patient_vital_thresholds')
    .select(['patient_id', 'vital_id', 'critical_low', 'abnormal_low', 'abnormal_high', 'critical_high'])
    .where('patient_id', 'in', patients)
    .where('vital_id', 'in', THERAPY_VITALS)
    .execute();
  const ruled = await db
    .selectFrom('notification_rules as r')
    .innerJoin('notification_rule_vitals as rv', 'rv.notification_rule_id', 'r.notification_rule_id')
    .select([
      'r.patient_id',
      'rv.vital_id',
      'rv.critical_low',
      'rv.abnormal_low',
      'rv.abnormal_high',
      'rv.critical_high',
    ])
    .where(
      'r.device_assign_id',
      'in',
      rows.map((r) => r.device_assign_id),
    )
    .where('r.status', '=', 1)
    .where('rv.vital_id', 'in', THERAPY_VITALS)
    .execute();
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  for (const b of [...configured, ...ruled])
    bounds.set(`${b.patient_id}:${b.vital_id}`, {
      critical_low: Number(b.critical_low),
      abnormal_low: Number(b.abnormal_low),
      abnormal_high: num(b.abnormal_high),
      critical_high: num(b.critical_high),
    });
  return bounds;
}

/** The view's rows and the database (the flags' bounds are read for the page's patients). */
interface View {
  readonly db: Db;
  readonly q: Base;
}

async function slice(
  { db, q: rowsOf }: View,
  viewer: ListViewer,
  view: ListView,
  offset: number,
  limit: number,
) {
  const today = isoDay(viewer.now);
  let q = rowsOf
    .innerJoin('practices as pr', 'pr.practice_id', 'p.practice_id')
    .leftJoin('users as ph', 'ph.user_id', 'p.physician_id')
    .select([
      'p.patient_id',
      'p.dob',
      'pr.practice_name',
      'cp.device_name',
      'cp.started_at',
      'cp.device_assign_id',
      'w.last_night',
      'w.usage_avg',
      'w.ahi_avg',
      'w.leaks_avg',
      fullName('p').as('patient_name'),
      listPatientSql('p').as('patient'),
      sql<string | null>`case when ph.user_id is not null then ${fullName('ph')} end`.as('physician'),
      sql<number>`coalesce(w.nights, 0)`.as('nights'),
      nights4.as('nights_4h'),
      sql<number>`(${today}::date - (cp.started_at at time zone 'UTC')::date)`.as('days_on_therapy'),
    ]);
  for (const part of orderOf(view, today)) q = q.orderBy(part);
  const rows = await q.limit(limit).offset(offset).execute();
  const bounds = await boundsOf(db, rows);
  return rows.map((r): TherapyPatientRow => {
    const pct = Math.round((r.nights_4h * 1000) / PAP_COMPLIANCE.windowNights) / 10;
    return {
      patient_id: r.patient_id,
      patient_name: r.patient_name,
      patient: r.patient,
      dob: r.dob.toISOString().slice(0, 10),
      practice_name: r.practice_name,
      physician: r.physician,
      device_name: r.device_name,
      therapy_start: isoDay(r.started_at),
      days_on_therapy: Number(r.days_on_therapy),
      last_night: r.last_night,
      nights: r.nights,
      nights_4h: r.nights_4h,
      compliance_pct: pct,
      compliance: r.nights_4h >= NIGHTS_NEEDED ? PAP_COMPLIANCE_LABELS.yes : PAP_COMPLIANCE_LABELS.no,
      usage_avg: r.usage_avg,
      ahi_avg: r.ahi_avg,
      leaks_avg: r.leaks_avg,
      usage_flag: flagOf(r.usage_avg, bounds.get(`${r.patient_id}:${VITAL.usage}`)),
      ahi_flag: flagOf(r.ahi_avg, bounds.get(`${r.patient_id}:${VITAL.ahi}`)),
      leaks_flag: flagOf(r.leaks_avg, bounds.get(`${r.patient_id}:${VITAL.leaks}`)),
    };
  });
}

/** The source of both lists: the same rows, the definitions choose the columns. */
export function therapyListSources(): Record<
  'cpap-patients' | 'therapy-patients',
  ListSource<TherapyPatientRow>
> {
  const source = sliceSource<TherapyPatientRow, View>({
    filtered: (db, viewer, view) => ({ db, q: filtered(db, viewer, view) }),
    count: (view) => countOf(view.q),
    slice,
    async options(d, viewer) {
      const option = (rows: { value: number; label: string }[]): FilterOption[] =>
        rows.map((row) => ({ value: String(row.value), label: row.label }));
      let practices = d
        .selectFrom('practices as pr')
        .select(['pr.practice_id as value', 'pr.practice_name as label'])
        .orderBy(sql`lower(pr.practice_name) collate "C"`)
        .orderBy('pr.practice_id');
      if (!viewer.scope.all)
        practices = practices.where('pr.practice_id', 'in', [0, ...viewer.scope.practiceIds]);
      const inList = base(d, viewer).select('p.patient_id').where(sql<SqlBool>`p.physician_id = u.user_id`);
      const physicians = await d
        .selectFrom('users as u')
        .select(['u.user_id as value', fullName('u').as('label')])
        .where(({ exists }) => exists(inList))
        .orderBy(sql`lower(${fullName('u')}) collate "C"`)
        .orderBy('u.user_id')
        .execute();
      return { practice: option(await practices.execute()), physician: option(physicians) };
    },
  });
  return { 'cpap-patients': source, 'therapy-patients': source };
}
