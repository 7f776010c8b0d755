import {
  type FilterOption,
  SLEEP_CONSULT_TYPE,
  SLEEP_VISIT_STATUS,
  type SleepAppointmentRow,
  type SleepConsultRow,
  sleepAppointmentsList,
  sleepConsultsList,
} from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { dayText, timeText } from '../db/sql-day.js';
import { inRange, type ListContext, listSource } from '../lists/declare.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { labelSql, rankSql } from '../lists/rank.js';
import type { ListViewer } from '../lists/source.js';
import { and, by, byPatientName, fullName, inIds, PRACTICE_FILTER, practiceOptions } from '../lists/sql.js';
import { listPatientSql, patientFields } from '../patients/identity-sql.js';

/**
 * Sleep Consults and Sleep Appointments, read from the view `sleep_visits` (0024): visits of patients in scope, not
 * cancelled, in a stable order; the calendar reads the same rows.
 */

export type VisitKind = 'consult' | 'appointment';

/** Who may hold a visit: sleep physicians for consults, technicians for appointments (decisions.md "Sleep consults and appointments"). */
export const VISIT_STAFF_ROLES: Readonly<Record<VisitKind, readonly number[]>> = {
  consult: [6, 16],
  appointment: [20],
};

const statusLabel = labelSql('v.status', SLEEP_VISIT_STATUS);
const typeLabel = labelSql('v.consult_type', SLEEP_CONSULT_TYPE);

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

const FROM = sql`sleep_visits v
  join patients p on p.patient_id = v.patient_id
  join practices pr on pr.practice_id = p.practice_id
  join users su on su.user_id = v.staff_id`;

/** What both lists declare alike: the visits of one kind in scope, not cancelled, and their shared columns. */
const visitList = (kind: VisitKind) => ({
  from: FROM,
  scope: ({ viewer }: ListContext) =>
    and([sql<SqlBool>`v.kind = ${kind}`, sql<SqlBool>`v.cancelled_at is null`, viewer.scope.visible('p')]),
  id: 'v.visit_id',
  search: (text: string) => patientSearchSql(text, 'v.visit_id'),
});

const VISIT_FIELDS = {
  ...patientFields(),
  dob: dayText('p.dob'),
  practice_name: sql`pr.practice_name`,
  status: statusLabel,
  status_code: sql`v.status`,
  scheduled_at: timeText('v.scheduled_at'),
  duration_minutes: sql`v.duration_minutes`,
  notes: sql`v.notes`,
};

const VISIT_SORT = {
  patient_name: byPatientName,
  dob: by(sql`p.dob`),
  status: by(rankSql(sleepConsultsList.columns, 'status', statusLabel)),
  scheduled_at: by(sql`v.scheduled_at`),
  duration_minutes: by(sql`v.duration_minutes`),
};

const VISIT_WHERE = {
  visit_status: {
    shows: 'status',
    when: (statuses: readonly string[]) => sql<SqlBool>`v.status = any(${statuses.map(Number)}::int[])`,
  },
  practice: PRACTICE_FILTER,
  scheduled: { shows: 'scheduled_at', when: inRange('v.scheduled_at', 'instant') },
} as const;

const staffIn = (ids: readonly number[]) => inIds('v.staff_id', ids);

const consultSource = listSource(sleepConsultsList, {
  ...visitList('consult'),
  select: () => ({
    ...VISIT_FIELDS,
    consult_id: sql`v.visit_id`,
    physician_id: sql`v.staff_id`,
    physician: fullName('su'),
    consult_type: typeLabel,
    consult_type_code: sql`coalesce(v.consult_type, 0)`,
  }),
  sort: () => ({
    ...VISIT_SORT,
    consult_id: by(sql`v.visit_id`),
    consult_type: by(rankSql(sleepConsultsList.columns, 'consult_type', typeLabel)),
  }),
  where: {
    ...VISIT_WHERE,
    consult_type: {
      shows: 'consult_type',
      when: (types) => sql<SqlBool>`v.consult_type = any(${types.map(Number)}::int[])`,
    },
    physician: { shows: 'physician', when: staffIn },
  },
  options: async (db, viewer) => ({
    practice: await practiceOptions(db, viewer),
    physician: await visitStaffOptions(db, viewer, 'consult'),
  }),
});

const appointmentSource = listSource(sleepAppointmentsList, {
  ...visitList('appointment'),
  select: () => ({
    ...VISIT_FIELDS,
    appointment_id: sql`v.visit_id`,
    technician_id: sql`v.staff_id`,
    technician: fullName('su'),
  }),
  sort: () => ({
    ...VISIT_SORT,
    appointment_id: by(sql`v.visit_id`),
  }),
  where: { ...VISIT_WHERE, technician: { shows: 'technician', when: staffIn } },
  options: async (db, viewer) => ({
    practice: await practiceOptions(db, viewer),
    technician: await visitStaffOptions(db, viewer, 'appointment'),
  }),
});

/** The sources of the two lists (bff/src/embedded.ts LIST_SOURCES). */
export const scheduleListSources = () => ({
  'sleep-consults': consultSource,
  'sleep-appointments': appointmentSource,
});
