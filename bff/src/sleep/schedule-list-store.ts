import {
  type FilterOption,
  LISTS,
  SLEEP_CONSULT_TYPE,
  SLEEP_VISIT_STATUS,
  type SleepAppointmentRow,
  type SleepConsultRow,
} from '@rpm/shared';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { rankSql } from '../lists/rank.js';
import { countOf, sliceSource } from '../lists/slice-source.js';
import type { ListSource, ListView, ListViewer } from '../lists/source.js';
import { fullName } from '../lists/sql.js';
import { dayRange, idValues, optionValues } from '../lists/view-values.js';
import { listPatientSql } from '../patients/identity-sql.js';

/**
 * Sleep Consults and Sleep Appointments (issue 15 §1; shared/src/lists/sleep-schedule.ts) read from the view
 * `sleep_visits` (0024_sleep_schedule.sql): the visits of patients in the viewer's scope, not cancelled, filtered,
 * in a stable order (the visit id last). The calendar's range reads the same rows (schedule-store.ts).
 */

export type VisitKind = 'consult' | 'appointment';

/** Who may hold a visit: sleep physicians for consults, technicians for appointments (decisions.md "Sleep consults and appointments"). */
export const VISIT_STAFF_ROLES: Readonly<Record<VisitKind, readonly number[]>> = {
  consult: [6, 16],
  appointment: [20],
};

const labelSql = (labels: Readonly<Record<number, string>>, value: RawBuilder<unknown>) =>
  sql<string>`(case ${value} ${sql.join(
    Object.entries(labels).map(([code, label]) => sql`when ${sql.lit(Number(code))} then ${sql.lit(label)}`),
    sql` `,
  )} end)`;
const statusLabel = labelSql(SLEEP_VISIT_STATUS, sql`v.status`);
const typeLabel = labelSql(SLEEP_CONSULT_TYPE, sql`v.consult_type`);

/** The visits of one kind the viewer may see, not cancelled. */
export function visitsInScope(db: Db, viewer: ListViewer, kind: VisitKind) {
  let q = db
    .selectFrom('sleep_visits as v')
    .innerJoin('patients as p', 'p.patient_id', 'v.patient_id')
    .where('v.kind', '=', kind)
    .where('v.cancelled_at', 'is', null);
  if (!viewer.scope.all) q = q.where(viewer.scope.visible('p'));
  return q;
}
type Base = ReturnType<typeof visitsInScope>;

function filtered(kind: VisitKind) {
  return (db: Db, viewer: ListViewer, view: ListView): Base => {
    let q = visitsInScope(db, viewer, kind);
    const statuses = optionValues(view, 'visit_status');
    if (statuses && statuses.length > 0)
      q = q.where('v.status', 'in', statuses.map(Number) as (2 | 3 | 4 | 6)[]);
    const types = optionValues(view, 'consult_type');
    if (types && types.length > 0) q = q.where('v.consult_type', 'in', types.map(Number));
    const practices = idValues(view, 'practice');
    if (practices) q = q.where('p.practice_id', 'in', practices);
    const staff = idValues(view, kind === 'consult' ? 'physician' : 'technician');
    if (staff) q = q.where('v.staff_id', 'in', staff);
    const { from, before } = dayRange(view, 'scheduled');
    if (from) q = q.where('v.scheduled_at', '>=', from);
    if (before) q = q.where('v.scheduled_at', '<', before);
    const search = patientSearchSql(view.search, 'v.visit_id');
    if (search) q = q.where(search);
    return q;
  };
}

function orderOf(kind: VisitKind, view: ListView): Expression<unknown>[] {
  const dir = sql.raw(view.order);
  const tie = sql`v.visit_id ${dir}`;
  const text = (value: RawBuilder<unknown>) => [sql`lower(${value}) collate "C" ${dir} nulls last`, tie];
  const columns = LISTS[kind === 'consult' ? 'sleep-consults' : 'sleep-appointments'].columns;
  switch (view.orderby) {
    case 'patient_name':
      return text(fullName('p'));
    case 'dob':
      return [sql`p.dob ${dir}`, tie];
    case 'practice_name':
      return text(sql`pr.practice_name`);
    case 'physician':
    case 'technician':
      return text(fullName('su'));
    case 'status':
      return [sql`${rankSql(columns, 'status', statusLabel)} ${dir}`, tie];
    case 'consult_type':
      return [sql`${rankSql(columns, 'consult_type', typeLabel)} ${dir}`, tie];
    case 'scheduled_at':
    case 'duration_minutes':
      return [sql`${sql.ref(`v.${view.orderby}`)} ${dir}`, tie];
    default:
      return [tie];
  }
}

