import { myTasksList } from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { careTeam } from '../alerts/care-team.js';
import { type AuditActor, audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import { timeText } from '../db/sql-day.js';
import { conflict, invalid, notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';
import { inRange, listSource } from '../lists/declare.js';
import { rankSql } from '../lists/rank.js';
import { and, by, byPatientName, likeWord, searchTerms, userName } from '../lists/sql.js';
import { patientFields } from '../patients/identity-sql.js';

/** My Tasks (000 §2.4, §2.7 badge): the tasks assigned to the signed-in user (auth.userId), and their actions. */

/** Not completed and due before now. */
const overdueSql = (now: Date) => sql<SqlBool>`(t.status <> 'completed' and t.due_at < ${now}::timestamptz)`;

/** What the search box reads: every word typed occurs in the task's title or its patient's name (decisions.md
 * "My Tasks"). */
const SEARCHED = sql`(lower(t.title) || ' ' || coalesce(billing_sort_name(p.lastname, p.firstname), ''))`;

/** My Tasks' rows (shared/src/lists/worklists.ts myTasksList): the user's own tasks, whatever the scope. */
export const myTasksSource = listSource(myTasksList, {
  from: sql`tasks t left join patients p on p.patient_id = t.patient_id join users c on c.user_id = t.created_by`,
  scope: ({ viewer }) => sql<SqlBool>`t.assigned_to = ${viewer.auth.userId}`,
  id: 't.task_id',
  select: ({ viewer }) => ({
    task_id: sql`t.task_id`,
    title: sql`t.title`,
    description: sql`t.description`,
    ...patientFields(),
    status: sql`t.status`,
    due_at: timeText('t.due_at'),
    overdue: sql`coalesce(${overdueSql(viewer.now)}, false)`,
    created_by_name: sql`coalesce(${userName('c')}, '')`,
    created_at: timeText('t.created_at'),
    completed_at: timeText('t.completed_at'),
  }),
  // Tasks without a due date or a patient come last either way; statuses sort in their workflow order.
  sort: () => ({
    task_id: by(sql`t.task_id`),
    patient_name: byPatientName,
    status: by(rankSql(myTasksList.columns, 'status', sql`t.status`)),
    due_at: by(sql`t.due_at`),
    created_at: by(sql`t.created_at`),
  }),
  where: {
    status: {
      shows: 'status',
      as: 'value',
      when: (statuses) => sql<SqlBool>`t.status = any(${[...statuses]}::text[])`,
    },
    due: { shows: 'due_at', when: inRange('t.due_at', 'instant') },
    overdue: { shows: 'overdue', when: (_checked, { viewer }) => overdueSql(viewer.now) },
  },
  search: (text) =>
    and(
      searchTerms(text).searchWords.map(
        (word) => sql<SqlBool>`${SEARCHED} like ${likeWord(word)} escape '\\'`,
      ),
    ),
  options: async () => ({}),
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

/** Completes one of the user's tasks, audited; a repeat keeps the first completion. Answers whether this call did. */
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

/** Who a task can be handed to, never the user: the patient's care team, or the clinical staff of their practices. */
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
