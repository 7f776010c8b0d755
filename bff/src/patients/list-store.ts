// Over 300 lines: the six patient lists' one store (the ordered ids, their rows and strips, the export's chunks) reads best in one place.
import {
  CCM_TIME_GOALS,
  COMPLIANCE_TARGET_DAYS,
  ccmList,
  complianceStripMonths,
  complianceStripState,
  type FilterOption,
  isoDay,
  type ListDef,
  type ListPatient,
  monthLabel,
  monthlyReportList,
  monthsBefore,
  nonCompliancePatientsList,
  type PatientListRow,
  patientsList,
  patientTransferList,
  type StripMonth,
  screenedList,
} from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { carePlanSigned } from '../careplan/signed.js';
import { runsOneQueryAtATime } from '../db/connect.js';
import type { Db } from '../db/schema.js';
import { CCM_STATUS, RPM_STATUS } from '../db/seed/patient-statuses.js';
import { deviceTypeOptions, languageOptions } from '../lists/reference-options.js';
import type { ListSource, ListView, ListViewer } from '../lists/source.js';
import { fullName } from '../lists/sql.js';
import { listPatientSql } from './identity-sql.js';
import {
  type Frame,
  filterConditions,
  frameOf,
  fromClause,
  ids,
  listPredicate,
  listStateStale,
  listsEveryone,
  monthSummaryJoin,
  nullsOrder,
  PATIENT_LIST_NAMES,
  type PatientListName,
  rollListState,
  rollListStateNow,
  sortExpression,
} from './list-sql.js';

/**
 * The six patient lists (000 §2.4; 001 §2.3, §2.9): one query shape, each a fixed predicate plus its definition's
 * filters (shared/src/lists/patients.ts).
 */

/** Months the Monthly Report's month filter offers, this month included (decisions.md "Monthly Report"). */
const REPORT_MONTHS = 12;
/** Rows per query of an export: each chunk scans the month's summaries, so 2,000 (2.5 → 0.8 s on 10,000 patients). */
const EXPORT_CHUNK = 2000;

/** A row as its JSON object reads (dates 'YYYY-MM-DD', timestamps ISO 8601 with an offset). */
interface DetailRow {
  patient_id: number;
  patient_name: string;
  patient: ListPatient;
  dob: string;
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
  setup_date: string | null;
  referred_at: string;
  reading_days: number;
  rpm_minutes: number;
  ccm_minutes: number;
  care_plan_signed: boolean;
  progress: PatientListRow['progress'];
  last_reading_at: string | null;
  days_since_reading: number | null;
  open_alerts: number;
  /** Months of the compliance strip ('YYYY-MM') in which 99454's reading days were met. */
  met_months: string[];
}

/** A JSON timestamp ('2026-11-20T10:15:00.123456+00:00') as the rows carry it: UTC, to the millisecond. */
const isoTime = (json: string) => new Date(json).toISOString();

/** The row's names and labels kept in other tables: the row's field, its table and alias, the join and the value. */
const LOOKUPS = {
  language: { from: 'languages l', on: 'l.language_id = p.language_id', value: 'l.language' },
  organization_name: {
    from: 'organizations o',
    on: 'o.organization_id = p.organization_id',
    value: 'o.organization_name',
  },
  practice_name: { from: 'practices pr', on: 'pr.practice_id = p.practice_id', value: 'pr.practice_name' },
  rpm_status: {
    from: 'patient_status_options rs',
    on: "rs.program = 'RPM' and rs.status_id = p.rpm_status",
    value: 'rs.label',
  },
  ccm_status: {
    from: 'patient_status_options cs',
    on: "cs.program = 'CCM' and cs.status_id = p.ccm_status",
    value: 'cs.label',
  },
  physician: {
    from: 'users ph',
    on: 'ph.user_id = p.physician_id',
    value: "ph.lastname || ', ' || ph.firstname",
  },
  care_coordinator: {
    from: 'users cc',
    on: 'cc.user_id = p.care_coordinator_id',
    value: "cc.lastname || ', ' || cc.firstname",
  },
} as const;

