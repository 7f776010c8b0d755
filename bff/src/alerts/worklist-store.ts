import { ESCALATION_CHAIN, type FilterOption, type MonitorRow, monitorList } from '@rpm/shared';
import { differenceInMinutes } from 'date-fns/differenceInMinutes';
import { type Expression, type SqlBool, sql } from 'kysely';
import { patientName } from '../billing/report.js';
import type { Db } from '../db/schema.js';
import { fullName } from '../http/route-helpers.js';
import { rankSql } from '../lists/rank.js';
import { countOf, type SliceQueries, sliceSource } from '../lists/slice-source.js';
import { foreignFilterValue, type ListSource, type ListView, type ListViewer } from '../lists/source.js';
import { likeWord, searchTerms } from '../lists/sql.js';
import { dayRange, idValues, optionValues } from '../lists/view-values.js';
import { listPatientSql } from '../patients/identity-sql.js';
import type { PatientScope } from '../scope.js';

/** The monitoring worklist's store (000 §2.4 'Monitoring Table'): the alerts of patients in the viewer's scope. */

/** Alerts with their patients (acknowledgement checks scope through the patient). */
export const alertsWithPatients = (db: Db) =>
  db.selectFrom('alerts as al').innerJoin('patients as p', 'p.patient_id', 'al.patient_id');
/** The worklist's rows before their order: alerts alone, patient conditions as one semi-join (see filtered). */
const alertsOnly = (db: Db) => db.selectFrom('alerts as al');
interface Base {
  readonly db: Db;
  readonly q: ReturnType<typeof alertsOnly>;
}

/** The patients named by the hidden patient filter: each must exist and be in scope, with one answer for both. */
async function checkPatients(db: Db, scope: PatientScope, ids: readonly number[]): Promise<void> {
  const rows = await db
    .selectFrom('patients as p')
    .select('p.patient_id')
    .where('p.patient_id', 'in', ids)
    .where(scope.visible('p'))
    .execute();
  if (rows.length !== new Set(ids).size) throw foreignFilterValue('patient');
}

/** Whether the view shows open alerts only (the default, 000 §2.4): then waiting time follows created_at alone. */
const openOnly = (view: ListView) => {
  const state = optionValues(view, 'state') ?? [];
  return state.length === 1 && state[0] === 'open';
};

/**
 * The alerts of the view before the order: the patient's conditions are one `exists`, so a viewer of every practice
 * counts and pages open alerts from their index alone (tests/bench/lists.ts).
 */
async function filtered(db: Db, viewer: ListViewer, view: ListView): Promise<Base> {
  let q = alertsOnly(db);
  const onPatient: Expression<SqlBool>[] = viewer.scope.all ? [] : [viewer.scope.visible('p')];
  const state = optionValues(view, 'state') ?? [];
  if (openOnly(view)) q = q.where('al.acknowledged_at', 'is', null);
  if (state.length === 1 && state[0] === 'acknowledged') q = q.where('al.acknowledged_at', 'is not', null);
  const levels = optionValues(view, 'level');
  if (levels && levels.length > 0) q = q.where('al.level', 'in', levels as ('critical' | 'abnormal')[]);
  const vitals = idValues(view, 'vital');
  if (vitals) q = q.where('al.vital_id', 'in', vitals);
  const practices = idValues(view, 'practice');
  if (practices) onPatient.push(sql<SqlBool>`p.practice_id in (${sql.join(practices)})`);
  const patients = idValues(view, 'patient');
  if (patients) {
    await checkPatients(db, viewer.scope, patients);
    q = q.where('al.patient_id', 'in', patients);
  }
  if (optionValues(view, 'escalated')?.includes('yes')) q = q.where('al.escalation_tier', '>', 0);
  const raised = dayRange(view, 'raised');
  if (raised.from) q = q.where('al.created_at', '>=', raised.from);
  if (raised.before) q = q.where('al.created_at', '<', raised.before);
  const { searchWords, searchId } = searchTerms(view.search ?? '');
  if (searchWords.length > 0) {
    const name = sql.join(
      searchWords.map(
        (word) => sql`billing_sort_name(p.lastname, p.firstname) like ${likeWord(word)} escape '\\'`,
      ),
      sql` and `,
    );
    onPatient.push(
      searchId === null ? sql<SqlBool>`(${name})` : sql<SqlBool>`(p.patient_id = ${searchId} or (${name}))`,
    );
  }
  if (onPatient.length > 0)
    q = q.where(
      sql<SqlBool>`exists (select 1 from patients p where p.patient_id = al.patient_id
        and ${sql.join(onPatient, sql` and `)})`,
    );
  return { db, q };
}

/**
 * The order of a sort key, the alert id breaking ties: `level` is the triage order (critical first, then the longest
 * waiting; decisions.md "Monitoring worklist triage"); open alerts' waiting time orders by created_at reversed. The
 * expressions match the indexes of migrations 0009 and 0030.
 */
