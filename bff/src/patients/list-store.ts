import {
  CCM_TIME_GOALS,
  COMPLIANCE_TARGET_DAYS,
  ccmList,
  complianceSquareColour,
  complianceStripMonths,
  type FilterOption,
  type FilterValues,
  isoDay,
  type ListDef,
  monthLabel,
  monthlyReportList,
  monthsBefore,
  nonCompliancePatientsList,
  type PatientListRow,
  patientsList,
  type StripMonth,
  screenedList,
} from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { CCM_STATUS, RPM_STATUS } from '../db/seed/patient-statuses.js';
import type { ListSource, ListView, ListViewer } from '../lists/source.js';
import { minutesBandSql, monthPace, progressSql } from './progress.js';

/**
 * The five patient lists (000 §2.4; 001 §2.3, §2.9): one query shape, each list a fixed predicate plus the
 * filters of its definition (shared/src/lists/patients.ts). Month figures come from patient_month_summary, the
 * last reading from patients.last_reading_at (kept by a trigger, migrations/0006_lists.sql).
 */

/** The names of the lists this store serves. */
export const PATIENT_LIST_NAMES = [
  'patients',
  'non-compliance-patients',
  'monthly-report',
  'ccm',
  'screened',
] as const;
export type PatientListName = (typeof PATIENT_LIST_NAMES)[number];

/** RPM statuses of patients being monitored: set up, active, on hold (decisions.md "Program filter"). */
const RPM_MONITORED = [RPM_STATUS.enrolled, RPM_STATUS.active, RPM_STATUS.onHold];
/** RPM statuses of patients who must send readings (decisions.md "Non-compliance"). */
const RPM_READING = [RPM_STATUS.enrolled, RPM_STATUS.active];
/** Days without a reading that make an enrolled patient non-compliant (decisions.md "Non-compliance"). */
const SILENT_DAYS = 3;
/** Months the Monthly Report's month filter offers, this month included (decisions.md "Monthly Report month"). */
const REPORT_MONTHS = 12;
/** Rows per query when an export reads the whole list. */
const EXPORT_CHUNK = 500;

/** What one request's queries share: the month of the figures, its pace, the time. */
interface Frame {
  readonly viewer: ListViewer;
  readonly month: string;
  readonly progress: RawBuilder<string>;
  readonly daysSince: RawBuilder<number>;
}

const ids = (values: readonly string[]) => sql.join(values.map((v) => sql`${Number(v)}`));
const many = (value: FilterValues[string]): readonly string[] =>
  value === undefined ? [] : typeof value === 'string' ? (value === '' ? [] : [value]) : value;
const one = (value: FilterValues[string]): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Staff and patient names as billing writes them: 'Lastname, Firstname' (001 §2.1). */
const fullName = (alias: string) =>
  sql<string>`(${sql.ref(`${alias}.lastname`)} || ', ' || ${sql.ref(`${alias}.firstname`)})`;

