import { type MyTaskRow, myTasksList } from '@rpm/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import { careTeam } from '../alerts/care-team.js';
import { type AuditActor, audit } from '../audit.js';
import { patientName } from '../billing/report.js';
import type { Db } from '../db/schema.js';
import { conflict, invalid, notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';
import { rankSql } from '../lists/rank.js';
import { countOf, type SliceQueries, sliceSource } from '../lists/slice-source.js';
import type { ListSource, ListView, ListViewer } from '../lists/source.js';
import { likeWord, searchTerms } from '../lists/sql.js';
import { dayRange, isChecked, optionValues } from '../lists/view-values.js';
import { listPatientSql } from '../patients/identity-sql.js';

/**
 * My Tasks (000 §2.4 'My Tasks', §2.7 badge; issue 10): the tasks assigned to the signed-in user (during a
 * temporary login, the user logged in as: auth.userId), and the actions on one of them.
 */

type TaskStatus = MyTaskRow['status'];

/** The user's tasks with what every condition and row reads. */
const myTasks = (db: Db, userId: number) =>
  db
    .selectFrom('tasks as t')
    .leftJoin('patients as p', 'p.patient_id', 't.patient_id')
    .where('t.assigned_to', '=', userId);
type Base = ReturnType<typeof myTasks>;

/** Not completed and due before now. */
const overdueSql = (now: Date) => sql<SqlBool>`(t.status <> 'completed' and t.due_at < ${now}::timestamptz)`;

function filtered(db: Db, viewer: ListViewer, view: ListView): Base {
  let q = myTasks(db, viewer.auth.userId);
  const statuses = optionValues(view, 'status');
  if (statuses && statuses.length > 0) q = q.where('t.status', 'in', statuses as TaskStatus[]);
  const due = dayRange(view, 'due');
  if (due.from) q = q.where('t.due_at', '>=', due.from);
  if (due.before) q = q.where('t.due_at', '<', due.before);
  if (isChecked(view, 'overdue')) q = q.where(overdueSql(viewer.now));
  // Every word typed occurs in the task's title or its patient's name (decisions.md "My Tasks").
  const { searchWords } = searchTerms(view.search ?? '');
  for (const word of searchWords)
    q = q.where(
      sql<SqlBool>`(lower(t.title) || ' ' || coalesce(billing_sort_name(p.lastname, p.firstname), ''))
        like ${likeWord(word)} escape '\\'`,
    );
  return q;
}

/**
 * The order of a sort key, the task id breaking ties. Tasks without a due date or a patient come last either way;
 * statuses sort in their workflow order (open, in progress, completed).
 */
function orderOf(orderby: string, order: 'asc' | 'desc'): Expression<unknown>[] {
  const dir = sql.raw(order);
  const tie = sql`t.task_id ${dir}`;
  switch (orderby) {
    case 'task_id':
      return [tie];
    case 'title':
      return [sql`lower(t.title) ${dir}`, tie];
    case 'patient_name':
      return [sql`lower(p.lastname) ${dir} nulls last`, sql`lower(p.firstname) ${dir} nulls last`, tie];
    case 'status':
      return [sql`${rankSql(myTasksList.columns, 'status', sql`t.status`)} ${dir}`, tie];
    case 'created_at':
      return [sql`t.created_at ${dir}`, tie];
    default:
      return [sql`t.due_at ${dir} nulls last`, tie];
  }
}

const rowsOf: SliceQueries<MyTaskRow, Base>['slice'] = async (base, viewer, view, offset, limit) => {
  let q = base
    .innerJoin('users as c', 'c.user_id', 't.created_by')
    .select([
      't.task_id',
      't.title',
      't.description',
      't.patient_id',
      'p.firstname',
      'p.lastname',
      listPatientSql('p').as('patient'),
      't.status',
      't.due_at',
      't.created_at',
      't.completed_at',
      'c.firstname as created_by_firstname',
      'c.lastname as created_by_lastname',
    ])
    .select(overdueSql(viewer.now).as('overdue'));
  for (const part of orderOf(view.orderby, view.order)) q = q.orderBy(part);
  const rows = await q.limit(limit).offset(offset).execute();
  return rows.map((r) => ({
    task_id: r.task_id,
    title: r.title,
    description: r.description,
    patient_id: r.patient_id,
    patient_name:
      r.firstname === null || r.lastname === null
        ? null
        : patientName({ firstname: r.firstname, lastname: r.lastname }),
    patient: r.patient,
    status: r.status,
    due_at: r.due_at?.toISOString() ?? null,
    overdue: Boolean(r.overdue),
    created_by_name: fullName(r.created_by_firstname, r.created_by_lastname),
    created_at: r.created_at.toISOString(),
    completed_at: r.completed_at?.toISOString() ?? null,
  }));
};

/** My Tasks' rows (shared/src/lists/worklists.ts myTasksList). */
export const myTasksSource: ListSource<MyTaskRow> = sliceSource({
  filtered,
  slice: rowsOf,
  count: countOf,
  async options() {
    return {};
  },
});

/** One of the user's tasks, locked for the transaction's change when `lock`; else not_found (one error for an unknown
 * task and another user's: no oracle). */
async function ownTask(db: Db, userId: number, taskId: number, lock = false) {
  let q = db
    .selectFrom('tasks')
    .select(['task_id', 'patient_id', 'status', 'assigned_to'])
    .where('task_id', '=', taskId)
    .where('assigned_to', '=', userId);
  if (lock) q = q.forUpdate();
  const task = await q.executeTakeFirst();
  if (!task) throw notFound(`You have no task ${taskId}.`, 'task_id');
  return task;
}

/**
 * Completes one of the user's tasks with its audit row. A repeat keeps the first completion and writes nothing.
 * Answers whether this call completed it.
 */
export async function completeTask(db: Db, actor: AuditActor, taskId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const task = await ownTask(trx, actor.userId, taskId, true);
    if (task.status === 'completed') return false;
    await trx
      .updateTable('tasks')
      .set({ status: 'completed', completed_at: actor.at })
      .where('task_id', '=', taskId)
      .execute();
    await audit(trx, {
      ...actor,
      action: 'complete_task',
      entity: 'task',
      entityId: taskId,
      detail: { from: task.status, patient_id: task.patient_id },
    });
    return true;
  });
}

