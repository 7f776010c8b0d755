import { type FilterValues, isoDay } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { CCM_STATUS, RPM_STATUS } from '../db/seed/patient-statuses.js';
import type { ListView, ListViewer } from '../lists/source.js';
import { minutesBandSql, monthPace, progressSql } from './progress.js';

/** The SQL of the five patient lists (list-store.ts): their tables, fixed predicates, filters and sort keys. */

/** The names of the lists this store serves. */
export const PATIENT_LIST_NAMES = [
  'patients',
  'non-compliance-patients',
  'monthly-report',
  'ccm',
  'screened',
] as const;
export type PatientListName = (typeof PATIENT_LIST_NAMES)[number];

/** RPM statuses of patients being monitored: set up, active, on hold (decisions.md "Patient list filters"). */
const RPM_MONITORED = [RPM_STATUS.enrolled, RPM_STATUS.active, RPM_STATUS.onHold];
/** RPM statuses of patients who must send readings (decisions.md "Non-compliance"). */
const RPM_READING = [RPM_STATUS.enrolled, RPM_STATUS.active];
/** Days without a reading that make an enrolled patient non-compliant (decisions.md "Non-compliance"). */
const SILENT_DAYS = 3;

/** What one request's queries share: the month of the figures, its pace, the time. */
export interface Frame {
  readonly viewer: ListViewer;
  readonly month: string;
  readonly progress: RawBuilder<string>;
  readonly daysSince: RawBuilder<number>;
}

export const ids = (values: readonly string[]) => sql.join(values.map((v) => sql`${Number(v)}`));
const many = (value: FilterValues[string]): readonly string[] =>
  value === undefined ? [] : typeof value === 'string' ? (value === '' ? [] : [value]) : value;
const one = (value: FilterValues[string]): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Staff and patient names as billing writes them: 'Lastname, Firstname' (001 §2.1). */
export const fullName = (alias: string) =>
  sql<string>`(${sql.ref(`${alias}.lastname`)} || ', ' || ${sql.ref(`${alias}.firstname`)})`;

export function frameOf(viewer: ListViewer, filters: FilterValues): Frame {
  const month = many(filters.month)[0] ?? isoDay(viewer.now).slice(0, 7);
  const readingDays = sql<number>`coalesce(s.reading_days, 0)`;
  return {
    viewer,
    month,
    progress: progressSql(readingDays, monthPace(month, viewer.now)),
    // Whole days since the last reading, as the row shows them (so sorting and the 'No Reading For' filter agree).
    daysSince: sql<number>`floor(extract(epoch from (${viewer.now}::timestamptz - p.last_reading_at)) / 86400)::int`,
  };
}

/**
 * The joins every query of the lists may use; PostgreSQL drops the left joins a query does not read, so a count or
 * a page in an indexed order reads patients alone (every patient has a practice: the left join is an inner one).
 */
export function fromClause(frame: Frame): RawBuilder<unknown> {
  return sql`from patients p
    left join practices pr on pr.practice_id = p.practice_id
    left join patient_month_summary s on s.patient_id = p.patient_id and s.month = ${`${frame.month}-01`}::date
    left join patient_status_options rs on rs.program = 'RPM' and rs.status_id = p.rpm_status
    left join patient_status_options cs on cs.program = 'CCM' and cs.status_id = p.ccm_status
    left join users cc on cc.user_id = p.care_coordinator_id
    left join users ph on ph.user_id = p.physician_id
    left join (select patient_id, count(*)::int as n from alerts where acknowledged_at is null group by patient_id)
      oa on oa.patient_id = p.patient_id`;
}

/** Each list's fixed predicate (the decisions named in shared/src/lists/patients.ts). */
export function listPredicate(name: PatientListName, frame: Frame): RawBuilder<SqlBool> {
  switch (name) {
    case 'patients':
      return sql`true`;
    case 'non-compliance-patients':
      // decisions.md "Non-compliance": in RPM and behind on reading days, or silent for 3 days or more.
      return sql`(p.rpm_status in (${ids(RPM_READING.map(String))})
        and (${frame.progress} in ('at_risk', 'unreachable') or p.last_reading_at is null
          or ${frame.daysSince} >= ${SILENT_DAYS}))`;
    case 'monthly-report':
      // decisions.md "Monthly Report": patients with figures (readings, minutes or a set-up) in the month.
      return sql`s.id is not null`;
    case 'ccm':
      return sql`(p.ccm_status is not null and p.ccm_status <> ${CCM_STATUS.notApplicable})`;
    case 'screened':
      // decisions.md "Screened": referred, contacted or consented; not yet set up.
      return sql`p.rpm_status < ${RPM_STATUS.enrolled}`;
  }
}

const PROGRAMS: Record<string, RawBuilder<SqlBool>> = {
  rpm: sql`p.rpm_status in (${ids(RPM_MONITORED.map(String))})`,
  ccm: sql`(p.ccm_status is not null and p.ccm_status <> ${CCM_STATUS.notApplicable})`,
  bhi: sql`p.bhi_status is not null`,
};

