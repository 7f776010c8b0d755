import {
  awsTasksList,
  type CallRecordRow,
  type CallTaskRow,
  type FilterOption,
  type ListName,
  type ListPatient,
} from '@rpm/shared';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { nameSql } from '../audit/audit-store.js';
import { patientName } from '../billing/report.js';
import type { Db } from '../db/schema.js';
import { fullName } from '../http/route-helpers.js';
import { rankSql } from '../lists/rank.js';
import { countOf, type SliceQueries, sliceSource } from '../lists/slice-source.js';
import type { ListSource, ListView, ListViewer } from '../lists/source.js';
import { likeWord, searchTerms } from '../lists/sql.js';
import { dayRange, idValues, optionValues } from '../lists/view-values.js';
import { listPatientSql } from '../patients/identity-sql.js';
import type { PatientScope } from '../scope.js';
import { visibleCalls } from './store.js';

/**
 * The seven call pages' rows (shared/src/lists/calls.ts; 000 §2.4 Aws Call row): aws-tasks over the open
 * missed-reading outreach call tasks and the callbacks not yet returned, the six others over call_records.
 */

/** The practices of the viewer's scope, by name: the practice filter's options. */
async function practiceOptions(db: Db, scope: PatientScope): Promise<FilterOption[]> {
  let q = db
    .selectFrom('practices')
    .select(['practice_id', 'practice_name'])
    .orderBy(sql`lower(practice_name)`)
    .orderBy('practice_id');
  if (!scope.all) q = q.where('practice_id', 'in', [0, ...scope.practiceIds]);
  return (await q.execute()).map((p) => ({ value: String(p.practice_id), label: p.practice_name }));
}

/** Search: every word in the patient's name, or the RPM ID, or digits of the number. */
function searchCondition(
  search: string | undefined,
  number: RawBuilder<unknown>,
): RawBuilder<SqlBool> | null {
  const { searchWords, searchId } = searchTerms(search ?? '');
  if (searchWords.length === 0) return null;
  const name = sql.join(
    searchWords.map(
      (word) =>
        sql`(coalesce(billing_sort_name(p.lastname, p.firstname), '') like ${likeWord(word)} escape '\\'
          or ${number} like ${likeWord(word)} escape '\\')`,
    ),
    sql` and `,
  );
  return searchId === null
    ? sql<SqlBool>`(${name})`
    : sql<SqlBool>`(p.patient_id = ${searchId} or (${name}))`;
}

/** Text ordered as the suite reads it: ignoring case, byte order, nulls last either way. */
const textOrder = (expr: RawBuilder<unknown>, dir: RawBuilder<unknown>) =>
  sql`lower(${expr}) collate "C" ${dir} nulls last`;

// ── Call records ─────────────────────────────────────────────────────────────────────────────────────────────

const callRows = (db: Db) =>
  db
    .selectFrom('call_records as c')
    .leftJoin('patients as p', 'p.patient_id', 'c.patient_id')
    .leftJoin('practices as pr', 'pr.practice_id', 'p.practice_id')
    .leftJoin('users as a', 'a.user_id', 'c.agent_user_id')
    .leftJoin('call_records as rc', 'rc.call_id', 'c.returned_by_call_id')
    .leftJoin('users as r', 'r.user_id', 'rc.agent_user_id');
type CallBase = ReturnType<typeof callRows>;

/** Which records a page lists (shared/src/lists/calls.ts). */
const PAGE_RECORDS: Record<string, RawBuilder<SqlBool>> = {
  'aws-missed-history': sql<SqlBool>`c.outcome = 'Missed'`,
  'aws-callback': sql<SqlBool>`c.kind = 'callback' and c.returned_at is null`,
  'aws-callback-history': sql<SqlBool>`c.kind = 'callback' and c.returned_at is not null`,
  'aws-voicemail': sql<SqlBool>`c.kind = 'voicemail' and c.returned_at is null`,
  'aws-voicemail-history': sql<SqlBool>`c.kind = 'voicemail' and c.returned_at is not null`,
  'aws-unattended-calls': sql<SqlBool>`c.kind = 'unattended'`,
};

