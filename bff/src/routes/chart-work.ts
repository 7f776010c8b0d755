import {
  addPatientNote,
  addPatientTask,
  getActivityLogs,
  getPatientNotes,
  getPatientTasks,
  getRunningTimer,
  MSG,
  startActivityTimer,
  stopActivityTimer,
  TIMER_MAX_SECONDS,
  updatePatientNote,
  updatePatientTask,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { audit } from '../audit.js';
import { recordTimeLogs } from '../billing/summary.js';
import type { Db } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { HttpError } from '../http/errors.js';
import { assertPatientAccess } from '../scope.js';
import { actor } from './route-helpers.js';
import { addDays } from './rules-store.js';

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** The timer, activity log, notes and tasks of the patient chart (000 §2.3; issue 5 part 6). */
export function chartWorkRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  const timerDto = (t: {
    timer_id: number;
    patient_id: number;
    program: 'RPM' | 'CCM';
    started_at: Date;
  }) => ({
    timer_id: t.timer_id,
    patient_id: t.patient_id,
    program: t.program,
    started_at: t.started_at.toISOString(),
  });

  registerCall(app, deps, startActivityTimer, async ({ body, auth, req }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const running = await db
      .selectFrom('activity_timers')
      .select(['timer_id', 'patient_id', 'program', 'started_at'])
      .where('user_id', '=', auth.userId)
      .where('stopped_at', 'is', null)
      .executeTakeFirst();
    if (running) {
      if (running.patient_id === body.patient_id && running.program === body.program)
        return { status: 1, data: timerDto(running) };
      throw new HttpError(
        409,
        `Your ${running.program} timer for patient ${running.patient_id} is still running. Stop it first.`,
        'patient_id',
      );
    }
    const now = clock.now();
    const timer = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('activity_timers')
        .values({
          user_id: auth.userId,
          acting_user_id: auth.session.actingUserId,
          patient_id: body.patient_id,
          program: body.program,
          started_at: now,
        })
        .returning(['timer_id', 'patient_id', 'program', 'started_at'])
        .executeTakeFirstOrThrow();
      await audit(trx, {
        ...actor(auth, req.ip, now),
        action: 'start_activity_timer',
        entity: 'patient',
        entityId: body.patient_id,
        detail: { timer_id: row.timer_id, program: body.program },
      });
      return row;
    });
    return { status: 1, data: timerDto(timer) };
  });

  registerCall(app, deps, stopActivityTimer, async ({ body, auth, req }) => {
    const timer = await db
      .selectFrom('activity_timers')
      .selectAll()
      .where('timer_id', '=', body.timer_id)
      .executeTakeFirst();
    if (!timer || timer.user_id !== auth.userId)
      throw new HttpError(404, `You have no timer ${body.timer_id}.`, 'timer_id');
    if (timer.stopped_at !== null) throw new HttpError(409, 'This timer was already stopped.', 'timer_id');
    await assertPatientAccess(db, auth, timer.patient_id);
    const now = clock.now();
    const elapsed = Math.floor((now.getTime() - timer.started_at.getTime()) / 1000);
    const seconds = Math.max(0, Math.min(elapsed, TIMER_MAX_SECONDS));
    const logged = !body.discard && seconds >= 1;
    const timeLogId = await db.transaction().execute(async (trx) => {
      const [id] = logged
        ? await recordTimeLogs(trx, [
            {
              patient_id: timer.patient_id,
              user_id: auth.userId,
              program: timer.program,
              seconds,
              logged_at: now,
              note: body.note?.trim() || null,
            },
          ])
        : [];
      await trx
        .updateTable('activity_timers')
        .set({ stopped_at: now, time_log_id: id ?? null })
        .where('timer_id', '=', timer.timer_id)
        .execute();
      await audit(trx, {
        ...actor(auth, req.ip, now),
        action: 'stop_activity_timer',
        entity: 'patient',
        entityId: timer.patient_id,
        detail: { timer_id: timer.timer_id, program: timer.program, seconds: logged ? seconds : 0, elapsed },
      });
      return id ?? null;
    });
    return { status: 1, data: { time_log_id: timeLogId, seconds: logged ? seconds : 0 } };
  });

  registerCall(app, deps, getRunningTimer, async ({ auth }) => {
    const running = await db
      .selectFrom('activity_timers')
      .select(['timer_id', 'patient_id', 'program', 'started_at'])
      .where('user_id', '=', auth.userId)
      .where('stopped_at', 'is', null)
      .executeTakeFirst();
    return { status: 1, data: running ? timerDto(running) : null };
  });

  registerCall(app, deps, getActivityLogs, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    const from = new Date(`${query.from}T00:00:00Z`);
    const to = new Date(`${addDays(query.to, 1)}T00:00:00Z`);
    const base = db
      .selectFrom('time_logs as t')
      .where('t.patient_id', '=', query.patient_id)
      .where('t.logged_at', '>=', from)
      .where('t.logged_at', '<', to);
    const totals = await base
      .select([
        't.program',
        (eb) => eb.fn.sum<number>('t.seconds').as('seconds'),
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .groupBy('t.program')
      .execute();
    const rows = await base
      .innerJoin('users as u', 'u.user_id', 't.user_id')
      .select([
        't.time_log_id',
        't.logged_at',
        't.program',
        't.seconds',
        't.user_id',
        'u.firstname',
        'u.lastname',
        't.note',
      ])
      .orderBy('t.logged_at', 'desc')
      .orderBy('t.time_log_id', 'desc')
      .limit(query.rowsPerPage)
      .offset(query.page * query.rowsPerPage)
      .execute();
    return {
      status: 1,
      count: totals.reduce((sum, t) => sum + Number(t.n), 0),
      totals: Object.fromEntries(totals.map((t) => [t.program, Number(t.seconds)])),
      data: rows.map(({ firstname, lastname, ...r }) => ({
        ...r,
        logged_at: r.logged_at.toISOString(),
        user_name: fullName(firstname, lastname),
      })),
    };
  });

  const noteDto = (n: {
    note_id: number;
    note: string;
    author_id: number;
    firstname: string;
    lastname: string;
    created_at: Date;
    updated_at: Date;
  }) => ({
    note_id: n.note_id,
    note: n.note,
    author_id: n.author_id,
    author_name: fullName(n.firstname, n.lastname),
    created_at: n.created_at.toISOString(),
    updated_at: n.updated_at.toISOString(),
  });
  const noteQuery = (d: Db) =>
    d
      .selectFrom('patient_notes as n')
      .innerJoin('users as u', 'u.user_id', 'n.author_id')
      .select([
        'n.note_id',
        'n.note',
        'n.author_id',
        'n.patient_id',
        'u.firstname',
        'u.lastname',
        'n.created_at',
        'n.updated_at',
      ]);

  registerCall(app, deps, getPatientNotes, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    const count = await db
      .selectFrom('patient_notes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('patient_id', '=', query.patient_id)
      .executeTakeFirstOrThrow();
    const rows = await noteQuery(db)
      .where('n.patient_id', '=', query.patient_id)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.note_id', 'desc')
      .limit(query.rowsPerPage)
      .offset(query.page * query.rowsPerPage)
      .execute();
    return { status: 1, count: Number(count.n), data: rows.map(noteDto) };
  });

  registerCall(app, deps, addPatientNote, async ({ body, auth, req }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const now = clock.now();
    const note = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('patient_notes')
        .values({
          patient_id: body.patient_id,
          author_id: auth.userId,
          acting_user_id: auth.session.actingUserId,
          note: body.note.trim(),
          created_at: now,
          updated_at: now,
        })
        .returning('note_id')
        .executeTakeFirstOrThrow();
      await audit(trx, {
        ...actor(auth, req.ip, now),
        action: 'add_patient_note',
        entity: 'patient_note',
        entityId: row.note_id,
        detail: { patient_id: body.patient_id },
      });
      return noteQuery(trx).where('n.note_id', '=', row.note_id).executeTakeFirstOrThrow();
    });
    return { status: 1, message: MSG.addedSuccessfully, data: noteDto(note) };
  });

  registerCall(app, deps, updatePatientNote, async ({ body, auth, req }) => {
    const existing = await db
      .selectFrom('patient_notes')
      .select(['note_id', 'patient_id', 'author_id', 'note'])
      .where('note_id', '=', body.note_id)
      .executeTakeFirst();
    if (!existing) throw new HttpError(404, `Note ${body.note_id} does not exist.`, 'note_id');
    await assertPatientAccess(db, auth, existing.patient_id, 'note_id');
    // A note is its author's statement: others add their own note rather than edit it (the spec is silent).
    if (existing.author_id !== auth.userId)
      throw new HttpError(403, 'Only the author of a note may edit it.', 'note_id');
    const now = clock.now();
    const note = await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('patient_notes')
        .set({ note: body.note.trim(), updated_at: now })
        .where('note_id', '=', body.note_id)
        .execute();
      await audit(trx, {
        ...actor(auth, req.ip, now),
        action: 'update_patient_note',
        entity: 'patient_note',
        entityId: body.note_id,
        detail: { before: existing.note },
      });
      return noteQuery(trx).where('n.note_id', '=', body.note_id).executeTakeFirstOrThrow();
    });
    return { status: 1, message: MSG.updatedSuccessfully, data: noteDto(note) };
  });

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

  registerCall(app, deps, addPatientTask, async ({ body, auth, req }) => {
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
    const task = await db.transaction().execute(async (trx) => {
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
      return taskQuery(trx).where('t.task_id', '=', row.task_id).executeTakeFirstOrThrow();
    });
    return { status: 1, message: MSG.addedSuccessfully, data: taskDto(task) };
  });

  registerCall(app, deps, updatePatientTask, async ({ body, auth, req }) => {
    const existing = await db
      .selectFrom('tasks')
      .select(['task_id', 'patient_id', 'status'])
      .where('task_id', '=', body.task_id)
      .executeTakeFirst();
    if (!existing?.patient_id)
      throw new HttpError(404, `Task ${body.task_id} is not a patient's task.`, 'task_id');
    await assertPatientAccess(db, auth, existing.patient_id, 'task_id');
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
