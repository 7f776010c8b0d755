import {
  type addPatientReminder,
  type CallBody,
  type CallQuery,
  type getPatientReminders,
  isoDay,
  type setReminderActive,
  WEEKDAYS,
} from '@rpm/shared';
import { type Selectable, sql, type Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import { auditedUpdate, scopedRecord } from '../chart/scoped-record.js';
import type { Database, Db, PatientRemindersTable } from '../db/schema.js';
import { invalid } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';
import { describeSchedule, nextTime, type ReminderTimes } from './recurrence.js';

type Weekday = (typeof WEEKDAYS)[number];
const isWeekday = (day: string): day is Weekday => (WEEKDAYS as readonly string[]).includes(day);

/** Reminders with their author's name and the last time one went out. */
const reminderQuery = (db: Db) =>
  db
    .selectFrom('patient_reminders as r')
    .innerJoin('users as u', 'u.user_id', 'r.created_by')
    .select((eb) => [
      'r.reminder_id',
      'r.patient_id',
      'r.kind',
      'r.message',
      'r.frequency',
      'r.repeat_interval',
      'r.weekdays',
      'r.start_date',
      'r.send_time',
      'r.time_zone',
      'r.end_date',
      'r.active',
      'r.next_at',
      'r.created_at',
      'u.firstname',
      'u.lastname',
      eb
        .selectFrom('patient_messages as m')
        .select((m) => m.fn.max('m.created_at').as('at'))
        .whereRef('m.reminder_id', '=', 'r.reminder_id')
        .as('last_sent_at'),
    ]);

type ReminderRow = Awaited<ReturnType<ReturnType<typeof reminderQuery>['executeTakeFirstOrThrow']>>;

/** The stored columns as the recurrence takes them. */
const timesOf = (
  r: Pick<
    ReminderRow,
    'frequency' | 'repeat_interval' | 'weekdays' | 'start_date' | 'send_time' | 'time_zone' | 'end_date'
  >,
): ReminderTimes => ({
  frequency: r.frequency,
  interval: r.repeat_interval,
  weekdays: r.weekdays.split(',').filter(isWeekday),
  start_date: isoDay(r.start_date),
  time: r.send_time,
  time_zone: r.time_zone,
  end_date: r.end_date ? isoDay(r.end_date) : null,
});

const reminderDto = (r: ReminderRow) => {
  const times = timesOf(r);
  const last = r.last_sent_at as Date | string | null;
  return {
    reminder_id: r.reminder_id,
    kind: r.kind,
    message: r.message,
    ...times,
    weekdays: [...times.weekdays],
    schedule: describeSchedule(times),
    active: r.active,
    next_at: r.next_at?.toISOString() ?? null,
    last_sent_at: last === null ? null : new Date(last).toISOString(),
    created_by_name: fullName(r.firstname, r.lastname),
    created_at: r.created_at.toISOString(),
  };
};

const reminderById = async (db: Db, reminderId: number) =>
  reminderDto(await reminderQuery(db).where('r.reminder_id', '=', reminderId).executeTakeFirstOrThrow());

/** A page of the patient's reminders: active first, then newest. */
export async function patientReminders(db: Db, query: CallQuery<typeof getPatientReminders>) {
  const count = await db
    .selectFrom('patient_reminders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('patient_id', '=', query.patient_id)
    .executeTakeFirstOrThrow();
  const rows = await reminderQuery(db)
    .where('r.patient_id', '=', query.patient_id)
    .orderBy('r.active', 'desc')
    .orderBy('r.created_at', 'desc')
    .orderBy('r.reminder_id', 'desc')
    .limit(query.rowsPerPage)
    .offset(query.page * query.rowsPerPage)
    .execute();
  return { count: Number(count.n), data: rows.map(reminderDto) };
}

/** Schedules a reminder with its audit row, in the caller's transaction; it must have a time after now. */
export async function addReminder(
  trx: Transaction<Database>,
  actor: AuditActor,
  body: CallBody<typeof addPatientReminder>,
) {
  const times: ReminderTimes = { ...body, end_date: body.end_date ?? null };
  const next = nextTime(times, actor.at);
  if (!next)
    throw invalid('The reminder has no time in the future.', body.end_date ? 'end_date' : 'start_date');
  const row = await trx
    .insertInto('patient_reminders')
    .values({
      patient_id: body.patient_id,
      kind: body.kind,
      message: body.message.trim(),
      frequency: body.frequency,
      repeat_interval: body.frequency === 'once' ? 1 : body.interval,
      weekdays: body.frequency === 'weekly' ? [...new Set(body.weekdays)].join(',') : '',
      start_date: body.start_date,
      send_time: body.time,
      time_zone: body.time_zone,
      end_date: body.end_date ?? null,
      next_at: next,
      created_by: actor.userId,
      acting_user_id: actor.actingUserId ?? null,
      created_at: actor.at,
      updated_at: actor.at,
    })
    .returning('reminder_id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...actor,
    action: 'add_patient_reminder',
    entity: 'patient_reminder',
    entityId: row.reminder_id,
    detail: { patient_id: body.patient_id, schedule: describeSchedule(times) },
  });
  return reminderById(trx, row.reminder_id);
}

/** A reminder as stored. */
type StoredReminder = Selectable<PatientRemindersTable>;

export const reminderRecord = scopedRecord({
  table: 'patient_reminders',
  key: 'reminder_id',
  entity: 'patient_reminder',
  unknown: (id) => `Reminder ${id} does not exist.`,
  load: (db, id): Promise<StoredReminder | undefined> =>
    db.selectFrom('patient_reminders').selectAll().where('reminder_id', '=', id).executeTakeFirst(),
});

/** Pauses or resumes a reminder with its audit row; a resumed one goes out at its next time after now. */
export async function setActive(
  trx: Transaction<Database>,
  actor: AuditActor,
  existing: StoredReminder,
  { active }: CallBody<typeof setReminderActive>,
) {
  const next = active ? nextTime(timesOf(existing), actor.at) : null;
  if (active && !next) throw invalid('The reminder has no time in the future.', 'active');
  await auditedUpdate(trx, actor, reminderRecord, existing.reminder_id, {
    set: { active, next_at: next, updated_at: actor.at },
    action: active ? 'resume_patient_reminder' : 'pause_patient_reminder',
    detail: { patient_id: existing.patient_id },
  });
  return reminderById(trx, existing.reminder_id);
}

/** Active reminders due at `now`, locked for this pass (another replica skips them). */
export async function dueReminders(trx: Transaction<Database>, now: Date) {
  const { rows } = await sql<StoredReminder>`
    select * from patient_reminders
    where active and next_at is not null and next_at <= ${now}
    order by next_at, reminder_id
    for update skip locked`.execute(trx);
  return rows;
}

/**
 * Moves a reminder that went out to its next time after `now` (null: none left). Times missed while the app was
 * down are not sent again one by one (decisions.md "Reminders").
 */
export async function advanceReminder(
  trx: Transaction<Database>,
  reminder: StoredReminder,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('patient_reminders')
    .set({ next_at: nextTime(timesOf(reminder), now) })
    .where('reminder_id', '=', reminder.reminder_id)
    .execute();
}
