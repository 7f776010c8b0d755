import {
  type CallQuery,
  type getActivityLogs,
  shiftDay,
  TIMER_MAX_SECONDS,
  type TIMER_PROGRAMS,
} from '@rpm/shared';
import type { Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import { recordTimeLogs } from '../billing/summary.js';
import type { Database, Db } from '../db/schema.js';
import { conflict, notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';

type TimerProgram = (typeof TIMER_PROGRAMS)[number];

/** A timer as the chart's calls answer it. */
const timerDto = (t: { timer_id: number; patient_id: number; program: TimerProgram; started_at: Date }) => ({
  timer_id: t.timer_id,
  patient_id: t.patient_id,
  program: t.program,
  started_at: t.started_at.toISOString(),
});

/** The user's running timer (one at most), as stored. */
const runningRow = (db: Db, userId: number) =>
  db
    .selectFrom('activity_timers')
    .select(['timer_id', 'patient_id', 'program', 'started_at'])
    .where('user_id', '=', userId)
    .where('stopped_at', 'is', null)
    .executeTakeFirst();

/** The user's running timer, or null. */
export async function runningTimer(db: Db, userId: number) {
  const running = await runningRow(db, userId);
  return running ? timerDto(running) : null;
}

/** Starts the user's timer on the patient, audited; the same work running is answered, other work is a conflict. */
export async function startTimer(
  trx: Transaction<Database>,
  actor: AuditActor,
  patientId: number,
  program: TimerProgram,
) {
  const running = await runningRow(trx, actor.userId);
  if (running) {
    if (running.patient_id === patientId && running.program === program) return timerDto(running);
    throw conflict(
      `Your ${running.program} timer for patient ${running.patient_id} is still running. Stop it first.`,
      'patient_id',
    );
  }
  const row = await trx
    .insertInto('activity_timers')
    .values({
      user_id: actor.userId,
      acting_user_id: actor.actingUserId ?? null,
      patient_id: patientId,
      program,
      started_at: actor.at,
    })
    .returning(['timer_id', 'patient_id', 'program', 'started_at'])
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...actor,
    action: 'start_activity_timer',
    entity: 'patient',
    entityId: patientId,
    detail: { timer_id: row.timer_id, program },
  });
  return timerDto(row);
}

/** One of the user's timers still running: another user's timer answers as an unknown one. */
export async function ownRunningTimer(db: Db, userId: number, timerId: number) {
  const timer = await db
    .selectFrom('activity_timers')
    .selectAll()
    .where('timer_id', '=', timerId)
    .executeTakeFirst();
  if (!timer || timer.user_id !== userId) throw notFound(`You have no timer ${timerId}.`, 'timer_id');
  if (timer.stopped_at !== null) throw conflict('This timer was already stopped.', 'timer_id');
  return timer;
}

/** Stops the timer and, unless discarded or under a second, logs its time (capped) into the month, audited. */
export async function stopTimer(
  trx: Transaction<Database>,
  actor: AuditActor,
  timer: Awaited<ReturnType<typeof ownRunningTimer>>,
  stop: { readonly discard: boolean; readonly note?: string | undefined },
) {
  const elapsed = Math.floor((actor.at.getTime() - timer.started_at.getTime()) / 1000);
  const seconds = Math.max(0, Math.min(elapsed, TIMER_MAX_SECONDS));
  const logged = !stop.discard && seconds >= 1;
  const [id] = logged
    ? await recordTimeLogs(trx, [
        {
          patient_id: timer.patient_id,
          user_id: actor.userId,
          program: timer.program,
          seconds,
          logged_at: actor.at,
          note: stop.note?.trim() || null,
        },
      ])
    : [];
  await trx
    .updateTable('activity_timers')
    .set({ stopped_at: actor.at, time_log_id: id ?? null })
    .where('timer_id', '=', timer.timer_id)
    .execute();
  await audit(trx, {
    ...actor,
    action: 'stop_activity_timer',
    entity: 'patient',
    entityId: timer.patient_id,
    detail: { timer_id: timer.timer_id, program: timer.program, seconds: logged ? seconds : 0, elapsed },
  });
  return { time_log_id: id ?? null, seconds: logged ? seconds : 0 };
}

/** The patient's logged care time between two days, newest first, a page of it, with totals per program. */
export async function activityLogs(db: Db, query: CallQuery<typeof getActivityLogs>) {
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
    count: totals.reduce((sum, t) => sum + Number(t.n), 0),
    totals: Object.fromEntries(totals.map((t) => [t.program, Number(t.seconds)])),
    data: rows.map(({ firstname, lastname, ...r }) => ({
      ...r,
      logged_at: r.logged_at.toISOString(),
      user_name: fullName(firstname, lastname),
    })),
  };
}