function frameOf(viewer: ListViewer, filters: FilterValues): Frame {
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
function fromClause(frame: Frame): RawBuilder<unknown> {
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
function listPredicate(name: PatientListName, frame: Frame): RawBuilder<SqlBool> {
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
function filterConditions(view: ListView, frame: Frame): RawBuilder<SqlBool>[] {
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
function sortExpression(key: string, frame: Frame): RawBuilder<unknown> {
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

interface DetailRow {
  patient_id: number;
  patient_name: string;
  dob: Date;
  phone: string | null;
  language: string;
  organization_name: string;
  practice_name: string;
  diagnosis_code: string | null;
  rpm_status: string;
  ccm_status: string | null;
  ccm_type: number;
  physician: string | null;
  care_coordinator: string | null;
  devices: string | null;
  tags: string | null;
  setup_date: Date | null;
  referred_at: Date;
  reading_days: number;
  rpm_minutes: number;
  ccm_minutes: number;
  progress: PatientListRow['progress'];
  last_reading_at: Date | null;
  days_since_reading: number | null;
  open_alerts: number;
}

/** The rows of the given patients, with their compliance strips, in the order of `patientIds`. */
async function rowsOf(db: Db, frame: Frame, patientIds: readonly number[]): Promise<PatientListRow[]> {
  if (patientIds.length === 0) return [];
  const idList = sql.join(patientIds.map((id) => sql`${id}`));
  const { rows } = await sql<DetailRow>`select p.patient_id, ${fullName('p')} as patient_name, p.dob,
      coalesce(p.phone, p.mobile) as phone, l.language, o.organization_name, pr.practice_name, p.diagnosis_code,
      coalesce(rs.label, p.rpm_status::text) as rpm_status, coalesce(cs.label, p.ccm_status::text) as ccm_status,
      p.ccm_type, ${fullName('ph')} as physician, ${fullName('cc')} as care_coordinator,
      (select string_agg(distinct dt.device_type, ', ' order by dt.device_type)
         from device_assignments da join devices d on d.inventory_id = da.inventory_id
         join device_types dt on dt.device_type_id = d.device_type_id
        where da.patient_id = p.patient_id and da.unassigned_at is null) as devices,
      (select string_agg(t.tag, ', ' order by t.tag) from patient_tags pt join tags t on t.tag_id = pt.tag_id
        where pt.patient_id = p.patient_id) as tags,
      p.setup_date, p.created_at as referred_at,
      coalesce(s.reading_days, 0) as reading_days, coalesce(s.rpm_seconds, 0) / 60 as rpm_minutes,
      coalesce(s.ccm_seconds, 0) / 60 as ccm_minutes, ${frame.progress} as progress, p.last_reading_at,
      ${frame.daysSince} as days_since_reading,
      (select count(*)::int from alerts a where a.patient_id = p.patient_id and a.acknowledged_at is null)
        as open_alerts
    ${fromClause(frame)}
    join languages l on l.language_id = p.language_id
    join organizations o on o.organization_id = p.organization_id
    where p.patient_id in (${idList})`.execute(db);
  const stripMonths = complianceStripMonths(isoDay(frame.viewer.now));
  const first = stripMonths[0] as string;
  const last = stripMonths[stripMonths.length - 1] as string;
  const { rows: months } = await sql<{ patient_id: number; month: Date; reading_days: number }>`
    select patient_id, month, reading_days from patient_month_summary
     where patient_id in (${idList}) and month between ${`${first}-01`}::date and ${`${last}-01`}::date`.execute(
    db,
  );
  const metMonths = new Set(
    months
      .filter((m) => m.reading_days >= COMPLIANCE_TARGET_DAYS)
      .map((m) => `${m.patient_id}:${isoDay(m.month).slice(0, 7)}`),
  );
  const byId = new Map(rows.map((row) => [row.patient_id, row]));
  return patientIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const setupDate = row.setup_date ? isoDay(row.setup_date) : null;
    const compliance: StripMonth[] = stripMonths.map((month) => {
      // 001 §4 strip colours: grey before the set-up month, green when 99454's 16 days were met, red otherwise.
      const colour = complianceSquareColour(month, setupDate, metMonths.has(`${id}:${month}`));
      return { month, state: colour === 'grey' ? 'before' : colour === 'lightGreen' ? 'met' : 'missed' };
    });
    return [
      {
        ...row,
        dob: isoDay(row.dob),
        devices: row.devices ?? '',
        tags: row.tags ?? '',
        setup_date: setupDate,
        referred_at: row.referred_at.toISOString(),
        month: frame.month,
        ccm_goal_minutes: row.ccm_type === 1 ? CCM_TIME_GOALS.type1.time : CCM_TIME_GOALS.other.time,
        last_reading_at: row.last_reading_at ? row.last_reading_at.toISOString() : null,
        compliance,
      },
    ];
  });
}

/**
 * The ordered ids of the filtered list: one page of them with the count of the whole list, or (no page) all of them,
 * as an export reads them.
 */
async function orderedIds(
  db: Db,
  name: PatientListName,
  viewer: ListViewer,
  view: ListView,
  page?: { readonly page: number; readonly rowsPerPage: number },
): Promise<{ frame: Frame; ids: number[]; count: number }> {
  const frame = frameOf(viewer, view.filters);
  const where = sql.join(
    [viewer.scope.visible('p'), listPredicate(name, frame), ...filterConditions(view, frame)],
    sql` and `,
  );
  const direction = view.order === 'desc' ? sql`desc` : sql`asc`;
  const { rows } = await sql<{ patient_id: number }>`select p.patient_id ${fromClause(frame)} where ${where}
    order by ${sortExpression(view.orderby, frame)} ${direction} nulls last, p.patient_id ${direction}
    ${page ? sql`limit ${page.rowsPerPage} offset ${page.page * page.rowsPerPage}` : sql``}`.execute(db);
  let count = rows.length;
  if (page) {
    const counted = await sql<{
      n: number;
    }>`select count(*)::int as n ${fromClause(frame)} where ${where}`.execute(db);
    count = counted.rows[0]?.n ?? 0;
  }
  return { frame, ids: rows.map((row) => row.patient_id), count };
}

/** Options of the scope-dependent filters of the patient lists, by filter key. */
async function patientFilterOptions(
  db: Db,
  name: PatientListName,
  viewer: ListViewer,
  keys: ReadonlySet<string>,
): Promise<Record<string, FilterOption[]>> {
  const { scope } = viewer;
  const inScopePractice = (column: string) =>
    scope.all
      ? sql<SqlBool>`true`
      : sql<SqlBool>`${sql.ref(column)} in (${ids(scope.practiceIds.map(String))})`;
  const options = (rows: { value: number | string; label: string }[]) =>
    rows.map((row) => ({ value: String(row.value), label: row.label }));
  const run = async (query: RawBuilder<{ value: number; label: string }>) =>
    options((await query.execute(db)).rows);
  const noPractices = !scope.all && scope.practiceIds.length === 0;
  const staff = (column: string) =>
    noPractices
      ? Promise.resolve([])
      : run(sql`select u.user_id as value, ${fullName('u')} as label from users u
          where exists (select 1 from patients p where ${sql.ref(`p.${column}`)} = u.user_id and ${scope.visible('p')})
          order by lower(${fullName('u')}) collate "C", u.user_id`);
  const statuses = (program: 'RPM' | 'CCM') => {
    // Each list offers the statuses it can show: Screened those before set-up, CCM those other than 30.
    const only =
      program === 'RPM' && name === 'screened'
        ? sql`and status_id < ${RPM_STATUS.enrolled}`
        : program === 'CCM' && name === 'ccm'
          ? sql`and status_id <> ${CCM_STATUS.notApplicable}`
          : sql``;
    return run(sql`select status_id as value, label from patient_status_options where program = ${program} ${only}
      order by sort_order`);
  };
  const loaders: Record<string, () => Promise<FilterOption[]>> = {
    language: () =>
      run(sql`select language_id as value, language as label from languages order by language_id`),
    device: () =>
      run(
        sql`select device_type_id as value, device_type as label from device_types order by device_type_id`,
      ),
    tags: () =>
      noPractices
        ? Promise.resolve([])
        : run(sql`select t.tag_id as value, t.tag as label from tags t where exists (select 1 from patient_tags pt
            join patients p on p.patient_id = pt.patient_id where pt.tag_id = t.tag_id and ${scope.visible('p')})
            order by lower(t.tag) collate "C"`),
    organization: () =>
      run(sql`select o.organization_id as value, o.organization_name as label from organizations o
        where exists (select 1 from practices pr where pr.organization_id = o.organization_id
          and ${inScopePractice('pr.practice_id')})
        order by lower(o.organization_name) collate "C", o.organization_id`),
    practice: () =>
      run(sql`select pr.practice_id as value, pr.practice_name as label from practices pr
        where ${inScopePractice('pr.practice_id')} order by lower(pr.practice_name) collate "C", pr.practice_id`),
    care_coordinator: () => staff('care_coordinator_id'),
    physician: () => staff('physician_id'),
    rpm_status: () => statuses('RPM'),
    ccm_status: () => statuses('CCM'),
    month: async () => {
      const current = isoDay(viewer.now).slice(0, 7);
      return Array.from({ length: REPORT_MONTHS }, (_, n) => {
        const month = monthsBefore(current, n);
        return { value: month, label: monthLabel(month) };
      });
    },
  };
  const answer: Record<string, FilterOption[]> = {};
  // One at a time: PGlite has a single connection, and these are small.
  for (const key of keys) {
    const load = loaders[key];
    if (load) answer[key] = await load();
  }
  return answer;
}

/** The source of one patient list for the generic registration (bff/src/lists/register.ts). */
function patientListSource(def: Pick<ListDef, 'name' | 'filters'>): ListSource<PatientListRow> {
  const name = def.name as PatientListName;
  if (!PATIENT_LIST_NAMES.includes(name)) throw new Error(`${def.name} is not a patient list`);
  const optionKeys = new Set(def.filters.filter((f) => !f.options).map((f) => f.key));
  return {
    async page(db, viewer, request) {
      const { frame, ids: pageOfIds, count } = await orderedIds(db, name, viewer, request, request);
      return { rows: await rowsOf(db, frame, pageOfIds), count };
    },
    async *chunks(db, viewer, view) {
      // The order once (ids only: 8 bytes a patient), then the rows a chunk at a time: one sort of the list
      // rather than one per chunk at a growing offset (tests/bench/lists.ts, CSV of 10,000 patients).
      const { frame, ids: all } = await orderedIds(db, name, viewer, view);
      for (let start = 0; start < all.length; start += EXPORT_CHUNK)
        yield await rowsOf(db, frame, all.slice(start, start + EXPORT_CHUNK));
    },
    options: (db, viewer, only) =>
      patientFilterOptions(
        db,
        name,
        viewer,
        only ? new Set([...optionKeys].filter((key) => only.has(key))) : optionKeys,
      ),
  };
}

/** The sources of the five patient lists, by list name (embedded.ts registers them). */
export function patientListSources(): Record<PatientListName, ListSource<PatientListRow>> {
  const defs = [patientsList, nonCompliancePatientsList, monthlyReportList, ccmList, screenedList];
  return Object.fromEntries(defs.map((def) => [def.name, patientListSource(def)])) as Record<
    PatientListName,
    ListSource<PatientListRow>
  >;
}
