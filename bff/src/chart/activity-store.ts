import {
  type CallQuery,
  countedSeconds,
  type getActivityLogs,
  isoDay,
  SESSION_IDLE_MS,
  shiftDay,
  type TIME_CATEGORIES,
  TIMER_MAX_SECONDS,
  type TIMER_PROGRAMS,
} from '@rpm/shared';
import type { Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import { recordTimeLogs } from '../billing/summary.js';
import type { Database, Db } from '../db/schema.js';
import { conflict, notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';
import { refuseBilledMonth } from './time-entry-store.js';

type TimerProgram = (typeof TIMER_PROGRAMS)[number];
type TimeCategory = (typeof TIME_CATEGORIES)[number];

interface TimerRow {
  readonly timer_id: number;
  readonly patient_id: number;
  readonly program: TimerProgram;
  readonly started_at: Date;
  readonly paused_at: Date | null;
  readonly paused_seconds: number;
}

const TIMER_COLUMNS = [
  'timer_id',
  'patient_id',
  'program',
  'started_at',
  'paused_at',
  'paused_seconds',
] as const;

/** A timer as the chart's calls answer it. */
const timerDto = (t: TimerRow) => ({
  timer_id: t.timer_id,
  patient_id: t.patient_id,
  program: t.program,
  started_at: t.started_at.toISOString(),
  paused_at: t.paused_at?.toISOString() ?? null,
  paused_seconds: t.paused_seconds,
});

/** Seconds a stored timer has counted at `at` (shared countedSeconds). */
const timerSeconds = (t: TimerRow, at: Date): number =>
  countedSeconds(
    {
      startedMs: t.started_at.getTime(),
      pausedMs: t.paused_at?.getTime() ?? null,
      pausedSeconds: t.paused_seconds,
    },
    at.getTime(),
  );

/** The user's running timer (one at most), as stored. */
const runningRow = (db: Db, userId: number) =>
  db
    .selectFrom('activity_timers')
    .select(TIMER_COLUMNS)
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
    .returning(TIMER_COLUMNS)
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

/**
 * Pauses a running timer for idleness (decisions.md "Care timer"): the idle limit before now was not work, so the
 * pause starts then (never before the timer started). Pausing a paused timer answers it.
 */
export async function pauseTimer(trx: Transaction<Database>, actor: AuditActor, timer: TimerRow) {
  if (timer.paused_at !== null) return timerDto(timer);
  const idleSince = new Date(Math.max(timer.started_at.getTime(), actor.at.getTime() - SESSION_IDLE_MS));
  const row = await trx
    .updateTable('activity_timers')
    .set({ paused_at: idleSince })
    .where('timer_id', '=', timer.timer_id)
    .returning(TIMER_COLUMNS)
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...actor,
    action: 'pause_activity_timer',
    entity: 'patient',
    entityId: timer.patient_id,
    detail: { timer_id: timer.timer_id, paused_at: idleSince.toISOString() },
  });
  return timerDto(row);
}

/** Resumes a paused timer; the pause is added to the time not counted. Resuming a running timer answers it. */
export async function resumeTimer(trx: Transaction<Database>, actor: AuditActor, timer: TimerRow) {
  if (timer.paused_at === null) return timerDto(timer);
  const pause = Math.max(0, Math.floor((actor.at.getTime() - timer.paused_at.getTime()) / 1000));
  const row = await trx
    .updateTable('activity_timers')
    .set({ paused_at: null, paused_seconds: timer.paused_seconds + pause })
    .where('timer_id', '=', timer.timer_id)
    .returning(TIMER_COLUMNS)
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...actor,
    action: 'resume_activity_timer',
    entity: 'patient',
    entityId: timer.patient_id,
    detail: { timer_id: timer.timer_id, paused_seconds: pause },
  });
  return timerDto(row);
}

/** How a stopped timer's time is logged (issue 41 §2: the stop asks for program, category, note, contact). */
export interface TimerStop {
  readonly discard: boolean;
  readonly note?: string | undefined;
  readonly program?: TimerProgram | undefined;
  readonly category?: TimeCategory | undefined;
  readonly interactive: boolean;
}

/** Stops the timer and, unless discarded or under a second, logs its time (capped) into the month, audited. */
export async function stopTimer(
  trx: Transaction<Database>,
  actor: AuditActor,
  timer: Awaited<ReturnType<typeof ownRunningTimer>>,
  stop: TimerStop,
) {
  const elapsed = timerSeconds(timer, actor.at);
  const seconds = Math.min(elapsed, TIMER_MAX_SECONDS);
  const logged = !stop.discard && seconds >= 1;
  const program = stop.program ?? timer.program;
  if (logged) await refuseBilledMonth(trx, timer.patient_id, isoDay(actor.at), 'timer_id');
  const [id] = logged
    ? await recordTimeLogs(trx, [
        {
          patient_id: timer.patient_id,
          user_id: actor.userId,
          program,
          seconds,
          logged_at: actor.at,
          note: stop.note?.trim() || null,
          category: stop.category ?? null,
          interactive: stop.interactive,
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
    detail: {
      timer_id: timer.timer_id,
      program,
      seconds: logged ? seconds : 0,
      elapsed,
      paused_seconds: timer.paused_seconds,
      category: stop.category ?? null,
      interactive: stop.interactive,
    },
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
      't.category',
      't.interactive',
      't.manual',
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