/**
 * The row's fields that read another table per patient (a subquery, or a join of {@link LOOKUPS}); an export
 * computes only those its columns show.
 */
const COSTLY_FIELDS = [
  'devices',
  'tags',
  'open_alerts',
  'compliance',
  'care_plan',
  ...(Object.keys(LOOKUPS) as (keyof typeof LOOKUPS)[]),
] as const;
type CostlyField = (typeof COSTLY_FIELDS)[number];
const EVERY_COSTLY_FIELD: ReadonlySet<CostlyField> = new Set(COSTLY_FIELDS);

/** The costly fields among `keys` (an export's column keys). */
function costlyFieldsOf(keys: readonly string[]): ReadonlySet<CostlyField> {
  return new Set(COSTLY_FIELDS.filter((field) => keys.includes(field)));
}

/**
 * Rows from which the lookups are joined rather than read by subqueries: a page plans faster with subqueries, an
 * export's chunk runs faster with joins (decisions.md "Patient rows").
 */
const JOINED_LOOKUPS_FROM = 200;

/** The lookups' values, and their joins when `joined` (constant SQL); one not `wanted` is null and joins nothing. */
function lookups(joined: boolean, wanted: ReadonlySet<CostlyField>) {
  const read = (Object.keys(LOOKUPS) as (keyof typeof LOOKUPS)[]).filter((field) => wanted.has(field));
  return {
    value: (field: keyof typeof LOOKUPS) => {
      if (!wanted.has(field)) return sql`null`;
      const { from, on, value } = LOOKUPS[field];
      return joined ? sql.raw(value) : sql.raw(`(select ${value} from ${from} where ${on})`);
    },
    joins: joined
      ? sql.raw(read.map((field) => `left join ${LOOKUPS[field].from} on ${LOOKUPS[field].on}`).join('\n'))
      : sql``,
  };
}

