import {
  getActivityLogs,
  getRunningTimer,
  shiftDay,
  startActivityTimer,
  stopActivityTimer,
  TIMER_MAX_SECONDS,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../audit.js';
import { recordTimeLogs } from '../billing/summary.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { HttpError } from '../http/errors.js';
import { actor, fullName } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';

/** The activity timer and the activity log of the patient chart (000 §2.3; issue 5 part 6). */
export function chartActivityRoutes(app: FastifyInstance, deps: Deps): void {
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

  /** The user's running timer (one at most), if any. */
  const runningTimer = (userId: number) =>
    db
      .selectFrom('activity_timers')
      .select(['timer_id', 'patient_id', 'program', 'started_at'])
      .where('user_id', '=', userId)
      .where('stopped_at', 'is', null)
      .executeTakeFirst();

  registerCall(app, deps, startActivityTimer, async ({ body, auth, req }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const running = await runningTimer(auth.userId);
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
    const running = await runningTimer(auth.userId);
    return { status: 1, data: running ? timerDto(running) : null };
  });

  registerCall(app, deps, getActivityLogs, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    const from = new Date(`${query.from}T00:00:00Z`);
    const to = new Date(`${shiftDay(query.to, 1)}T00:00:00Z`);
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
}
