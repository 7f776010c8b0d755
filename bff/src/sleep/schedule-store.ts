import {
  type AppointmentFields,
  type ConsultFields,
  SLEEP_VISIT_NEXT,
  SLEEP_VISIT_SCHEDULED,
  SLEEP_VISIT_STATUS,
  type SleepAppointmentRow,
  type SleepConsultRow,
  type SleepVisitStatusCode,
  shiftDay,
} from '@rpm/shared';
import { type SqlBool, sql, type Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { conflict, invalid, notFound } from '../domain-errors.js';
import { patientSearchSql } from '../lists/patient-search.js';
import type { ListViewer } from '../lists/source.js';
import { fullName } from '../lists/sql.js';
import { listPatientSql } from '../patients/identity-sql.js';
import {
  appointmentRow,
  consultRow,
  VISIT_STAFF_ROLES,
  type VisitKind,
  visitRows,
  visitsInScope,
} from './schedule-list-store.js';

/**
 * Writes of sleep consults and appointments, each with its audit row: only Scheduled → Completed / No Show /
 * Connectivity Issue, and only a scheduled visit is edited or cancelled. Also the calendar's range and patient search.
 */

type Trx = Transaction<Database>;

const TABLE = {
  consult: { table: 'sleep_consults', id: 'consult_id', staff: 'physician_id', noun: 'Consult' },
  appointment: {
    table: 'sleep_appointments',
    id: 'appointment_id',
    staff: 'technician_id',
    noun: 'Appointment',
  },
} as const;

/** The text of a visit that does not exist (or is outside the caller's scope: the same 404). */
export const unknownVisit = (kind: VisitKind, id: number) => `${TABLE[kind].noun} ${id} does not exist.`;

/** A stored visit's patient and state, for the route's scope check; cancelled ones are unknown. */
export async function storedVisit(db: Db, kind: VisitKind, id: number) {
  const row = await db
    .selectFrom('sleep_visits')
    .select(['patient_id', 'status'])
    .where('kind', '=', kind)
    .where('visit_id', '=', id)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(unknownVisit(kind, id), TABLE[kind].id);
  return row;
}

/** One visit as its list shows it (the caller has checked the patient's scope). */
async function rowOf(db: Db | Trx, kind: 'consult', id: number): Promise<SleepConsultRow>;
async function rowOf(db: Db | Trx, kind: 'appointment', id: number): Promise<SleepAppointmentRow>;
async function rowOf(db: Db | Trx, kind: VisitKind, id: number) {
  const everyone = { scope: { all: true } } as unknown as ListViewer;
  const r = await visitRows(
    visitsInScope(db as Db, everyone, kind).where('v.visit_id', '=', id),
  ).executeTakeFirstOrThrow();
  return kind === 'consult' ? consultRow(r) : appointmentRow(r);
}

/** The staff member may hold the visit: the kind's role and a member of the patient's practice. */
async function assertStaff(trx: Trx, kind: VisitKind, staffId: number, patientId: number): Promise<void> {
  const ok = await trx
    .selectFrom('users as u')
    .select('u.user_id')
    .where('u.user_id', '=', staffId)
    .where('u.active', '=', true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_roles as r')
          .select('r.user_id')
          .whereRef('r.user_id', '=', 'u.user_id')
          .where('r.role_id', 'in', [...VISIT_STAFF_ROLES[kind]]),
      ),
    )
    .where(
      sql<SqlBool>`exists (select 1 from user_practices up join patients p on p.practice_id = up.practice_id
        where up.user_id = u.user_id and p.patient_id = ${patientId})`,
    )
    .executeTakeFirst();
  const who = kind === 'consult' ? 'a sleep physician' : 'a technician';
  if (!ok) throw invalid(`${TABLE[kind].staff} is not ${who} of the patient's practice.`, TABLE[kind].staff);
}

const auditVisit = (trx: Trx, who: AuditActor, kind: VisitKind, action: string, id: number, detail: object) =>
  audit(trx, { ...who, action, entity: TABLE[kind].table, entityId: id, detail: { ...detail } });

export async function addConsult(trx: Trx, who: AuditActor, body: ConsultFields & { patient_id: number }) {
  await assertStaff(trx, 'consult', body.physician_id, body.patient_id);
  const { consult_id } = await trx
    .insertInto('sleep_consults')
    .values({
      ...body,
      created_by: who.userId,
      created_at: who.at,
      updated_by: who.userId,
      updated_at: who.at,
    })
    .returning('consult_id')
    .executeTakeFirstOrThrow();
  await auditVisit(trx, who, 'consult', 'sleep_consult.add', consult_id, body);
  return rowOf(trx, 'consult', consult_id);
}