const anyOf = (parts: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
const utcDay = (column: RawBuilder<unknown>) => sql`(${column} at time zone 'UTC')::date`;

/** The conditions of the view's filters and search (an empty value means 'all', so no condition). */
export function filterConditions(view: ListView, frame: Frame): RawBuilder<SqlBool>[] {
  const f = view.filters;
  const where: RawBuilder<SqlBool>[] = [];
  const inList = (key: string, column: string) => {
    const values = many(f[key]);
    if (values.length) where.push(sql`${sql.ref(column)} in (${ids(values)})`);
  };
  inList('language', 'p.language_id');
  inList('organization', 'p.organization_id');
  inList('practice', 'p.practice_id');
  inList('care_coordinator', 'p.care_coordinator_id');
  inList('physician', 'p.physician_id');
  inList('rpm_status', 'p.rpm_status');
  inList('ccm_status', 'p.ccm_status');
  const devices = many(f.device);
  if (devices.length)
    where.push(sql`exists (select 1 from device_assignments da join devices d on d.inventory_id = da.inventory_id
      where da.patient_id = p.patient_id and da.unassigned_at is null and d.device_type_id in (${ids(devices)}))`);
  const tags = many(f.tags);
  if (tags.length)
    where.push(
      sql`exists (select 1 from patient_tags pt where pt.patient_id = p.patient_id and pt.tag_id in (${ids(tags)}))`,
    );
  const assignedFrom = one(f.assigned_from);
  const assignedTo = one(f.assigned_to);
  if (assignedFrom || assignedTo)
    where.push(sql`exists (select 1 from device_assignments da where da.patient_id = p.patient_id
      ${assignedFrom ? sql`and ${utcDay(sql`da.assigned_at`)} >= ${assignedFrom}::date` : sql``}
      ${assignedTo ? sql`and ${utcDay(sql`da.assigned_at`)} <= ${assignedTo}::date` : sql``})`);
  const referredFrom = one(f.referred_from);
  const referredTo = one(f.referred_to);
  if (referredFrom) where.push(sql`${utcDay(sql`p.created_at`)} >= ${referredFrom}::date`);
  if (referredTo) where.push(sql`${utcDay(sql`p.created_at`)} <= ${referredTo}::date`);
  const progress = many(f.progress);
  if (progress.length) where.push(sql`${frame.progress} in (${sql.join(progress)})`);
  // The bands are declared once, beside the progress rule (the dashboard counts by them too).
  const minutes = many(f.minutes);
  if (minutes.length)
    where.push(sql`${minutesBandSql(sql`coalesce(s.rpm_seconds, 0)`)} in (${sql.join(minutes)})`);
  const programs = many(f.program).flatMap((value) => PROGRAMS[value] ?? []);
  if (programs.length) where.push(anyOf(programs));
  const silent = many(f.silent).map(Number);
  if (silent.length)
    where.push(sql`(p.last_reading_at is null or ${frame.daysSince} >= ${Math.min(...silent)})`);
  const search = view.search?.trim();
  if (search) {
    // Every word in the first or last name, in any order, ignoring case; or the RPM ID.
    const words = search.toLowerCase().split(/\s+/).slice(0, 5);
    const name = sql.join(
      words.map((word) => sql`position(${word} in lower(p.firstname || ' ' || p.lastname)) > 0`),
      sql` and `,
    );
    where.push(
      /^\d{1,9}$/.test(search) ? sql`(p.patient_id = ${Number(search)} or (${name}))` : sql`(${name})`,
    );
  }
  return where;
}

/** The value each sortable column orders by: the value the row shows (text in byte order, ignoring case). */
export function sortExpression(key: string, frame: Frame): RawBuilder<unknown> {
  const text = (expr: RawBuilder<unknown>) => sql`lower(${expr}) collate "C"`;
  switch (key) {
    case 'patient_id':
      return sql`p.patient_id`;
    case 'patient_name':
      return sql`billing_sort_name(p.lastname, p.firstname) collate "C"`;
    case 'dob':
      return sql`p.dob`;
    case 'practice_name':
      return text(sql`pr.practice_name`);
    case 'rpm_status':
      return text(sql`coalesce(rs.label, p.rpm_status::text)`);
    case 'ccm_status':
      return text(sql`coalesce(cs.label, p.ccm_status::text)`);
    case 'care_coordinator':
      return text(fullName('cc'));
    case 'physician':
      return text(fullName('ph'));
    case 'reading_days':
      return sql`coalesce(s.reading_days, 0)`;
    case 'rpm_minutes':
      return sql`coalesce(s.rpm_seconds, 0) / 60`;
    case 'ccm_minutes':
      return sql`coalesce(s.ccm_seconds, 0) / 60`;
    case 'progress':
      return sql`${frame.progress} collate "C"`;
    case 'last_reading_at':
      return sql`p.last_reading_at`;
    case 'days_since_reading':
      return frame.daysSince;
    case 'open_alerts':
      return sql`coalesce(oa.n, 0)`;
    case 'setup_date':
      return sql`p.setup_date`;
    case 'referred_at':
      return sql`p.created_at`;
    default:
      // The definitions' sort keys are parsed against their columns first; a key reaching here is a new column.
      throw new Error(`No sort expression for '${key}'`);
  }
}
