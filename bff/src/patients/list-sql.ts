import { type FilterValues, isoDay } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { CCM_STATUS, RPM_STATUS } from '../db/seed/patient-statuses.js';
import type { ListView, ListViewer } from '../lists/source.js';
import { fullName } from '../lists/sql.js';
import { type MonthPace, minutesBandSql, monthPace, progressSql, readingDaysOf } from './progress.js';

/** The SQL of the six patient lists (list-store.ts): their tables, fixed predicates, filters and sort keys. */

export const PATIENT_LIST_NAMES = [
  'patients',
  'non-compliance-patients',
  'monthly-report',
  'ccm',
  'screened',
  'patient-transfer',
] as const;
export type PatientListName = (typeof PATIENT_LIST_NAMES)[number];

/** RPM statuses of patients being monitored: set up, active, on hold (decisions.md "Patient list filters"). */
const RPM_MONITORED = [RPM_STATUS.enrolled, RPM_STATUS.active, RPM_STATUS.onHold];
/** RPM statuses of patients who must send readings (decisions.md "Non-compliance"). */
const RPM_READING = [RPM_STATUS.enrolled, RPM_STATUS.active];
/** Days without a reading that make an enrolled patient non-compliant (decisions.md "Non-compliance"). */
const SILENT_DAYS = 3;

/** What one request's queries share: the month of the figures, its pace, the time, where the figures come from. */
export interface Frame {
  readonly viewer: ListViewer;
  readonly month: string;
  /** `p` is patient_list_state (the ordered ids: one narrow row per patient, 0012) rather than patients. */
  readonly fromState: boolean;
  /** The month's figures are the state row's own (this month's), not a join of patient_month_summary. */
  readonly stateFigures: boolean;
  readonly pace: MonthPace;
  readonly readingDays: RawBuilder<number>;
  readonly rpmSeconds: RawBuilder<number>;
  readonly ccmSeconds: RawBuilder<number>;
  /** The patient has a summary row in the month (the Monthly Report's patients). */
  readonly inMonth: RawBuilder<SqlBool>;
  readonly progress: RawBuilder<string>;
  readonly daysSince: RawBuilder<number>;
}

/**
 * Record ids (parsed integers only) as literals: a generic plan cannot see a skewed value
 * (decisions.md "Filter ids in the statement").
 */
export const ids = (values: readonly string[]) =>
  sql.join(
    values.map((v) => {
      const id = Number(v);
      if (!Number.isSafeInteger(id)) throw new Error(`Not a record id: ${v}`);
      return sql.lit(id);
    }),
  );
const many = (value: FilterValues[string]): readonly string[] =>
  value === undefined ? [] : typeof value === 'string' ? (value === '' ? [] : [value]) : value;
