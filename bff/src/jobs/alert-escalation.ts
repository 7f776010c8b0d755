import { ESCALATION_CHAIN } from '@rpm/shared';
import escapeHtml from 'escape-html';
import { sql } from 'kysely';
import { careTeam } from '../alerts/care-team.js';
import { deviceTypeIcon, insertNotifications } from '../alerts/intake/alert-store.js';
import { bellPushes } from '../alerts/intake/notify.js';
import { type PendingPush, pushAll, teamAlertsPush } from '../alerts/raise.js';
import { audit } from '../audit.js';
import type { Hub } from '../hub/hub.js';
import { type JobOptions, periodic } from './periodic.js';

/**
 * The alert escalation job (decisions.md "Alert escalation"): an open alert unacknowledged for its practice's minutes
 * of its level goes to the next tier of ESCALATION_CHAIN that has someone on the patient's care team: a bell
 * notification and a live push to them, a task for the first of them, and the tier on the alert. A tier is reached
 * that many minutes after the one before. The state is the alert's row, so a restart loses nothing; an advisory lock
 * makes one replica run a pass at a time.
 */

/** How often the app runs the job: a minute, so a 15-minute escalation is at most a minute late. */
const ESCALATION_INTERVAL_MS = 60_000;
/** Names this job among PostgreSQL advisory locks (other jobs: 7_262_005, 7_262_013). */
const JOB_LOCK_KEY = 7_262_014;
/** Alerts escalated per pass (one transaction) at most; the next pass takes the rest. */
const PASS_LIMIT = 500;
/**
 * Full passes run back to back, up to this many a run: a burst is escalated within the interval rather than
 * PASS_LIMIT a minute (issue 45 §3: 3,400 critical alerts in two minutes waited 165 s past their time).
 */
const PASSES_PER_RUN = 40;

/**
 * When an open alert (`al`, its practice `pr`) is due for its next tier: raised plus (tier + 1) times its level's
 * minutes. The job's rule, and the cluster bench's measure of how late the job runs.
 */
export const ESCALATION_DUE_AT = sql<Date>`al.created_at + make_interval(mins => (al.escalation_tier + 1) * case al.level
  when 'critical' then pr.escalation_critical_minutes else pr.escalation_abnormal_minutes end)`;

export interface AlertEscalationJobOptions extends JobOptions {
  /** Pushes after the commit; none in tests that read the rows. */
  readonly hub?: Hub;
  /** Alerts per pass (default PASS_LIMIT); tests make bursts with a small one. */
  readonly passLimit?: number;
}

/** One alert a pass escalated. */
export interface Escalation {
  readonly alert_id: number;
  /** 1-based tier of ESCALATION_CHAIN reached; its members were notified (none when the chain ran out). */
  readonly tier: number;
  readonly user_ids: readonly number[];
  readonly task_id: number | null;
}

export interface AlertEscalationTick {
  /** False when another replica held the job's lock. */
  readonly ran: boolean;
  readonly escalated: readonly Escalation[];
}

interface DueAlert {
  alert_id: number;
  patient_id: number;
  level: 'abnormal' | 'critical';
  escalation_tier: number;
  vital_type: string;
  unit: string;
  value: string;
  created_at: Date;
  firstname: string;
  lastname: string;
  device_type_id: number;
  rule_owner: number | null;
}

