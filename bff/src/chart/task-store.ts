import type { addPatientTask, CallBody, CallQuery, getPatientTasks, updatePatientTask } from '@rpm/shared';
import { sql, type Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Database, Db, TaskStatus } from '../db/schema.js';
import { invalid } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';
import type { PatientPlace } from '../scope.js';
import { auditedUpdate, scopedRecord } from './scoped-record.js';

/** Tasks with their assignee's name, as the Tasks tab shows them. */
const taskQuery = (db: Db) =>
  db
    .selectFrom('tasks as t')
    .innerJoin('users as u', 'u.user_id', 't.assigned_to')
    .select([
      't.task_id',
      't.title',
      't.description',
      't.status',
      't.assigned_to',
      'u.firstname',
      'u.lastname',
      't.due_at',
      't.completed_at',
      't.created_by',
      't.created_at',
      't.patient_id',
    ]);

type TaskRow = Awaited<ReturnType<ReturnType<typeof taskQuery>['executeTakeFirstOrThrow']>>;

const taskDto = ({ firstname, lastname, patient_id: _, ...t }: TaskRow) => ({
  ...t,
  assigned_to_name: fullName(firstname, lastname),
  due_at: t.due_at?.toISOString() ?? null,
  completed_at: t.completed_at?.toISOString() ?? null,
  created_at: t.created_at.toISOString(),
});

/** One task as the calls answer it. */
const taskById = async (db: Db, taskId: number) =>
  taskDto(await taskQuery(db).where('t.task_id', '=', taskId).executeTakeFirstOrThrow());

/** A page of the patient's tasks in the state asked (open first, then by due time), and how many there are. */
export async function patientTasks(db: Db, query: CallQuery<typeof getPatientTasks>) {
  let q = taskQuery(db).where('t.patient_id', '=', query.patient_id);
  if (query.state === 'open') q = q.where('t.status', '<>', 'completed');
  if (query.state === 'completed') q = q.where('t.status', '=', 'completed');
  let c = db.selectFrom('tasks').where('patient_id', '=', query.patient_id);
  if (query.state === 'open') c = c.where('status', '<>', 'completed');
  if (query.state === 'completed') c = c.where('status', '=', 'completed');
  const count = await c.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .orderBy(sql`t.status = 'completed'`)
    .orderBy(sql`t.due_at asc nulls last`)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.task_id', 'desc')
    .limit(query.rowsPerPage)
    .offset(query.page * query.rowsPerPage)
    .execute();
  return { count: Number(count.n), data: rows.map(taskDto) };
}

/** Refuses an assignee who cannot open the patient: inactive, or neither role 1 nor a member covering its place. */
export async function assertAssignable(db: Db, userId: number, place: PatientPlace): Promise<void> {
  const assignee = await db
    .selectFrom('users as u')
    .select('u.user_id')
    .where('u.user_id', '=', userId)
    .where('u.active', '=', true)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('user_roles as r')
            .select('r.user_id')
            .whereRef('r.user_id', '=', 'u.user_id')
            .where('r.role_id', '=', 1),
        ),
        eb.exists(
          eb
            .selectFrom('user_practices as up')
            .select('up.user_id')
            .whereRef('up.user_id', '=', 'u.user_id')
            .where('up.practice_id', '=', place.practiceId)
            .where((w) =>
              w.or([w('up.location_id', 'is', null), w('up.location_id', '=', place.locationId)]),
            ),
        ),
      ]),
    )
    .executeTakeFirst();
  if (!assignee) throw invalid(`User ${userId} cannot be given tasks about this patient.`, 'assigned_to');
}

/** Adds a task about the patient with its audit row, in the caller's transaction. */
export async function addTask(
  trx: Transaction<Database>,
  actor: AuditActor,
  task: CallBody<typeof addPatientTask>,
) {
  const row = await trx
    .insertInto('tasks')
    .values({
      assigned_to: task.assigned_to,
      patient_id: task.patient_id,
      title: task.title.trim(),
      description: task.description?.trim() || null,
      due_at: task.due_at ?? null,
      created_by: actor.userId,
      created_at: actor.at,
    })
    .returning('task_id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...actor,
    action: 'add_task',
    entity: 'task',
    entityId: row.task_id,
    detail: { patient_id: task.patient_id, assigned_to: task.assigned_to },
  });
  return taskById(trx, row.task_id);
}

/** A task about a patient; one about none, or whose patient the caller may not see, is as unknown. */
export const taskRecord = scopedRecord({
  table: 'tasks',
  key: 'task_id',
  entity: 'task',
  unknown: (id) => `Task ${id} is not a patient's task.`,
  load: (db, id) =>
    db
      .selectFrom('tasks')
      .select(['task_id', 'patient_id', 'status'])
      .where('task_id', '=', id)
      .where('patient_id', 'is not', null)
      .$narrowType<{ patient_id: number }>()
      .executeTakeFirst(),
});

/** Sets a task's status (and its completion time) with the audit row when it changes, in the caller's transaction. */
export async function updateTaskStatus(
  trx: Transaction<Database>,
  actor: AuditActor,
  existing: { task_id: number; status: TaskStatus },
  { status }: CallBody<typeof updatePatientTask>,
) {
  if (existing.status !== status) {
    await auditedUpdate(trx, actor, taskRecord, existing.task_id, {
      set: { status, completed_at: status === 'completed' ? actor.at : null },
      action: 'update_task_status',
      detail: { from: existing.status, to: status },
    });
  }
  return taskById(trx, existing.task_id);
}
