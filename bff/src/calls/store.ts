import {
  type CALL_STATUSES,
  type CallBody,
  PATIENT_SEARCH_MAX,
  type PatientMatch,
  type setCallStatus,
  TIMER_MAX_SECONDS,
  type TIMER_PROGRAMS,
} from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import { recordTimeLogs } from '../billing/summary.js';
import type { Database, Db } from '../db/schema.js';
import { conflict, invalid, notFound } from '../domain-errors.js';
import { patientMatches, tenDigitsSql } from '../patients/search-store.js';
import type { PatientScope } from '../scope.js';

/** The softphone's call records (000 §4.9, §7): outcomes, ends on the server's clock, minutes, callers by number. */

type CallStatus = (typeof CALL_STATUSES)[number];
type TimerProgram = (typeof TIMER_PROGRAMS)[number];

/** The patients in the agent's scope whose mobile (rank 0) or phone (rank 1) ends in these ten digits. */
function numberMatches(db: Db, scope: PatientScope, tenDigits: string) {
  const match = (column: 'p.mobile' | 'p.phone', rank: number) =>
    db
      .selectFrom('patients as p')
      .select(['p.patient_id', sql<number>`${rank}`.as('rank')])
      .where(tenDigitsSql(column), '=', tenDigits)
      .where('p.merged_into_id', 'is', null)
      .where(scope.visible('p'));
  return match('p.mobile', 0).unionAll(match('p.phone', 1));
}

/**
 * The patient whose mobile (or else phone) number ends in these ten digits, among the patients the agent may see;
 * several: a mobile match first, then the lowest id (decisions.md "Caller lookup"). None: 404 naming mobileNumber.
 */
export async function patientIdByNumber(db: Db, scope: PatientScope, tenDigits: string): Promise<number> {
  const row = await db
    .selectFrom(numberMatches(db, scope, tenDigits).as('m'))
    .select('m.patient_id')
    .orderBy('m.rank')
    .orderBy('m.patient_id')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw notFound('No patient has this number.', 'mobileNumber');
  return row.patient_id;
}

/**
 * Every patient in the agent's scope whose number ends in these ten digits, merged ones left out, mobile matches
 * first (decisions.md "Caller lookup of a shared number"); none: an empty list.
 */
export async function patientsByNumber(
  db: Db,
  scope: PatientScope,
  tenDigits: string,
): Promise<PatientMatch[]> {
  const numbers = db
    .selectFrom(numberMatches(db, scope, tenDigits).as('m'))
    .select(['m.patient_id', (eb) => eb.fn.min('m.rank').as('rank')])
    .groupBy('m.patient_id')
    .as('n');
  return patientMatches(db)
    .innerJoin(numbers, 'n.patient_id', 'p.patient_id')
    .orderBy('n.rank')
    .orderBy('p.patient_id')
    .limit(PATIENT_SEARCH_MAX)
    .execute();
}

/**
 * Records the agent may see: those of patients in scope, and their own calls with callers no patient has
 * (decisions.md "Calls without a patient").
 */
export function visibleCalls(scope: PatientScope, agentId: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`(exists (select 1 from patients p where p.patient_id = c.patient_id and ${scope.visible('p')})
    or (c.patient_id is null and (${scope.all} or c.agent_user_id = ${agentId})))`;
}

/**
 * setCallStatus (000 §7): the agent's outcome as a call record, once per agent, contact and status; Missed ends as
 * recorded, and a new outbound call returns the open inbound calls of its number (decisions.md "Returned calls").
 */
export async function recordCallStatus(
  trx: Transaction<Database>,
  actor: AuditActor,
  scope: PatientScope,
  body: CallBody<typeof setCallStatus>,
): Promise<{ call_id: number }> {
  const status: CallStatus = body.status;
  const inserted = await trx
    .insertInto('call_records')
    .values({
      patient_id: body.patient_id,
      agent_user_id: actor.userId,
      acting_user_id: actor.actingUserId ?? null,
      agent_name: body.agent_name,
      contact_id: body.contract_id,
      direction: status === 'Called' ? 'outbound' : 'inbound',
      phone_number: body.phone_number,
      outcome: status,
      kind: 'regular',
      started_at: actor.at,
      ...(status === 'Missed' ? { ended_at: actor.at, duration_seconds: 0 } : {}),
    })
    .onConflict((oc) => oc.columns(['agent_user_id', 'contact_id', 'outcome']).doNothing())
    .returning('call_id')
    .executeTakeFirst();
  if (!inserted) {
    const first = await trx
      .selectFrom('call_records')
      .select('call_id')
      .where('agent_user_id', '=', actor.userId)
      .where('contact_id', '=', body.contract_id)
      .where('outcome', '=', status)
      .executeTakeFirstOrThrow();
    return { call_id: first.call_id };
  }
  const returned =
    status === 'Called'
      ? await trx
          .updateTable('call_records as c')
          .set({ returned_by_call_id: inserted.call_id, returned_at: actor.at })
          .where('c.direction', '=', 'inbound')
          .where('c.returned_at', 'is', null)
          .where('c.phone_number', '=', body.phone_number)
          .where('c.started_at', '<=', actor.at)
          .where(visibleCalls(scope, actor.userId))
          .returning('c.call_id')
          .execute()
      : [];
  await audit(trx, {
    ...actor,
    action: 'record_call_status',
    entity: 'call_record',
    entityId: inserted.call_id,
    detail: {
      patient_id: body.patient_id,
      contact_id: body.contract_id,
      status,
      returned: returned.map((row) => row.call_id),
    },
  });
  return { call_id: inserted.call_id };
}