function orderOf(view: ListView, now: Date): Expression<unknown>[] {
  const dir = sql.raw(view.order);
  switch (view.orderby) {
    // The alert's copies of lower(lastname), lower(firstname), lower(practice_name) and vital_type (0030).
    case 'patient_name':
      return [sql`al.sort_lastname ${dir}`, sql`al.sort_firstname ${dir}`, sql`al.alert_id ${dir}`];
    case 'practice_name':
      return [sql`al.sort_practice ${dir}`, sql`al.alert_id ${dir}`];
    case 'vital_type':
      return [sql`al.sort_vital ${dir}`, sql`al.alert_id ${dir}`];
    case 'taken_at':
      return [sql`al.taken_at ${dir}`, sql`al.alert_id ${dir}`];
    case 'waiting_minutes':
      if (openOnly(view))
        return [
          sql`al.created_at ${sql.raw(view.order === 'asc' ? 'desc' : 'asc')}`,
          sql`al.alert_id ${dir}`,
        ];
      return [
        sql`coalesce(al.acknowledged_at, ${now}::timestamptz) - al.created_at ${dir}`,
        sql`al.alert_id ${dir}`,
      ];
    default:
      return [
        sql`${rankSql(monitorList.columns, 'level', sql`al.level`)} ${dir}`,
        sql`al.created_at ${dir}`,
        sql`al.alert_id ${dir}`,
      ];
  }
}

/** One slice of the view in order: the slice's ids first (alerts alone), then only their rows joined and built. */
const rowsOf: SliceQueries<MonitorRow, Base>['slice'] = async (base, viewer, view, offset, limit) => {
  const { rows: page } = await sql<{ alert_id: number }>`select al.alert_id
    from (${base.q.selectAll('al')}) al
    order by ${sql.join(orderOf(view, viewer.now))} limit ${limit} offset ${offset}`.execute(base.db);
  if (page.length === 0) return [];
  const ids = page.map((row) => row.alert_id);
  const rows = await base.db
    .selectFrom('alerts as al')
    .innerJoin('patients as p', 'p.patient_id', 'al.patient_id')
    .innerJoin('practices as pr', 'pr.practice_id', 'p.practice_id')
    .innerJoin('vitals as v', 'v.vital_id', 'al.vital_id')
    .leftJoin('users as u', 'u.user_id', 'al.acknowledged_by')
    .select([
      'al.alert_id',
      'al.patient_id',
      'p.firstname',
      'p.lastname',
      listPatientSql('p').as('patient'),
      'pr.practice_name',
      'al.level',
      'al.direction',
      'v.vital_type',
      'v.unit',
      'al.value',
      'al.bound',
      'al.taken_at',
      'al.created_at',
      'al.acknowledged_at',
      'al.escalation_tier',
      'u.firstname as ack_firstname',
      'u.lastname as ack_lastname',
    ])
    .where('al.alert_id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.alert_id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        alert_id: r.alert_id,
        patient_id: r.patient_id,
        patient_name: patientName(r),
        patient: r.patient,
        practice_name: r.practice_name,
        level: r.level,
        vital_type: r.vital_type,
        reading: `${Number(r.value)} ${r.unit}`,
        bound_crossed: `${r.level === 'critical' ? 'Critical' : 'Abnormal'} ${r.direction} ${Number(r.bound)}`,
        taken_at: r.taken_at.toISOString(),
        created_at: r.created_at.toISOString(),
        waiting_minutes: Math.max(0, differenceInMinutes(r.acknowledged_at ?? viewer.now, r.created_at)),
        acknowledged_at: r.acknowledged_at?.toISOString() ?? null,
        acknowledged_by: r.acknowledged_at === null ? null : fullName(r.ack_firstname, r.ack_lastname),
        escalated_to: ESCALATION_CHAIN[r.escalation_tier - 1]?.label ?? null,
      },
    ];
  });
};

/** The monitoring worklist's rows (shared/src/lists/worklists.ts monitorList). */
export const monitorSource: ListSource<MonitorRow> = sliceSource({
  filtered,
  slice: rowsOf,
  count: (base) => countOf(base.q),
  async options(db, viewer, only) {
    const wanted = (key: string) => !only || only.has(key);
    const option = (value: number, label: string): FilterOption => ({ value: String(value), label });
    const answer: Record<string, FilterOption[]> = {};
    // A page filtered by one of them checks its value against that filter's options only: one query, not two.
    if (wanted('vital')) {
      const vitals = await db
        .selectFrom('vitals')
        .select(['vital_id', 'vital_type'])
        .orderBy('vital_id')
        .execute();
      answer.vital = vitals.map((v) => option(v.vital_id, v.vital_type));
    }
    if (wanted('practice')) {
      let practices = db
        .selectFrom('practices')
        .select(['practice_id', 'practice_name'])
        .orderBy(sql`lower(practice_name)`)
        .orderBy('practice_id');
      if (!viewer.scope.all)
        practices = practices.where('practice_id', 'in', [0, ...viewer.scope.practiceIds]);
      answer.practice = (await practices.execute()).map((p) => option(p.practice_id, p.practice_name));
    }
    return answer;
  },
});