/** The columns of a visit row over {@link visitsInScope}. */
export function visitRows(base: Base) {
  return base
    .innerJoin('practices as pr', 'pr.practice_id', 'p.practice_id')
    .innerJoin('users as su', 'su.user_id', 'v.staff_id')
    .select([
      'v.visit_id',
      'v.patient_id',
      'p.dob',
      'pr.practice_name',
      'v.staff_id',
      'v.status as status_code',
      'v.consult_type as consult_type_code',
      'v.scheduled_at',
      'v.duration_minutes',
      'v.notes',
    ])
    .select([
      fullName('p').as('patient_name'),
      listPatientSql('p').as('patient'),
      fullName('su').as('staff_name'),
      statusLabel.as('status'),
      typeLabel.as('consult_type'),
    ]);
}
type VisitRecord = Awaited<ReturnType<ReturnType<typeof visitRows>['execute']>>[number];

const visitOf = (r: VisitRecord) => ({
  patient_id: r.patient_id,
  patient_name: r.patient_name,
  patient: r.patient,
  dob: r.dob.toISOString().slice(0, 10),
  practice_name: r.practice_name,
  status: r.status,
  status_code: r.status_code,
  scheduled_at: r.scheduled_at.toISOString(),
  duration_minutes: r.duration_minutes,
  notes: r.notes,
});
export const consultRow = (r: VisitRecord): SleepConsultRow => ({
  ...visitOf(r),
  consult_id: r.visit_id,
  physician_id: r.staff_id,
  physician: r.staff_name,
  consult_type: r.consult_type,
  consult_type_code: r.consult_type_code ?? 0,
});
export const appointmentRow = (r: VisitRecord): SleepAppointmentRow => ({
  ...visitOf(r),
  appointment_id: r.visit_id,
  technician_id: r.staff_id,
  technician: r.staff_name,
});

/** Staff who may hold a visit of the kind, in the viewer's practices (the filter's and the form's options). */
async function visitStaffOptions(db: Db, viewer: ListViewer, kind: VisitKind): Promise<FilterOption[]> {
  let q = db
    .selectFrom('users as u')
    .select(['u.user_id as value', fullName('u').as('label')])
    .where('u.active', '=', true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_roles as r')
          .select('r.user_id')
          .whereRef('r.user_id', '=', 'u.user_id')
          .where('r.role_id', 'in', [...VISIT_STAFF_ROLES[kind]]),
      ),
    );
  if (!viewer.scope.all)
    q = q.where(
      sql<SqlBool>`exists (select 1 from user_practices up where up.user_id = u.user_id
        and up.practice_id in (${sql.join([0, ...viewer.scope.practiceIds])}))`,
    );
  const rows = await q
    .orderBy(sql`lower(${fullName('u')}) collate "C"`)
    .orderBy('u.user_id')
    .execute();
  return rows.map((row) => ({ value: String(row.value), label: row.label }));
}

function source<Row>(kind: VisitKind, toRow: (r: VisitRecord) => Row): ListSource<Row> {
  return sliceSource({
    filtered: filtered(kind),
    count: countOf,
    async slice(base, _viewer, view, offset, limit) {
      let q = visitRows(base);
      for (const part of orderOf(kind, view)) q = q.orderBy(part);
      return (await q.limit(limit).offset(offset).execute()).map(toRow);
    },
    async options(db, viewer): Promise<Record<string, FilterOption[]>> {
      let practices = db
        .selectFrom('practices as pr')
        .select(['pr.practice_id as value', 'pr.practice_name as label'])
        .orderBy(sql`lower(pr.practice_name) collate "C"`)
        .orderBy('pr.practice_id');
      if (!viewer.scope.all)
        practices = practices.where('pr.practice_id', 'in', [0, ...viewer.scope.practiceIds]);
      const practice = (await practices.execute()).map((r) => ({ value: String(r.value), label: r.label }));
      const staff = await visitStaffOptions(db, viewer, kind);
      return { practice, [kind === 'consult' ? 'physician' : 'technician']: staff };
    },
  });
}

/** The sources of the two lists (bff/src/embedded.ts LIST_SOURCES). */
export function scheduleListSources() {
  return {
    'sleep-consults': source('consult', consultRow),
    'sleep-appointments': source('appointment', appointmentRow),
  };
}
