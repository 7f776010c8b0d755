import { type FilterOption, type MonitorRow, monitorList } from '@rpm/shared';
import { differenceInMinutes } from 'date-fns';
import { type Expression, type SqlBool, sql } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import { patientName } from '../billing/report.js';
import { likeWord, searchTerms } from '../billing/scope.js';
import { recordTimeLogs } from '../billing/summary.js';
import type { Db } from '../db/schema.js';
import { type DomainError, invalid, notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';
import { rankSql } from '../lists/rank.js';
import { countOf, type SliceQueries, sliceSource } from '../lists/slice-source.js';
import { ForeignFilterValueError, type ListSource, type ListView, type ListViewer } from '../lists/source.js';
import { dayRange, idValues, optionValues } from '../lists/view-values.js';
import type { PatientScope } from '../scope.js';
import { alertsChangedPush, type PendingPush } from './raise.js';

/**
 * The monitoring worklist's store (000 §2.4 'Monitoring Table'; issue 10): the alerts of the patients in the
 * viewer's scope, and their acknowledgement, shared by the worklist and the chart's Alerts tab.
 */

/** Alerts with their patients (acknowledgement checks scope through the patient). */
const alertsWithPatients = (db: Db) =>
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
  if (rows.length !== new Set(ids).size) throw new ForeignFilterValueError('patient');
}

/** Whether the view shows open alerts only (the default, 000 §2.4): then waiting time follows created_at alone. */
const openOnly = (view: ListView) => {
  const state = optionValues(view, 'state') ?? [];
  return state.length === 1 && state[0] === 'open';
};

/**
 * The alerts of the view: scope, filters and search, before the order. The conditions on the patient (scope,
 * practice, search) are one `exists`, so a viewer who sees every practice counts and pages the open alerts from
 * their index alone, without joining 10,000 patients (tests/bench/lists.ts).
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
 * The order of a sort key; the alert id breaks ties (stable paging). `level` is the triage order of issue 10, as
 * the definition ranks it (critical first), then the longest waiting (oldest first); descending reverses both.
 * Open alerts only: waiting time is the time since raised, so it orders by created_at reversed (an index scan).
 * The expressions match the indexes of migrations/0009_list_speed.sql.
 */
