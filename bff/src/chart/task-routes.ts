import { addPatientTask, getPatientTasks, MSG, updatePatientTask } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { HttpError } from '../http/errors.js';
import { once } from '../http/idempotency.js';
import { actor, fullName } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';

/** The tasks of the patient chart (000 §2.3 Tasks tab; issue 5 part 6). */
export function chartTaskRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  const taskQuery = (d: Db) =>
    d
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

  registerCall(app, deps, getPatientTasks, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
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
    return { status: 1, count: Number(count.n), data: rows.map(taskDto) };
  });

  registerCall(app, deps, addPatientTask, async ({ body, auth, req, headers }) => {
    const place = await assertPatientAccess(db, auth, body.patient_id);
    // The assignee must be able to open the patient: active, and top administrator or a member of the patient's
    // practice covering its location (scope.ts).
    const assignee = await db
      .selectFrom('users as u')
      .select('u.user_id')
      .where('u.user_id', '=', body.assigned_to)
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
    if (!assignee)
      throw new HttpError(
        400,
        `User ${body.assigned_to} cannot be given tasks about this patient.`,
        'assigned_to',
      );
    const now = clock.now();
    return once(db, auth.userId, addPatientTask, headers['idempotency-key'], now, async (trx) => {
      const row = await trx
        .insertInto('tasks')
        .values({
          assigned_to: body.assigned_to,
          patient_id: body.patient_id,
          title: body.title.trim(),
          description: body.description?.trim() || null,
          due_at: body.due_at ?? null,
          created_by: auth.userId,
          created_at: now,
        })
        .returning('task_id')
        .executeTakeFirstOrThrow();
      await audit(trx, {
        ...actor(auth, req.ip, now),
        action: 'add_task',
        entity: 'task',
        entityId: row.task_id,
        detail: { patient_id: body.patient_id, assigned_to: body.assigned_to },
      });
      const task = await taskQuery(trx).where('t.task_id', '=', row.task_id).executeTakeFirstOrThrow();
      return { status: 1, message: MSG.addedSuccessfully, data: taskDto(task) };
    });
  });

  registerCall(app, deps, updatePatientTask, async ({ body, auth, req }) => {
    const existing = await db
      .selectFrom('tasks')
      .select(['task_id', 'patient_id', 'status'])
      .where('task_id', '=', body.task_id)
      .executeTakeFirst();
    if (!existing?.patient_id)
      throw new HttpError(404, `Task ${body.task_id} is not a patient's task.`, 'task_id');
    await assertPatientAccess(
      db,
      auth,
      existing.patient_id,
      'task_id',
      `Task ${body.task_id} is not a patient's task.`,
    );
    const now = clock.now();
    const task = await db.transaction().execute(async (trx) => {
      if (existing.status !== body.status) {
        await trx
          .updateTable('tasks')
          .set({ status: body.status, completed_at: body.status === 'completed' ? now : null })
          .where('task_id', '=', body.task_id)
          .execute();
        await audit(trx, {
          ...actor(auth, req.ip, now),
          action: 'update_task_status',
          entity: 'task',
          entityId: body.task_id,
          detail: { from: existing.status, to: body.status },
        });
      }
      return taskQuery(trx).where('t.task_id', '=', body.task_id).executeTakeFirstOrThrow();
    });
    return { status: 1, message: MSG.updatedSuccessfully, data: taskDto(task) };
  });
}
