import { type CallBody, isoDay, MSG, type resumeRule, type terminateRule } from '@rpm/shared';
import { type AuditActor, audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import { conflict, invalid } from '../domain-errors.js';
import { earliestTodayDay, latestTodayDay } from '../picker-days.js';
import { checkEndDate } from './rule-payload-store.js';
import type { StoredRule } from './rule-store.js';
import { assertNoOverlap, insertRule, lockAssignment, writeRuleVitals } from './rule-write-store.js';

/**
 * A rule's Status switch (001 §4): switching rules of a device assignment back on, and off (optionally continued
 * as a new rule, 001 §2.2 'When would you like to resume patient monitoring?'). One transaction with the audit row.
 */

/** Switches the rules back on (those already on are left as they are); the rules' patients were checked. */
export async function resumeRules(
  db: Db,
  actor: AuditActor,
  rules: readonly StoredRule[],
  body: CallBody<typeof resumeRule>,
): Promise<void> {
  if (rules.some((r) => r.device_assign_id !== body.device_assign_id))
    throw invalid('The rules do not belong to this device assignment.', 'device_assign_id');
  const now = actor.at;
  const toResume = rules.filter((r) => r.status !== 1);
  for (const rule of toResume) {
    if (isoDay(rule.end_date) < earliestTodayDay(now))
      throw conflict(
        `This rule ended on ${isoDay(rule.end_date)}; add a new rule instead.`,
        'notification_rule_id',
      );
  }
  await db.transaction().execute(async (trx) => {
    await lockAssignment(trx, body.device_assign_id);
    const resumed: number[] = [];
    for (const rule of toResume) {
      // Against the active rules, including those resumed just before in this call.
      await assertNoOverlap(trx, rule.device_assign_id, isoDay(rule.start_date), isoDay(rule.end_date), [
        rule.notification_rule_id,
      ]);
      await trx
        .updateTable('notification_rules')
        .set({
          status: 1,
          terminated_at: null,
          terminated_by: null,
          updated_by: actor.userId,
          updated_at: now,
        })
        .where('notification_rule_id', '=', rule.notification_rule_id)
        .execute();
      resumed.push(rule.notification_rule_id);
    }
    await audit(trx, {
      ...actor,
      action: 'resume_notification_rule',
      entity: 'device_assignment',
      entityId: body.device_assign_id,
      detail: {
        resumed,
        already_active: rules.map((r) => r.notification_rule_id).filter((id) => !resumed.includes(id)),
        today: isoDay(now),
        device: body.deviceName,
      },
    });
  });
}

/**
 * Switches a rule off; with `is_continue` and both dates, continues it as a new active rule with those dates and
 * the same bounds. Answers the new rule's id, or null.
 */
export async function switchOffRule(
  db: Db,
  actor: AuditActor,
  rule: StoredRule,
  body: CallBody<typeof terminateRule>,
): Promise<number | null> {
  if (rule.device_assign_id !== body.device_assign_id)
    throw invalid('The rule does not belong to this device assignment.', 'device_assign_id');
  if (rule.status !== 1) throw conflict('This rule is already switched off.', 'notification_rule_id');
  const now = actor.at;
  const start = body.start_date ?? null;
  const end = body.end_date ?? null;
  if (body.is_continue && start && end) {
    // The resume dialog's pickers: the start no later than today, the end after it (001 §5), and the continued
    // rule must still be in force today or later.
    if (start > latestTodayDay(now)) throw invalid(MSG.invalidDate, 'start_date');
    checkEndDate(end, now, MSG.invalidDate);
    const current = await db
      .selectFrom('device_assignments')
      .select('unassigned_at')
      .where('device_assign_id', '=', rule.device_assign_id)
      .executeTakeFirstOrThrow();
    if (current.unassigned_at !== null)
      throw conflict('The device was returned: monitoring cannot continue on it.', 'device_assign_id');
  }
  return db.transaction().execute(async (trx) => {
    await lockAssignment(trx, rule.device_assign_id);
    await trx
      .updateTable('notification_rules')
      .set({
        status: 2,
        terminated_at: now,
        terminated_by: actor.userId,
        updated_by: actor.userId,
        updated_at: now,
      })
      .where('notification_rule_id', '=', rule.notification_rule_id)
      .execute();
    let continued: number | null = null;
    if (body.is_continue && start && end) {
      await assertNoOverlap(trx, rule.device_assign_id, start, end, []);
      continued = await insertRule(trx, actor, {
        patient_id: rule.patient_id,
        device_assign_id: rule.device_assign_id,
        interval_id: rule.interval_id,
        interval_count: rule.interval_count,
        start_date: start,
        end_date: end,
        status: 1,
        notification_mode: rule.notification_mode,
        notification_note: rule.notification_note,
        sms_miss: rule.sms_miss,
        call_miss: rule.call_miss,
        gain: rule.gain,
        loss: rule.loss,
        previous_rule_id: rule.notification_rule_id,
      });
      const vitals = await trx
        .selectFrom('notification_rule_vitals')
        .select(['vital_id', 'critical_low', 'abnormal_low', 'abnormal_high', 'critical_high'])
        .where('notification_rule_id', '=', rule.notification_rule_id)
        .execute();
      await writeRuleVitals(trx, continued, vitals);
    }
    await audit(trx, {
      ...actor,
      action: body.is_continue ? 'terminate_and_continue_rule' : 'terminate_notification_rule',
      entity: 'notification_rule',
      entityId: rule.notification_rule_id,
      detail: { continued_rule_id: continued, start_date: start, end_date: end, device: body.deviceName },
    });
    return continued;
  });
}