const one = (value: FilterValues[string]): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** `known`: the pace of this month and time when the caller has it (a page's rows reuse its ids' frame's). */
export function frameOf(
  viewer: ListViewer,
  filters: FilterValues,
  fromState: boolean,
  known?: MonthPace,
): Frame {
  const month = many(filters.month)[0] ?? isoDay(viewer.now).slice(0, 7);
  const stateFigures = fromState && month === isoDay(viewer.now).slice(0, 7);
  const figure = (column: string) =>
    stateFigures
      ? sql<number>`${sql.ref(`p.${column}`)}`
      : sql<number>`coalesce(${sql.ref(`s.${column}`)}, 0)`;
  const readingDays = figure('reading_days');
  const pace = known ?? monthPace(month, viewer.now);
  return {
    viewer,
    month,
    fromState,
    stateFigures,
    pace,
    readingDays,
    rpmSeconds: figure('rpm_seconds'),
    ccmSeconds: figure('ccm_seconds'),
    inMonth: stateFigures ? sql<SqlBool>`p.in_month` : sql<SqlBool>`(s.id is not null)`,
    progress: progressSql(readingDays, pace),
    // Whole days since the last reading, as the row shows them (so sorting and the 'No Reading For' filter agree).
    daysSince: sql<number>`floor(extract(epoch from (${viewer.now}::timestamptz - p.last_reading_at)) / 86400)::int`,
  };
}

/**
 * The tables the ordered ids and the count read: patient_list_state, the month's summary for another month, and only
 * the staff join the sort key reads (a dropped join still rules out 0012's index-only scans).
 */
export function fromClause(frame: Frame, orderby?: string): RawBuilder<unknown> {
  const month = frame.stateFigures ? sql`` : monthSummaryJoin(frame.month);
  return sql`from patient_list_state p ${month}
    ${orderby === 'care_coordinator' ? sql`left join users cc on cc.user_id = p.care_coordinator_id` : sql``}
    ${orderby === 'physician' ? sql`left join users ph on ph.user_id = p.physician_id` : sql``}`;
}

/** The month's summary row of patient `p` as `s` (none when the patient had no activity that month). */
export const monthSummaryJoin = (month: string): RawBuilder<unknown> =>
  sql`left join patient_month_summary s on s.patient_id = p.patient_id and s.month = ${`${month}-01`}::date`;

/**
 * Whether any patient_list_state row is of another month than `month`: two index probes (the newest month or a null,
 * then the oldest), since `where month is null` scanned the table under stale statistics.
 */
export function listStateStale(month: string): RawBuilder<boolean> {
  const first = `${month}-01`;
  return sql<boolean>`(coalesce((select month is distinct from ${first}::date from patient_list_state
        order by month desc nulls first limit 1), false)
      or coalesce((select month is distinct from ${first}::date from patient_list_state
        order by month asc limit 1), false))`;
}

/** Moves the rows of any other month to month `month`'s figures (0012 patient_list_state_roll). */
export async function rollListStateNow(db: Db, month: string): Promise<void> {
  await sql`select patient_list_state_roll(${`${month}-01`}::date)`.execute(db);
}

/** Before the ids of month `month` are read from patient_list_state: rolls it when a row is stale. */
export async function rollListState(db: Db, month: string): Promise<void> {
  const { rows } = await sql<{ stale: boolean }>`select ${listStateStale(month)} as stale`.execute(db);
  if (rows[0]?.stale) await rollListStateNow(db, month);
}

/** The lists of every patient in scope (decisions.md "Patient Transfer" for the transfer list's). */
export const listsEveryone = (name: PatientListName): name is 'patients' | 'patient-transfer' =>
  name === 'patients' || name === 'patient-transfer';

/** Each list's fixed predicate (the decisions named in shared/src/lists/patients.ts). */
export function listPredicate(name: PatientListName, frame: Frame): RawBuilder<SqlBool> {
  if (listsEveryone(name)) return sql`true`;
  switch (name) {
    case 'non-compliance-patients':
      // decisions.md "Non-compliance": in RPM and behind on reading days, or silent for 3 days or more.
      return sql`(p.rpm_status in (${ids(RPM_READING.map(String))})
        and (${frame.progress} in ('at_risk', 'unreachable') or p.last_reading_at is null
          or ${frame.daysSince} >= ${SILENT_DAYS}))`;
    case 'monthly-report':
      // decisions.md "Monthly Report": patients with figures (readings, minutes or a set-up) in the month.
      return frame.inMonth;
    case 'ccm':
      return sql`(p.ccm_status is not null and p.ccm_status <> ${CCM_STATUS.notApplicable})`;
    case 'screened':
      // decisions.md "Screened": referred, contacted or consented; not yet set up.
      return sql`p.rpm_status < ${RPM_STATUS.enrolled}`;
  }
}

export const PROGRAMS: Record<string, RawBuilder<SqlBool>> = {
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
  if (progress.length) {
    // As reading days (the same rule, enumerated), so an index or a narrow scan answers it.
    const days = readingDaysOf(progress, frame.pace);
    where.push(
      days.length ? sql`${frame.readingDays} in (${sql.join(days.map((n) => sql.lit(n)))})` : sql`false`,
    );
  }
  // The bands are declared once, beside the progress rule (the dashboard counts by them too).
  const minutes = many(f.minutes);
  if (minutes.length) where.push(sql`${minutesBandSql(frame.rpmSeconds)} in (${sql.join(minutes)})`);
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

/** Sort keys whose value may be null (no CCM status, coordinator, physician, reading or set-up). */
const NULLABLE_SORT_KEYS = new Set([
  'ccm_status',
  'care_coordinator',
  'physician',
  'last_reading_at',
  'days_since_reading',
  'setup_date',
]);

/**
 * Where nulls go in a sort key's order: last both ways. Said only for keys that may be null: `desc nulls last` is
 * not the backward walk of an ascending index, so a never-null key in descending order would sort the whole list.
 * `reversed`: the order read from its end (a deep page, list-store.ts orderedIds), nulls first.
 */
export const nullsOrder = (key: string, reversed = false): RawBuilder<unknown> =>
  NULLABLE_SORT_KEYS.has(key) ? (reversed ? sql`nulls first` : sql`nulls last`) : sql``;

/**
 * The value each sortable column orders by in patient_list_state: what the row shows (text in byte order, case
 * ignored); names, practice and statuses are copied onto the state row (0012) so they read an index.
 */
export function sortExpression(key: string, frame: Frame): RawBuilder<unknown> {
  const text = (expr: RawBuilder<unknown>) => sql`lower(${expr}) collate "C"`;
  switch (key) {
    case 'patient_id':
      return sql`p.patient_id`;
    case 'patient_name':
      return sql`p.name_sort`;
    case 'dob':
      return sql`p.dob`;
    case 'practice_name':
      return sql`p.practice_sort`;
    case 'rpm_status':
      return sql`p.rpm_status_sort`;
    case 'ccm_status':
      return sql`p.ccm_status_sort`;
    case 'care_coordinator':
      return text(fullName('cc'));
    case 'physician':
      return text(fullName('ph'));
    case 'reading_days':
      return frame.readingDays;
    case 'rpm_minutes':
      return sql`${frame.rpmSeconds} / 60`;
    case 'ccm_minutes':
      return sql`${frame.ccmSeconds} / 60`;
    case 'progress':
      return sql`${frame.progress} collate "C"`;
    case 'last_reading_at':
      return sql`p.last_reading_at`;
    case 'days_since_reading':
      return frame.daysSince;
    case 'open_alerts':
      // Kept on the state row (0012); the ordered ids always read it.
      return sql`p.open_alerts`;
    case 'setup_date':
      return sql`p.setup_date`;
    case 'referred_at':
      return sql`p.created_at`;
    default:
      // The definitions' sort keys are parsed against their columns first; a key reaching here is a new column.
      throw new Error(`No sort expression for '${key}'`);
  }
}