/** The rows of the patients, in order, with their strips; an export's rows lack the costly fields it does not show. */
async function rowsOf(db: Db, ordered: Frame, patientIds: readonly number[]): Promise<PatientListRow[]>;
async function rowsOf(
  db: Db,
  ordered: Frame,
  patientIds: readonly number[],
  wanted: ReadonlySet<CostlyField>,
  joinedFrom: number,
): Promise<Partial<PatientListRow>[]>;
async function rowsOf(
  db: Db,
  ordered: Frame,
  patientIds: readonly number[],
  wanted: ReadonlySet<CostlyField> = EVERY_COSTLY_FIELD,
  joinedFrom = JOINED_LOOKUPS_FROM,
): Promise<Partial<PatientListRow>[]> {
  if (patientIds.length === 0) return [];
  const costly = (field: CostlyField, value: RawBuilder<unknown>) => (wanted.has(field) ? value : sql`null`);
  // The rows' own frame: the patients table and the month's summary row (the page's few patients only).
  const frame = frameOf(ordered.viewer, { month: ordered.month }, false, ordered.pace);
  // One parameter however many ids: one statement text, prepared once per connection (prepared-pool.ts).
  const idList = sql`${[...patientIds]}::integer[]`;
  const stripMonths = complianceStripMonths(isoDay(frame.viewer.now));
  const first = stripMonths[0] as string;
  const last = stripMonths[stripMonths.length - 1] as string;
  // The rows and the strip's met months in one statement (PGlite runs statements one at a time). The months as
  // literals (computed here, not input), so a generic plan still probes (patient_id, month) for each row.
  const named = lookups(patientIds.length >= joinedFrom, wanted);
  // Each row as one JSON value: PGlite's protocol parser copies every field of a row into a buffer of its own, which
  // costs a fifth of an export (decisions.md "Patient rows as JSON").
  const { rows } = await sql<{ row: DetailRow }>`select to_json(r) as row from (
      select p.patient_id, ${fullName('p')} as patient_name, ${listPatientSql('p')} as patient, p.dob,
      coalesce(p.phone, p.mobile) as phone,
      ${named.value('language')} as language, ${named.value('organization_name')} as organization_name,
      ${named.value('practice_name')} as practice_name, p.diagnosis_code,
      coalesce(${named.value('rpm_status')}, p.rpm_status::text) as rpm_status,
      coalesce(${named.value('ccm_status')}, p.ccm_status::text) as ccm_status,
      p.ccm_type, ${named.value('physician')} as physician, ${named.value('care_coordinator')} as care_coordinator,
      ${costly(
        'devices',
        sql`(select string_agg(distinct dt.device_type, ', ' order by dt.device_type)
          from device_assignments da join devices d on d.inventory_id = da.inventory_id
          join device_types dt on dt.device_type_id = d.device_type_id
          where da.patient_id = p.patient_id and da.unassigned_at is null)`,
      )} as devices,
      ${costly(
        'tags',
        sql`(select string_agg(t.tag, ', ' order by t.tag) from patient_tags pt join tags t on t.tag_id = pt.tag_id
          where pt.patient_id = p.patient_id)`,
      )} as tags,
      p.setup_date, p.created_at as referred_at,
      coalesce(s.reading_days, 0) as reading_days, coalesce(s.rpm_seconds, 0) / 60 as rpm_minutes,
      coalesce(s.ccm_seconds, 0) / 60 as ccm_minutes, ${costly('care_plan', carePlanSigned('p'))} as care_plan_signed, ${frame.progress} as progress, p.last_reading_at,
      ${frame.daysSince} as days_since_reading,
      ${costly(
        'open_alerts',
        sql`(select count(*)::int from alerts a where a.patient_id = p.patient_id and a.acknowledged_at is null)`,
      )} as open_alerts,
      ${costly(
        'compliance',
        sql`array(select to_char(ms.month, 'YYYY-MM') from patient_month_summary ms
          where ms.patient_id = p.patient_id
            and ms.month between ${sql.lit(`${first}-01`)}::date and ${sql.lit(`${last}-01`)}::date
            and ms.reading_days >= ${sql.lit(COMPLIANCE_TARGET_DAYS)})`,
      )} as met_months
    from patients p ${monthSummaryJoin(frame.month)} ${named.joins}
    where p.patient_id = any(${idList})) r`.execute(db);
  const byId = new Map(rows.map(({ row }) => [row.patient_id, row]));
  return patientIds.flatMap((id) => {
    const found = byId.get(id);
    if (!found) return [];
    const { care_plan_signed, met_months, ...row } = found;
    const met = new Set(met_months);
    // 001 §4 strip colours: grey before the set-up month, green when 99454's 16 days were met, red otherwise.
    const compliance: StripMonth[] = stripMonths.map((month) => ({
      month,
      state: complianceStripState(month, row.setup_date, met.has(month)),
    }));
    const whole: PatientListRow = {
      ...row,
      devices: row.devices ?? '',
      tags: row.tags ?? '',
      referred_at: isoTime(row.referred_at),
      month: frame.month,
      care_plan: care_plan_signed ? 'Signed' : 'Care plan missing',
      ccm_goal_minutes: row.ccm_type === 1 ? CCM_TIME_GOALS.type1.time : CCM_TIME_GOALS.other.time,
      last_reading_at: row.last_reading_at === null ? null : isoTime(row.last_reading_at),
      compliance,
    };
    if (wanted === EVERY_COSTLY_FIELD) return [whole];
    // Left undefined rather than deleted: a deleted property turns each row into a slow dictionary object.
    const partial: Partial<PatientListRow> = whole;
    for (const field of COSTLY_FIELDS) if (!wanted.has(field)) partial[field] = undefined;
    return [partial];
  });
}

/**
 * Offset from which a page is read after its count on PGlite, and read from the end in the list's second half
 * (decisions.md "Deep pages").
 */
const COUNT_FIRST_FROM = 1000;

