import { elapsedDays, isoDay } from '@rpm/shared';
import { sql } from 'kysely';
import { audit } from '../audit.js';
import { type JobOptions, periodic } from './periodic.js';

/**
 * The missed-reading outreach job (001 §3 sms_miss and call_miss): for every active rule whose device is still with
 * the patient, the days since the last reading (or the rule's or assignment's start) are counted, and at sms_miss
 * and call_miss days a task is made, once per streak of silence (decisions.md "Missed-reading outreach").
 */

/** How often the app runs the job (decisions.md "Missed-reading outreach"). */
const MISSED_READINGS_INTERVAL_MS = 15 * 60_000;

/** Names this job among PostgreSQL advisory locks, so with several BFF replicas one runs a tick at a time. */
const JOB_LOCK_KEY = 7_262_005;

export type MissedReadingsJobOptions = JobOptions;

/** What one tick did. */
export interface MissedReadingsTick {
  /** False when another replica held the job's lock. */
  readonly ran: boolean;
  readonly rulesChecked: number;
  readonly taskIds: readonly number[];
}

export interface MissedReadingsJob {
  /** Runs one pass now (tests call this with a simulated clock). */
  tick(): Promise<MissedReadingsTick>;
  /** Runs a pass every interval until {@link stop}; passes never overlap. */
  start(): void;
  /** Stops the timer and waits for a running pass. */
  stop(): Promise<void>;
}

interface WatchedRule {
  notification_rule_id: number;
  patient_id: number;
  notification_mode: 'sms' | 'ivr' | 'sms_ivr';
  sms_miss: number;
  call_miss: number;
  device_name: string;
  assignee: number;
  created_by: number;
  last_reading_at: Date | null;
  since: Date;
}

export function createMissedReadingsJob(opts: MissedReadingsJobOptions): MissedReadingsJob {
  const { db, clock } = opts;
  async function tick(): Promise<MissedReadingsTick> {
    const now = clock.now();
    const today = isoDay(now);
    return db.transaction().execute(async (trx) => {
      const { rows: lock } = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(${sql.lit(JOB_LOCK_KEY)}) as locked`.execute(trx);
      if (!lock[0]?.locked) return { ran: false, rulesChecked: 0, taskIds: [] };
      const { rows } = await sql<WatchedRule>`
        select r.notification_rule_id, r.patient_id, r.notification_mode, r.sms_miss, r.call_miss, r.created_by,
          d.device_name, last.taken_at as last_reading_at,
          greatest(last.taken_at, r.start_date::timestamp at time zone 'UTC', a.assigned_at) as since,
          case when cc.active then cc.user_id when ph.active then ph.user_id else r.created_by end as assignee
        from notification_rules r
        join device_assignments a on a.device_assign_id = r.device_assign_id and a.unassigned_at is null
        join devices d on d.inventory_id = a.inventory_id
        join patients p on p.patient_id = r.patient_id
        left join users cc on cc.user_id = p.care_coordinator_id
        left join users ph on ph.user_id = p.physician_id
        left join lateral (
          select max(x.taken_at) as taken_at from readings x where x.device_assign_id = r.device_assign_id
        ) last on true
        where r.status = 1 and r.start_date <= ${today}::date and r.end_date >= ${today}::date
        order by r.notification_rule_id`.execute(trx);

      const due: { rule: WatchedRule; kind: 'sms' | 'call'; days: number }[] = [];
      for (const rule of rows) {
        const days = elapsedDays(rule.since, now);
        const sms = rule.notification_mode !== 'ivr';
        const call = rule.notification_mode !== 'sms';
        if (sms && days >= rule.sms_miss) due.push({ rule, kind: 'sms', days });
        if (call && days >= rule.call_miss) due.push({ rule, kind: 'call', days });
      }
      if (due.length === 0) return { ran: true, rulesChecked: rows.length, taskIds: [] };

      // Once per streak: a streak already handled inserts nothing.
      const fresh = await trx
        .insertInto('missed_reading_outreach')
        .values(
          due.map((d) => ({
            notification_rule_id: d.rule.notification_rule_id,
            kind: d.kind,
            streak_start: d.rule.since,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['notification_rule_id', 'kind', 'streak_start']).doNothing())
        .returning(['outreach_id', 'notification_rule_id', 'kind'])
        .execute();
      const taskIds: number[] = [];
      for (const outreach of fresh) {
        const d = due.find(
          (x) => x.rule.notification_rule_id === outreach.notification_rule_id && x.kind === outreach.kind,
        );
        if (!d) continue;
        const { rule } = d;
        const last = rule.last_reading_at
          ? `no readings since ${isoDay(rule.last_reading_at)}`
          : 'no readings yet';
        const task = await trx
          .insertInto('tasks')
          .values({
            assigned_to: rule.assignee,
            patient_id: rule.patient_id,
            title:
              d.kind === 'sms'
                ? `Send SMS reminder: no readings for ${d.days} days`
                : `Call patient: no readings for ${d.days} days`,
            description: `${rule.device_name}: ${last}. Rule ${rule.notification_rule_id} asks for outreach after ${
              d.kind === 'sms' ? rule.sms_miss : rule.call_miss
            } days without readings.`,
            due_at: now,
            created_by: rule.created_by,
            created_at: now,
          })
          .returning('task_id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('missed_reading_outreach')
          .set({ task_id: task.task_id })
          .where('outreach_id', '=', outreach.outreach_id)
          .execute();
        await audit(trx, {
          at: now,
          userId: null,
          action: 'create_outreach_task',
          entity: 'task',
          entityId: task.task_id,
          detail: {
            notification_rule_id: rule.notification_rule_id,
            kind: d.kind,
            days: d.days,
            streak_start: rule.since.toISOString(),
          },
        });
        taskIds.push(task.task_id);
      }
      return { ran: true, rulesChecked: rows.length, taskIds };
    });
  }

  return {
    tick,
    ...periodic(tick, opts.intervalMs ?? MISSED_READINGS_INTERVAL_MS, (err) =>
      opts.log?.error({ err }, 'missed-readings job failed'),
    ),
  };
}