/** Someone a task can be handed to. */
export interface TaskAssignee {
  readonly user_id: number;
  readonly name: string;
}

/**
 * Who one of the user's tasks can be handed to, never the user: the patient's care team (care-team.ts), or for a
 * task without a patient the clinical staff of the user's practices.
 */
export async function taskAssignees(db: Db, userId: number, taskId: number): Promise<TaskAssignee[]> {
  const task = await ownTask(db, userId, taskId);
  if (task.patient_id !== null)
    return (await careTeam(db, task.patient_id))
      .filter((member) => member.user_id !== userId)
      .map(({ user_id, name }) => ({ user_id, name }));
  // Without a patient: active members of the user's practices whose roles hold 'My Tasks' (decisions.md "My Tasks").
  const { rows } = await sql<{ user_id: number; firstname: string; lastname: string }>`
    select u.user_id, u.firstname, u.lastname from users u
    where u.active and not u.is_dentist and u.user_id <> ${userId}
      and exists (select 1 from user_practices up join user_practices mine on mine.practice_id = up.practice_id
        where up.user_id = u.user_id and mine.user_id = ${userId})
      and exists (select 1 from user_roles r join role_pages rp on rp.role_id = r.role_id
        where r.user_id = u.user_id and rp.page = 'My Tasks')
      and not exists (select 1 from user_roles r where r.user_id = u.user_id and r.role_id = 1)
    order by lower(u.lastname), lower(u.firstname), u.user_id`.execute(db);
  return rows.map((r) => ({ user_id: r.user_id, name: fullName(r.firstname, r.lastname) }));
}

/** Hands one of the user's open or in-progress tasks to an offered assignee, with its audit row. */
export async function reassignTask(
  db: Db,
  actor: AuditActor,
  taskId: number,
  assignedTo: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const task = await ownTask(trx, actor.userId, taskId, true);
    if (task.status === 'completed')
      throw conflict(
        `Task ${taskId} is already completed; a completed task cannot be reassigned.`,
        'task_id',
      );
    const offered = await taskAssignees(trx, actor.userId, taskId);
    if (!offered.some((a) => a.user_id === assignedTo))
      throw invalid(
        `User ${assignedTo} cannot be given this task: choose one of the offered assignees.`,
        'assigned_to',
      );
    await trx.updateTable('tasks').set({ assigned_to: assignedTo }).where('task_id', '=', taskId).execute();
    await audit(trx, {
      ...actor,
      action: 'reassign_task',
      entity: 'task',
      entityId: taskId,
      detail: { from: actor.userId, to: assignedTo, patient_id: task.patient_id },
    });
  });
}