/** endCall (ours): ends the agent's call with this contact, timed on the server's clock; a repeat answers the first. */
export async function endCall(
  trx: Transaction<Database>,
  actor: AuditActor,
  contactId: string,
): Promise<{ call_id: number; duration_seconds: number }> {
  const call = await trx
    .selectFrom('call_records')
    .select(['call_id', 'patient_id', 'started_at', 'duration_seconds'])
    .where('agent_user_id', '=', actor.userId)
    .where('contact_id', '=', contactId)
    .where('outcome', 'in', ['Accepted', 'Called'])
    .orderBy('started_at', 'desc')
    .orderBy('call_id', 'desc')
    .forUpdate()
    .executeTakeFirst();
  if (!call) throw notFound('You have no accepted or placed call with this contact.', 'contract_id');
  if (call.duration_seconds !== null)
    return { call_id: call.call_id, duration_seconds: call.duration_seconds };
  const duration = Math.max(0, Math.floor((actor.at.getTime() - call.started_at.getTime()) / 1000));
  await trx
    .updateTable('call_records')
    .set({ ended_at: actor.at, duration_seconds: duration })
    .where('call_id', '=', call.call_id)
    .execute();
  await audit(trx, {
    ...actor,
    action: 'end_call',
    entity: 'call_record',
    entityId: call.call_id,
    detail: { patient_id: call.patient_id, duration_seconds: duration },
  });
  return { call_id: call.call_id, duration_seconds: duration };
}

/** One of the agent's own calls (another agent's answers as unknown), locked for the minutes' write. */
export async function ownCall(db: Db | Transaction<Database>, agentId: number, callId: number) {
  const call = await db
    .selectFrom('call_records')
    .select([
      'call_id',
      'agent_user_id',
      'patient_id',
      'direction',
      'phone_number',
      'duration_seconds',
      'time_log_id',
    ])
    .where('call_id', '=', callId)
    .forUpdate()
    .executeTakeFirst();
  if (!call || call.agent_user_id !== agentId) throw notFound(`You have no call ${callId}.`, 'call_id');
  return call;
}

/** Whole minutes of a duration, rounded up, as the answer shows them. */
const minutesOf = (seconds: number) => Math.ceil(seconds / 60);

/**
 * logCallMinutes (ours): the ended call's seconds (at most TIMER_MAX_SECONDS) into the patient's time log, once per
 * call; another program is a conflict (decisions.md "Call minutes").
 */
export async function logCallMinutes(
  trx: Transaction<Database>,
  actor: AuditActor,
  call: Awaited<ReturnType<typeof ownCall>>,
  program: TimerProgram,
): Promise<{ minutes: number }> {
  if (call.patient_id === null) throw invalid('This call has no patient to log minutes on.', 'call_id');
  if (call.time_log_id !== null) {
    const logged = await trx
      .selectFrom('time_logs')
      .select(['program', 'seconds'])
      .where('time_log_id', '=', call.time_log_id)
      .executeTakeFirstOrThrow();
    if (logged.program !== program)
      throw conflict(`This call's minutes were already logged as ${logged.program} time.`, 'program');
    return { minutes: minutesOf(logged.seconds) };
  }
  if (call.duration_seconds === null) throw conflict('End the call before logging its minutes.', 'call_id');
  const seconds = Math.min(call.duration_seconds, TIMER_MAX_SECONDS);
  if (seconds < 1) throw invalid('This call has no time to log.', 'call_id');
  const [timeLogId] = await recordTimeLogs(trx, [
    {
      patient_id: call.patient_id,
      user_id: actor.userId,
      program,
      seconds,
      logged_at: actor.at,
      note: `Phone call (${call.direction}) ${call.phone_number}`,
    },
  ]);
  await trx
    .updateTable('call_records')
    .set({ time_log_id: timeLogId ?? null })
    .where('call_id', '=', call.call_id)
    .execute();
  await audit(trx, {
    ...actor,
    action: 'log_call_minutes',
    entity: 'patient',
    entityId: call.patient_id,
    detail: { call_id: call.call_id, program, seconds, time_log_id: timeLogId },
  });
  return { minutes: minutesOf(seconds) };
}