function callOrder(view: ListView): Expression<unknown>[] {
  const dir = sql.raw(view.order);
  const at = (column: string) => sql`${sql.ref(column)} ${dir} nulls last`;
  const first: Record<string, Expression<unknown>> = {
    patient_name: textOrder(sql`billing_sort_name(p.lastname, p.firstname)`, dir),
    practice_name: textOrder(sql`pr.practice_name`, dir),
    phone_number: textOrder(sql`c.phone_number`, dir),
    agent_name: textOrder(nameSql('a'), dir),
    returned_by: textOrder(nameSql('r'), dir),
    duration_seconds: at('c.duration_seconds'),
    callback_due_at: at('c.callback_due_at'),
    returned_at: at('c.returned_at'),
  };
  return [first[view.orderby] ?? at('c.started_at'), sql`c.call_id ${dir}`];
}

function callRecordSource(name: ListName): ListSource<CallRecordRow> {
  const records = PAGE_RECORDS[name];
  if (!records) throw new Error(`no call records for list '${name}'`);
  const filtered = (db: Db, viewer: ListViewer, view: ListView): CallBase => {
    let q = callRows(db).where(records).where(visibleCalls(viewer.scope, viewer.auth.userId));
    const practices = idValues(view, 'practice');
    if (practices) q = q.where('p.practice_id', 'in', practices);
    const started = dayRange(view, 'started');
    if (started.from) q = q.where('c.started_at', '>=', started.from);
    if (started.before) q = q.where('c.started_at', '<', started.before);
    const returned = optionValues(view, 'returned') ?? [];
    if (returned.length === 1) q = q.where('c.returned_at', returned[0] === 'open' ? 'is' : 'is not', null);
    const search = searchCondition(view.search, sql`c.phone_number`);
    if (search) q = q.where(search);
    return q;
  };
  const slice: SliceQueries<CallRecordRow, CallBase>['slice'] = async (
    base,
    _viewer,
    view,
    offset,
    limit,
  ) => {
    let q = base.select([
      'c.call_id',
      'c.patient_id',
      'p.firstname',
      'p.lastname',
      listPatientSql('p').as('patient'),
      'pr.practice_name',
      'c.phone_number',
      'c.direction',
      'c.outcome',
      'a.firstname as agent_first',
      'a.lastname as agent_last',
      'c.started_at',
      'c.ended_at',
      'c.duration_seconds',
      'c.callback_due_at',
      'c.returned_at',
      'r.firstname as returned_first',
      'r.lastname as returned_last',
    ]);
    for (const part of callOrder(view)) q = q.orderBy(part);
    const rows = await q.limit(limit).offset(offset).execute();
    const iso = (at: Date | null) => at?.toISOString() ?? null;
    return rows.map((r) => ({
      call_id: r.call_id,
      patient_id: r.patient_id,
      patient_name:
        r.firstname === null || r.lastname === null
          ? null
          : patientName({ firstname: r.firstname, lastname: r.lastname }),
      patient: r.patient,
      practice_name: r.practice_name,
      phone_number: r.phone_number,
      direction: r.direction,
      outcome: r.outcome,
      agent_name: fullName(r.agent_first, r.agent_last) || null,
      started_at: r.started_at.toISOString(),
      ended_at: iso(r.ended_at),
      duration_seconds: r.duration_seconds,
      callback_due_at: iso(r.callback_due_at),
      returned_at: iso(r.returned_at),
      returned_by: fullName(r.returned_first, r.returned_last) || null,
    }));
  };
  return sliceSource({
    filtered,
    slice,
    count: countOf,
    options: async (db, viewer) => ({ practice: await practiceOptions(db, viewer.scope) }),
  });
}

// ── aws-tasks ────────────────────────────────────────────────────────────────────────────────────────────────

/** The patients to call, one row per open outreach call task or callback not yet returned (item ids: see the row). */
const TO_CALL = sql`(
  select t.task_id * 2 as item_id, 'outreach' as source, t.patient_id, t.title as reason, t.due_at, t.created_at
  from tasks t join missed_reading_outreach o on o.task_id = t.task_id
  where o.kind = 'call' and t.status <> 'completed' and t.patient_id is not null
  union all
  select c.call_id * 2 + 1, 'callback', c.patient_id, 'Callback requested on ' || c.phone_number, c.callback_due_at,
    c.started_at
  from call_records c
  where c.kind = 'callback' and c.returned_at is null and c.patient_id is not null
)`;

interface TaskBase {
  readonly db: Db;
  readonly where: RawBuilder<SqlBool>;
}