/** The filtered list's two queries: its ids in order (a slice of them, or all) and its count. */
function listQueries(db: Db, name: PatientListName, viewer: ListViewer, view: ListView) {
  const frame = frameOf(viewer, view.filters, true);
  const conditions = filterConditions(view, frame);
  const where = sql.join([viewer.scope.visible('p'), listPredicate(name, frame), ...conditions], sql` and `);
  /** The ids in the list's order, or `reversed` (the same order read backward, so the same index walked back). */
  const ordered = async (slice: { limit: number; offset: number } | null, reversed = false) => {
    const descending = (view.order === 'desc') !== reversed;
    const direction = descending ? sql`desc` : sql`asc`;
    const { rows } = await sql<{ patient_id: number }>`select p.patient_id ${fromClause(frame, view.orderby)}
      where ${where}
      order by ${sortExpression(view.orderby, frame)} ${direction} ${nullsOrder(view.orderby, reversed)},
        p.patient_id ${direction}
      ${slice ? sql`limit ${sql.lit(slice.limit)} offset ${sql.lit(slice.offset)}` : sql``}`.execute(db);
    return rows.map((row) => row.patient_id);
  };
  // A page asks with its count whether a row was of another month, and reads again after rolling (rare: a new
  // month, or a patient added since the last read).
  const stale = frame.stateFigures ? listStateStale(frame.month) : sql<boolean>`false`;
  // Every listed patient of the network: 0075's tallies hold their count (decisions.md "Patient list tallies").
  const everyone = viewer.scope.all && listsEveryone(name) && conditions.length === 0;
  const counted = async () => {
    const { rows } = await (everyone
      ? sql<{ n: number; stale: boolean }>`select coalesce(sum(t.n), 0)::int as n, ${stale} as stale
          from patient_list_tallies t`
      : sql<{ n: number; stale: boolean }>`select count(*)::int as n, ${stale} as stale
          ${fromClause(frame)} where ${where}`
    ).execute(db);
    return { count: rows[0]?.n ?? 0, stale: rows[0]?.stale ?? false };
  };
  return { frame, ordered, counted };
}

/** The ids of the whole filtered list in its order, as an export reads them (the month checked first). */
async function orderedIds(
  db: Db,
  name: PatientListName,
  viewer: ListViewer,
  view: ListView,
): Promise<{ frame: Frame; ids: number[] }> {
  const { frame, ordered } = listQueries(db, name, viewer, view);
  if (frame.stateFigures) await rollListState(db, frame.month);
  return { frame, ids: await ordered(null) };
}

/** One page of the filtered list's rows, with the count of the whole list. */
async function pageOf(
  db: Db,
  name: PatientListName,
  viewer: ListViewer,
  view: ListView,
  page: { readonly page: number; readonly rowsPerPage: number; readonly countFirstFrom: number },
): Promise<{ rows: PatientListRow[]; count: number }> {
  // Limit and offset as literals (integers parsed by the list query): as parameters, the statement's generic plan
  // cannot know a page is deep and sorts the whole list rather than walking the sort key's index.
  if (!(Number.isInteger(page.page) && Number.isInteger(page.rowsPerPage)))
    throw new Error('page and rowsPerPage must be integers');
  const { frame, ordered, counted } = listQueries(db, name, viewer, view);
  const slice = { limit: page.rowsPerPage, offset: page.page * page.rowsPerPage };
  if (slice.offset >= page.countFirstFrom) {
    let total = await counted();
    if (total.stale) {
      await rollListStateNow(db, frame.month);
      total = await counted();
    }
    const { count } = total;
    const fromEnd = count - slice.offset - slice.limit;
    if (slice.offset >= count) return { rows: [], count };
    if (slice.offset <= fromEnd) return { rows: await rowsOf(db, frame, await ordered(slice)), count };
    // The page's rows counted from the end: the last page may hold fewer than a page.
    const last = { limit: slice.limit + Math.min(0, fromEnd), offset: Math.max(0, fromEnd) };
    return { rows: await rowsOf(db, frame, (await ordered(last, true)).reverse()), count };
  }
  // The count beside the ids and then their rows: on PostgreSQL two connections (PGlite queues them). The rows wait
  // for the ids but not for the count, the longer of the two (decisions.md "Patient rows").
  const read = () => Promise.all([ordered(slice).then((ids) => rowsOf(db, frame, ids)), counted()]);
  let [rows, total] = await read();
  if (total.stale) {
    await rollListStateNow(db, frame.month);
    [rows, total] = await read();
  }
  return { rows, count: total.count };
}