function orderOf(view: ListView, now: Date): Expression<unknown>[] {
  const dir = sql.raw(view.order);
  switch (view.orderby) {
    case 'patient_name':
      return [sql`lower(p.lastname) ${dir}`, sql`lower(p.firstname) ${dir}`, sql`al.alert_id ${dir}`];
    case 'practice_name':
      return [sql`lower(pr.practice_name) ${dir}`, sql`al.alert_id ${dir}`];
    case 'vital_type':
      return [sql`v.vital_type ${dir}`, sql`al.alert_id ${dir}`];
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

/** The tables a sort key reads besides alerts. */
function orderJoins(orderby: string) {
  switch (orderby) {
    case 'patient_name':
      return sql`join patients p on p.patient_id = al.patient_id`;
    case 'practice_name':
      return sql`join patients p on p.patient_id = al.patient_id join practices pr on pr.practice_id = p.practice_id`;
    case 'vital_type':
      return sql`join vitals v on v.vital_id = al.vital_id`;
    default:
      return sql``;
  }
}

/**
 * One slice of the view in order, as rows of the list: the slice's ids first (the order's tables only), then the
 * rows of those ids, so the joins and the row building cover the slice alone.
 */
const rowsOf: SliceQueries<MonitorRow, Base>['slice'] = async (base, viewer, view, offset, limit) => {
  const { rows: page } = await sql<{ alert_id: number }>`select al.alert_id
    from (${base.q.selectAll('al')}) al ${orderJoins(view.orderby)}
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
      },
    ];
  });
};

/** The monitoring worklist's rows (shared/src/lists/worklists.ts monitorList). */
export const monitorSource: ListSource<MonitorRow> = sliceSource({
  filtered,
  slice: rowsOf,
  count: (base) => countOf(base.q),
  async options(db, viewer) {
    const vitals = await db
      .selectFrom('vitals')
      .select(['vital_id', 'vital_type'])
      .orderBy('vital_id')
      .execute();
    let practices = db
      .selectFrom('practices')
      .select(['practice_id', 'practice_name'])
      .orderBy(sql`lower(practice_name)`)
      .orderBy('practice_id');
    if (!viewer.scope.all) practices = practices.where('practice_id', 'in', [0, ...viewer.scope.practiceIds]);
    const option = (value: number, label: string): FilterOption => ({ value: String(value), label });
    return {
      vital: vitals.map((v) => option(v.vital_id, v.vital_type)),
      practice: (await practices.execute()).map((p) => option(p.practice_id, p.practice_name)),
    };
  },
});

/**
 * The refusal of an alert id that is unknown or outside where the caller may acknowledge (one answer for both: no
 * oracle): 404 on the worklist; 400 naming the id's position on the chart's Alerts tab, which names this patient.
 */
function unknownAlert(alertId: number, index: number, patientId: number | undefined): DomainError {
  return patientId === undefined
    ? notFound(`Alert ${alertId} does not exist or is not one you can acknowledge.`, 'alert_id')
    : invalid(`Alert ${alertId} is not an alert of this patient.`, `alert_id.${index}`);
}

/** What {@link acknowledgeAlerts} acknowledges, and who does it. */
export interface Acknowledgement {
  readonly alertIds: readonly number[];
  /** Only alerts of patients in this scope. */
  readonly scope: PatientScope;
  /** Only alerts of this patient (the chart's Alerts tab). */
  readonly patientId?: number;
  readonly note?: string | null;
  /** Minutes of care to log as RPM time for each patient with a newly acknowledged alert. */
  readonly minutes?: number | undefined;
  /** The audit row's who, from where, when (route-helpers.ts actor). */
  readonly actor: AuditActor;
}

/**
 * Acknowledges alerts in one transaction with an audit row per patient: all the ids are checked first, and one
 * unknown or foreign id writes nothing ({@link unknownAlert}). Alerts already acknowledged are left as they
 * were and not counted. Minutes are recorded through billing's recordTimeLogs, as the chart's timer does, so the
 * month summary counts them. Answers the count and the pushes (ALERTS::CHANGED) to make after the commit.
 */
export async function acknowledgeAlerts(
  db: Db,
  ack: Acknowledgement,
): Promise<{ acknowledged: number; pushes: PendingPush[] }> {
  const ids = [...new Set(ack.alertIds)];
  const now = ack.actor.at;
  const result = await db.transaction().execute(async (trx) => {
    let q = alertsWithPatients(trx)
      .select(['al.alert_id', 'al.patient_id'])
      .where('al.alert_id', 'in', ids)
      .where(ack.scope.visible('p'));
    if (ack.patientId !== undefined) q = q.where('al.patient_id', '=', ack.patientId);
    // Locked: a concurrent acknowledgement waits, then finds the alert acknowledged and leaves it.
    const found = new Map((await q.forUpdate('al').execute()).map((a) => [a.alert_id, a.patient_id]));
    for (const [index, id] of ack.alertIds.entries())
      if (!found.has(id)) throw unknownAlert(id, index, ack.patientId);
    const updated = await trx
      .updateTable('alerts')
      .set({ acknowledged_at: now, acknowledged_by: ack.actor.userId, acknowledge_note: ack.note ?? null })
      .where('alert_id', 'in', ids)
      .where('acknowledged_at', 'is', null)
      .returning(['alert_id', 'patient_id'])
      .execute();
    const patients = [...new Set(found.values())].sort((a, b) => a - b);
    const changed = [...new Set(updated.map((a) => a.patient_id))].sort((a, b) => a - b);
    // decisions.md "Worklist minutes and audit": minutes are logged only against patients with a newly acknowledged alert,
    // so a repeated request (a double click, a retry) does not bill the same minutes twice.
    if (ack.minutes !== undefined && changed.length > 0)
      await recordTimeLogs(
        trx,
        changed.map((patientId) => ({
          patient_id: patientId,
          user_id: ack.actor.userId,
          program: 'RPM' as const,
          seconds: (ack.minutes as number) * 60,
          logged_at: now,
          note: ack.note ?? null,
        })),
      );
    for (const patientId of patients) {
      const mine = updated.filter((a) => a.patient_id === patientId).map((a) => a.alert_id);
      const asked = ids.filter((id) => found.get(id) === patientId).length;
      await audit(trx, {
        ...ack.actor,
        action: 'acknowledge_alerts',
        entity: 'patient',
        entityId: patientId,
        detail: {
          alerts: mine,
          already: asked - mine.length,
          ...(ack.note ? { note: ack.note } : {}),
          ...(ack.minutes !== undefined && mine.length > 0 ? { minutes: ack.minutes } : {}),
        },
      });
    }
    return { acknowledged: updated.length, changed };
  });
  const pushes = (await Promise.all(result.changed.map((id) => alertsChangedPush(db, id)))).flat();
  return { acknowledged: result.acknowledged, pushes };
}
