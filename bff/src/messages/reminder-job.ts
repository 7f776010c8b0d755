import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { audit } from '../audit.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/schema.js';
import { DomainError } from '../domain-errors.js';
import { periodic } from '../jobs/periodic.js';
import { advanceReminder, dueReminders } from './reminder-store.js';
import { deliver, type SmsAdapter } from './sms-adapter.js';
import { addOutbound, type OutgoingSms } from './store.js';

/**
 * The reminder job: each pass turns the reminders due by now into audited messages, moves each to its next time,
 * and after the commit hands the texts to the SMS adapter; one replica at a time, under an advisory lock.
 */

/** How often the app runs the job: reminders go out within a minute of their time. */
const REMINDER_INTERVAL_MS = 60_000;

/** Names this job among PostgreSQL advisory locks. */
const JOB_LOCK_KEY = 7_262_013;

export interface ReminderJobOptions {
  readonly db: Db;
  readonly clock: Clock;
  readonly sms: SmsAdapter;
  readonly log?: Pick<FastifyBaseLogger, 'error'>;
}

/** What one pass did. */
export interface ReminderTick {
  /** False when another replica held the job's lock. */
  readonly ran: boolean;
  readonly messageIds: readonly number[];
  /** Reminders due whose patient has no mobile number: moved on, audited, nothing sent. */
  readonly skipped: readonly number[];
}

export function createReminderJob(opts: ReminderJobOptions) {
  const { db, clock } = opts;
  async function tick(): Promise<ReminderTick> {
    const now = clock.now();
    const outgoing: OutgoingSms[] = [];
    const skipped: number[] = [];
    const ran = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(${sql.lit(JOB_LOCK_KEY)}) as locked`.execute(trx);
      if (!rows[0]?.locked) return false;
      for (const reminder of await dueReminders(trx, now)) {
        try {
          outgoing.push(
            await addOutbound(trx, null, now, {
              patientId: reminder.patient_id,
              body: reminder.message,
              reminderId: reminder.reminder_id,
            }),
          );
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          skipped.push(reminder.reminder_id);
          await audit(trx, {
            userId: null,
            at: now,
            action: 'skip_patient_reminder',
            entity: 'patient_reminder',
            entityId: reminder.reminder_id,
            detail: { patient_id: reminder.patient_id, reason: error.message },
          });
        }
        await advanceReminder(trx, reminder, now);
      }
      return true;
    });
    for (const sms of outgoing) await deliver(db, opts.sms, clock, sms);
    return { ran, messageIds: outgoing.map((sms) => sms.messageId), skipped };
  }

  return {
    /** Runs one pass now (tests call this with a simulated clock). */
    tick,
    ...periodic(tick, REMINDER_INTERVAL_MS, (err) => opts.log?.error({ err }, 'reminder job failed')),
  };
}