/** Options of the scope-dependent filters of the patient lists, by filter key. */
export async function patientFilterOptions(
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
    language: () => languageOptions(db),
    device: () => deviceTypeOptions(db),
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
    month: async () => recentMonths(viewer.now),
  };
  const answer: Record<string, FilterOption[]> = {};
  // One at a time: PGlite has a single connection, and these are small.
  for (const key of keys) {
    const load = loaders[key];
    if (load) answer[key] = await load();
  }
  return answer;
}

/** The month filter's options: this month and the months before it, newest first. */
export function recentMonths(now: Date): FilterOption[] {
  const current = isoDay(now).slice(0, 7);
  return Array.from({ length: REPORT_MONTHS }, (_, n) => {
    const month = monthsBefore(current, n);
    return { value: month, label: monthLabel(month) };
  });
}

/** How a patient list's source reads: tests use small values to reach the paths a large list takes. */
export interface PatientListTuning {
  /** Rows per query of an export. */
  readonly exportChunk?: number;
  /** Offset from which a page is read after its count: {@link COUNT_FIRST_FROM} on PGlite, never on PostgreSQL. */
  readonly countFirstFrom?: number;
  /** Rows of an export's chunk from which the names and labels are joined ({@link JOINED_LOOKUPS_FROM}). */
  readonly joinedLookupsFrom?: number;
}

/** The source of one patient list for the generic registration (bff/src/lists/register.ts). */
function patientListSource(
  def: Pick<ListDef, 'name' | 'filters' | 'columns'>,
  { exportChunk = EXPORT_CHUNK, countFirstFrom, joinedLookupsFrom = JOINED_LOOKUPS_FROM }: PatientListTuning,
): ListSource<PatientListRow> {
  const name = def.name as PatientListName;
  if (!PATIENT_LIST_NAMES.includes(name)) throw new Error(`${def.name} is not a patient list`);
  const optionKeys = new Set(def.filters.filter((f) => !f.options).map((f) => f.key));
  const exported = costlyFieldsOf(
    def.columns.filter((column) => !column.screenOnly).map((column) => column.key),
  );
  return {
    async page(db, viewer, request) {
      return pageOf(db, name, viewer, request, {
        ...request,
        countFirstFrom:
          countFirstFrom ?? (runsOneQueryAtATime(db) ? COUNT_FIRST_FROM : Number.POSITIVE_INFINITY),
      });
    },
    async count(db, viewer, view) {
      const { frame, counted } = listQueries(db, name, viewer, view);
      let total = await counted();
      if (total.stale) {
        await rollListStateNow(db, frame.month);
        total = await counted();
      }
      return total.count;
    },
    async *chunks(db, viewer, view) {
      // The order once (ids only: 8 bytes a patient), then the rows a chunk at a time: one sort of the list
      // rather than one per chunk at a growing offset (tests/bench/lists.ts, CSV of 10,000 patients).
      const { frame, ids: all } = await orderedIds(db, name, viewer, view);
      for (let start = 0; start < all.length; start += exportChunk)
        yield await rowsOf(db, frame, all.slice(start, start + exportChunk), exported, joinedLookupsFrom);
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

/** The sources of the six patient lists, by list name (embedded.ts registers them). */
export function patientListSources(
  tuning: PatientListTuning = {},
): Record<PatientListName, ListSource<PatientListRow>> {
  const defs = [
    patientsList,
    nonCompliancePatientsList,
    monthlyReportList,
    ccmList,
    screenedList,
    patientTransferList,
  ];
  return Object.fromEntries(defs.map((def) => [def.name, patientListSource(def, tuning)])) as Record<
    PatientListName,
    ListSource<PatientListRow>
  >;
}
