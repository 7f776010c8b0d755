import { type addTimeEntry, type CallBody, isoDay } from '@rpm/shared';
import type { Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import { rebuildSummaries, recordTimeLogs } from '../billing/summary.js';
import type { Database, Db } from '../db/schema.js';
import { sqlDay } from '../db/sql-day.js';
import { conflict, forbidden, invalid, notFound } from '../domain-errors.js';

// ── Manual time entries (issue 41 §2; decisions.md "Care time entries") ───────────────────────────────────────

type TimeEntry = Omit<CallBody<typeof addTimeEntry>, 'patient_id'>;

/** A month whose claim for the patient was sent keeps its minutes as billed: no entry is added, changed or removed. */
export async function refuseBilledMonth(
  db: Db,
  patientId: number,
  day: string,
  field: string,
): Promise<void> {
  const claim = await db
    .selectFrom('billing_claims')
    .select('claimed_at')
    .where('patient_id', '=', patientId)
    .where('month', '=', sqlDay(`${day.slice(0, 7)}-01`))
    .executeTakeFirst();
  if (claim) {
    throw conflict(
      `The claim for ${day.slice(0, 7)} was sent on ${isoDay(claim.claimed_at)}; its time can no longer be changed.`,
      field,
    );
  }
}

/** When an entered day's time is logged: now for today, else midday UTC, so it falls in that day and month. */
function entryMoment(day: string, now: Date): Date {
  if (day > isoDay(now)) throw invalid('day must not be in the future', 'day');
  return day === isoDay(now) ? now : new Date(`${day}T12:00:00Z`);
}

const entryColumns = (entry: TimeEntry, now: Date) => ({
  program: entry.program,
  seconds: entry.minutes * 60,
  logged_at: entryMoment(entry.day, now),
  note: entry.note,
  category: entry.category,
  interactive: entry.interactive,
});

/** Logs time entered by hand, audited. */
export async function addEntry(
  trx: Transaction<Database>,
  actor: AuditActor,
  patientId: number,
  entry: TimeEntry,
) {
  const columns = entryColumns(entry, actor.at);
  await refuseBilledMonth(trx, patientId, entry.day, 'day');
  const [id] = await recordTimeLogs(trx, [
    { ...columns, patient_id: patientId, user_id: actor.userId, manual: true },
  ]);
  await audit(trx, {
    ...actor,
    action: 'add_time_entry',
    entity: 'patient',
    entityId: patientId,
    detail: { time_log_id: id, ...entry },
  });
  return { time_log_id: id as number };
}

/** A manual entry of the user, for a change: others' entries and measured time are refused. */
export async function ownManualEntry(db: Db, userId: number, timeLogId: number) {
  const row = await db
    .selectFrom('time_logs')
    .selectAll()
    .where('time_log_id', '=', timeLogId)
    .executeTakeFirst();
  if (!row) throw notFound(`There is no time entry ${timeLogId}.`, 'time_log_id');
  if (!row.manual) {
    throw forbidden(
      'Only time entered by hand can be changed; timed and call minutes are kept as measured.',
      'time_log_id',
    );
  }
  if (row.user_id !== userId)
    throw forbidden('Only the person who entered this time can change it.', 'time_log_id');
  return row;
}

type ManualEntry = Awaited<ReturnType<typeof ownManualEntry>>;

const oldValues = (row: ManualEntry) => ({
  day: isoDay(row.logged_at),
  minutes: row.seconds / 60,
  program: row.program,
  category: row.category,
  note: row.note,
  interactive: row.interactive,
});

/** Corrects a manual entry (both its old and its new month must be unbilled), audited with the old values. */
export async function updateEntry(
  trx: Transaction<Database>,
  actor: AuditActor,
  row: ManualEntry,
  entry: TimeEntry,
) {
  const columns = entryColumns(entry, actor.at);
  await refuseBilledMonth(trx, row.patient_id, isoDay(row.logged_at), 'time_log_id');
  await refuseBilledMonth(trx, row.patient_id, entry.day, 'day');
  await trx
    .updateTable('time_logs')
    .set({ ...columns, updated_at: actor.at })
    .where('time_log_id', '=', row.time_log_id)
    .execute();
  await rebuildSummaries(trx, [row.patient_id]);
  await audit(trx, {
    ...actor,
    action: 'update_time_entry',
    entity: 'patient',
    entityId: row.patient_id,
    detail: { time_log_id: row.time_log_id, before: oldValues(row), after: entry },
  });
  return { time_log_id: row.time_log_id };
}

/** Deletes a manual entry of an unbilled month, audited with what it said. */
export async function deleteEntry(trx: Transaction<Database>, actor: AuditActor, row: ManualEntry) {
  await refuseBilledMonth(trx, row.patient_id, isoDay(row.logged_at), 'time_log_id');
  await trx.deleteFrom('time_logs').where('time_log_id', '=', row.time_log_id).execute();
  await rebuildSummaries(trx, [row.patient_id]);
  await audit(trx, {
    ...actor,
    action: 'delete_time_entry',
    entity: 'patient',
    entityId: row.patient_id,
    detail: { time_log_id: row.time_log_id, before: oldValues(row) },
  });
  return { time_log_id: row.time_log_id };
}