export function createAlertEscalationJob(opts: AlertEscalationJobOptions) {
  const { db, clock } = opts;
  const passLimit = opts.passLimit ?? PASS_LIMIT;

  async function tick(): Promise<AlertEscalationTick> {
    const now = clock.now();
    const { escalated, pushes } = await db.transaction().execute(async (trx) => {
      const { rows: lock } = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(${sql.lit(JOB_LOCK_KEY)}) as locked`.execute(trx);
      if (!lock[0]?.locked) return { escalated: null, pushes: [] };
      const { rows: due } = await sql<DueAlert>`
        select al.alert_id, al.patient_id, al.level, al.escalation_tier, v.vital_type, v.unit, al.value::text as value,
          al.created_at, p.firstname, p.lastname, v.device_type_id, nr.created_by as rule_owner
        from alerts al
        join patients p on p.patient_id = al.patient_id
        join practices pr on pr.practice_id = p.practice_id
        join vitals v on v.vital_id = al.vital_id
        left join notification_rules nr on nr.notification_rule_id = al.notification_rule_id
        where al.acknowledged_at is null and al.escalation_tier < ${ESCALATION_CHAIN.length}
          and ${ESCALATION_DUE_AT} <= ${now}
        order by al.alert_id
        limit ${passLimit}
        for update of al skip locked`.execute(trx);
      const escalated: Escalation[] = [];
      const pushes: PendingPush[] = [];
      // A pass of a burst meets few device types: each icon is read once.
      const icons = new Map<number, string | null>();
      for (const alert of due) {
        const team = await careTeam(trx, alert.patient_id);
        // The next tier with someone on the patient's care team; past the chain's end, the alert stays open.
        let tier = alert.escalation_tier + 1;
        while (
          tier <= ESCALATION_CHAIN.length &&
          !team.some((m) => m.role === ESCALATION_CHAIN[tier - 1]?.role)
        )
          tier++;
        const step = ESCALATION_CHAIN[tier - 1];
        const members = step ? team.filter((m) => m.role === step.role) : [];
        const reached = Math.min(tier, ESCALATION_CHAIN.length);
        await trx
          .updateTable('alerts')
          .set({ escalation_tier: reached, escalated_at: now })
          .where('alert_id', '=', alert.alert_id)
          .execute();
        const minutes = Math.round((now.getTime() - alert.created_at.getTime()) / 60_000);
        const what = `${alert.level} ${alert.vital_type} ${Number(alert.value)} ${alert.unit}`;
        let taskId: number | null = null;
        const userIds = members.map((m) => m.user_id);
        if (step && members.length > 0) {
          const name = `${alert.firstname} ${alert.lastname}`.trim();
          const html = `<b>${escapeHtml(name)}</b> ${escapeHtml(
            `Escalated to ${step.label.toLowerCase()}: ${what} unacknowledged for ${minutes} minutes`,
          )}`;
          const rows = await insertNotifications(
            trx,
            { patientId: alert.patient_id, deviceTypeId: alert.device_type_id, html, now },
            userIds,
          );
          let icon = icons.get(alert.device_type_id);
          if (icon === undefined) {
            icon = await deviceTypeIcon(trx, alert.device_type_id);
            icons.set(alert.device_type_id, icon);
          }
          pushes.push(...bellPushes(rows, alert.patient_id, icon, html));
          const first = members[0]?.user_id as number;
          const task = await trx
            .insertInto('tasks')
            .values({
              assigned_to: first,
              patient_id: alert.patient_id,
              title: `Escalated alert: ${what}`,
              description: `Unacknowledged for ${minutes} minutes; escalated to ${step.label.toLowerCase()}. Acknowledge it with a note once the patient is reached.`,
              due_at: now,
              created_by: alert.rule_owner ?? first,
              created_at: now,
            })
            .returning('task_id')
            .executeTakeFirstOrThrow();
          taskId = task.task_id;
          pushes.push(...teamAlertsPush(alert.patient_id, team));
        }
        await audit(trx, {
          at: now,
          userId: null,
          action: 'escalate_alert',
          entity: 'patient',
          entityId: alert.patient_id,
          detail: { alert_id: alert.alert_id, tier: reached, users: userIds, task_id: taskId, minutes },
        });
        escalated.push({ alert_id: alert.alert_id, tier: reached, user_ids: userIds, task_id: taskId });
      }
      return { escalated, pushes };
    });
    if (escalated === null) return { ran: false, escalated: [] };
    if (opts.hub) pushAll(opts.hub, pushes);
    return { ran: true, escalated };
  }

  /** One run of the timer: passes while each comes back full, so a burst does not wait for later intervals. */
  async function run(): Promise<number> {
    let passes = 0;
    while (passes < PASSES_PER_RUN) {
      passes++;
      const pass = await tick();
      if (!pass.ran || pass.escalated.length < passLimit) break;
    }
    return passes;
  }

  return {
    tick,
    run,
    ...periodic(run, opts.intervalMs ?? ESCALATION_INTERVAL_MS, (err) =>
      opts.log?.error({ err }, 'alert escalation job failed'),
    ),
  };
}