export async function addAppointment(
  trx: Trx,
  who: AuditActor,
  body: AppointmentFields & { patient_id: number },
) {
  await assertStaff(trx, 'appointment', body.technician_id, body.patient_id);
  const { appointment_id } = await trx
    .insertInto('sleep_appointments')
    .values({
      ...body,
      created_by: who.userId,
      created_at: who.at,
      updated_by: who.userId,
      updated_at: who.at,
    })
    .returning('appointment_id')
    .executeTakeFirstOrThrow();
  await auditVisit(trx, who, 'appointment', 'sleep_appointment.add', appointment_id, body);
  return rowOf(trx, 'appointment', appointment_id);
}

/** Updates a scheduled, not cancelled visit; a visit closed meanwhile answers 409 and nothing is written. */
async function updateScheduled(
  trx: Trx,
  who: AuditActor,
  kind: VisitKind,
  id: number,
  set: Record<string, unknown>,
  action: string,
): Promise<void> {
  const t = TABLE[kind];
  const assignments = Object.entries({ ...set, updated_by: who.userId, updated_at: who.at }).map(
    ([column, value]) => sql`${sql.ref(column)} = ${value}`,
  );
  const done = await sql<{ id: number }>`update ${sql.table(t.table)} set ${sql.join(assignments)}
    where ${sql.ref(t.id)} = ${id} and status = ${SLEEP_VISIT_SCHEDULED} and cancelled_at is null
    returning ${sql.ref(t.id)} as id`.execute(trx);
  if (done.rows.length === 0) {
    const now = await trx
      .selectFrom('sleep_visits')
      .select('status')
      .where('kind', '=', kind)
      .where('visit_id', '=', id)
      .executeTakeFirst();
    const state = now ? SLEEP_VISIT_STATUS[now.status] : 'cancelled';
    throw conflict(`${t.noun} ${id} is ${state.toLowerCase()}; only a scheduled one can change.`, t.id);
  }
  await auditVisit(trx, who, kind, action, id, set);
}

export async function updateConsult(
  trx: Trx,
  who: AuditActor,
  id: number,
  patientId: number,
  fields: ConsultFields,
) {
  await assertStaff(trx, 'consult', fields.physician_id, patientId);
  await updateScheduled(trx, who, 'consult', id, fields, 'sleep_consult.update');
  return rowOf(trx, 'consult', id);
}

export async function updateAppointment(
  trx: Trx,
  who: AuditActor,
  id: number,
  patientId: number,
  fields: AppointmentFields,
) {
  await assertStaff(trx, 'appointment', fields.technician_id, patientId);
  await updateScheduled(trx, who, 'appointment', id, fields, 'sleep_appointment.update');
  return rowOf(trx, 'appointment', id);
}

/** Closes a scheduled visit with its outcome (SLEEP_VISIT_NEXT). */
export async function setVisitStatus(
  trx: Trx,
  who: AuditActor,
  kind: VisitKind,
  id: number,
  status: SleepVisitStatusCode,
): Promise<void> {
  if (!SLEEP_VISIT_NEXT[SLEEP_VISIT_SCHEDULED].includes(status))
    throw invalid(`status must be one of ${SLEEP_VISIT_NEXT[SLEEP_VISIT_SCHEDULED].join(', ')}`, 'status');
  await updateScheduled(trx, who, kind, id, { status }, `sleep_${kind}.status`);
}

export const visitRow = rowOf;

export async function cancelVisit(trx: Trx, who: AuditActor, kind: VisitKind, id: number): Promise<void> {
  await updateScheduled(
    trx,
    who,
    kind,
    id,
    { cancelled_by: who.userId, cancelled_at: who.at },
    `sleep_${kind}.cancel`,
  );
}

/** The appointments in scope from the first day's start to the last day's end (UTC days), in time order. */
export async function appointmentsInRange(
  db: Db,
  viewer: ListViewer,
  range: { from: string; to: string; technician_id?: number | undefined },
): Promise<SleepAppointmentRow[]> {
  let q = visitsInScope(db, viewer, 'appointment')
    .where('v.scheduled_at', '>=', new Date(`${range.from}T00:00:00Z`))
    .where('v.scheduled_at', '<', new Date(`${shiftDay(range.to, 1)}T00:00:00Z`));
  if (range.technician_id !== undefined) q = q.where('v.staff_id', '=', range.technician_id);
  const rows = await visitRows(q).orderBy('v.scheduled_at').orderBy('v.visit_id').execute();
  return rows.map(appointmentRow);
}

/** Up to 20 patients in scope by name or RPM ID, for the schedule forms. */
export async function findPatients(db: Db, viewer: ListViewer, search: string) {
  let q = db
    .selectFrom('patients as p')
    .select(['p.patient_id', 'p.dob', fullName('p').as('patient_name'), listPatientSql('p').as('patient')])
    .where('p.merged_into_id', 'is', null)
    .orderBy(sql`lower(${fullName('p')}) collate "C"`)
    .orderBy('p.patient_id')
    .limit(20);
  if (!viewer.scope.all) q = q.where(viewer.scope.visible('p'));
  const condition = patientSearchSql(search);
  if (condition) q = q.where(condition);
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, dob: r.dob.toISOString().slice(0, 10) }));
}