const taskFrom = sql`${TO_CALL} k join patients p on p.patient_id = k.patient_id
  join practices pr on pr.practice_id = p.practice_id`;

function taskFiltered(db: Db, viewer: ListViewer, view: ListView): TaskBase {
  const where: RawBuilder<SqlBool>[] = [viewer.scope.visible('p')];
  const sources = optionValues(view, 'source') ?? [];
  if (sources.length > 0) where.push(sql<SqlBool>`k.source in (${sql.join(sources)})`);
  const practices = idValues(view, 'practice');
  if (practices) where.push(sql<SqlBool>`p.practice_id in (${sql.join(practices)})`);
  const due = dayRange(view, 'due');
  if (due.from) where.push(sql<SqlBool>`k.due_at >= ${due.from}`);
  if (due.before) where.push(sql<SqlBool>`k.due_at < ${due.before}`);
  const search = searchCondition(view.search, sql`coalesce(p.mobile, '') || ' ' || coalesce(p.phone, '')`);
  if (search) where.push(search);
  return { db, where: sql<SqlBool>`${sql.join(where, sql` and `)}` };
}

function taskOrder(view: ListView): RawBuilder<unknown>[] {
  const dir = sql.raw(view.order);
  const tie = sql`k.item_id ${dir}`;
  switch (view.orderby) {
    case 'patient_name':
      return [textOrder(sql`billing_sort_name(p.lastname, p.firstname)`, dir), tie];
    case 'practice_name':
      return [textOrder(sql`pr.practice_name`, dir), tie];
    case 'source':
      return [
        sql`${rankSql(awsTasksList.columns, 'source', sql`k.source`)} ${dir}`,
        sql`k.due_at ${dir} nulls last`,
        tie,
      ];
    case 'created_at':
      return [sql`k.created_at ${dir}`, tie];
    default:
      return [sql`k.due_at ${dir} nulls last`, tie];
  }
}

/** A stored number as the softphone's task-call events take it: the last ten digits (000 §4.9 dials +1 and them). */
export const tenDigits = (raw: string | null) => {
  const digits = (raw ?? '').replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : null;
};

const awsTasksSource: ListSource<CallTaskRow> = sliceSource<CallTaskRow, TaskBase>({
  filtered: taskFiltered,
  async count(base) {
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from ${taskFrom} where ${base.where}`.execute(base.db);
    return Number(rows[0]?.n ?? 0);
  },
  async slice(base, _viewer, view, offset, limit) {
    const { rows } = await sql<{
      item_id: number;
      source: 'outreach' | 'callback';
      patient_id: number;
      firstname: string;
      lastname: string;
      patient: ListPatient;
      practice_name: string;
      reason: string;
      mobile: string | null;
      phone: string | null;
      due_at: Date | null;
      created_at: Date;
    }>`select k.item_id, k.source, k.patient_id, p.firstname, p.lastname,
        ${listPatientSql('p')} as patient, pr.practice_name, k.reason, p.mobile,
        p.phone, k.due_at, k.created_at
      from ${taskFrom} where ${base.where}
      order by ${sql.join(taskOrder(view))} limit ${limit} offset ${offset}`.execute(base.db);
    return rows.map((r) => ({
      item_id: Number(r.item_id),
      source: r.source,
      patient_id: r.patient_id,
      patient_name: patientName(r),
      patient: r.patient,
      practice_name: r.practice_name,
      reason: r.reason,
      mobile: tenDigits(r.mobile),
      phone: tenDigits(r.phone),
      due_at: r.due_at?.toISOString() ?? null,
      created_at: r.created_at.toISOString(),
    }));
  },
  options: async (db, viewer) => ({ practice: await practiceOptions(db, viewer.scope) }),
});

/** The sources of the seven call pages (embedded.ts LIST_SOURCES). */
export function callListSources() {
  return {
    'aws-tasks': awsTasksSource,
    'aws-missed-history': callRecordSource('aws-missed-history'),
    'aws-callback': callRecordSource('aws-callback'),
    'aws-callback-history': callRecordSource('aws-callback-history'),
    'aws-voicemail': callRecordSource('aws-voicemail'),
    'aws-voicemail-history': callRecordSource('aws-voicemail-history'),
    'aws-unattended-calls': callRecordSource('aws-unattended-calls'),
  } satisfies Partial<Record<ListName, ListSource<object>>>;
}
