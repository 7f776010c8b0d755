import { type AddRuleBody, isoDay, rulePreviousOf, type UpdateRuleBody } from '@rpm/shared';
import { type Insertable, sql } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Db, NotificationRulesTable } from '../db/schema.js';
import { sqlDay } from '../db/sql-day.js';
import { conflict, invalid } from '../domain-errors.js';
import { type CheckedVital, checkRulePayload } from './rule-payload-store.js';
import type { StoredRule } from './rule-store.js';

/**
 * Adding and editing notification rules (001 §3, §4, §5): each write runs in one transaction with its audit row,
 * and a refused write writes nothing.
 */

/**
 * 409 when another active rule of the assignment overlaps [start, end] (both inclusive): a device is watched by
 * one rule at a time, so its readings are judged by one set of bounds.
 */
export async function assertNoOverlap(
  trx: Db,
  deviceAssignId: number,
  start: string,
  end: string,
  except: readonly number[],
): Promise<void> {
  const clash = await trx
    .selectFrom('notification_rules')
    .select(['notification_rule_id', 'start_date', 'end_date'])
    .where('device_assign_id', '=', deviceAssignId)
    .where('status', '=', 1)
    .where('start_date', '<=', sqlDay(end))
    .where('end_date', '>=', sqlDay(start))
    .where('notification_rule_id', 'not in', [...except, 0])
    .executeTakeFirst();
  if (clash)
    throw conflict(
      `This device already has an active rule from ${isoDay(clash.start_date)} to ${isoDay(clash.end_date)}. Switch it off or change its dates first.`,
      'start_date',
    );
}

/** Locks the device assignment row, so two writers of the device's rules take turns (the overlap check). */
export async function lockAssignment(trx: Db, deviceAssignId: number): Promise<void> {
  await sql`select 1 from device_assignments where device_assign_id = ${deviceAssignId} for update`.execute(
    trx,
  );
}

/** Replaces a rule's vitals. */
export async function writeRuleVitals(
  trx: Db,
  ruleId: number,
  vitals: readonly CheckedVital[],
): Promise<void> {
  await trx.deleteFrom('notification_rule_vitals').where('notification_rule_id', '=', ruleId).execute();
  if (vitals.length === 0) return;
  await trx
    .insertInto('notification_rule_vitals')
    .values(vitals.map((v) => ({ ...v, notification_rule_id: ruleId })))
    .execute();
}

/** The columns of a new rule but its stamps. */
type NewRule = Omit<
  Insertable<NotificationRulesTable>,
  'created_by' | 'created_at' | 'updated_by' | 'updated_at'
>;

/** Inserts a rule, stamped as created and updated by the actor; answers its id. */
export async function insertRule(trx: Db, actor: AuditActor, rule: NewRule): Promise<number> {
  const stamp = {
    created_by: actor.userId,
    created_at: actor.at,
    updated_by: actor.userId,
    updated_at: actor.at,
  };
  const row = await trx
    .insertInto('notification_rules')
    .values({ ...rule, ...stamp })
    .returning('notification_rule_id')
    .executeTakeFirstOrThrow();
  return row.notification_rule_id;
}

/** Adds a rule for one of the patient's devices with its vitals and audit row; answers its id. */
export async function addRule(db: Db, actor: AuditActor, body: AddRuleBody): Promise<number> {
  const now = actor.at;
  const { assignment, vitals, gain, loss } = await checkRulePayload(db, body, now, {
    start: true,
    end: true,
  });
  return db.transaction().execute(async (trx) => {
    await lockAssignment(trx, assignment.device_assign_id);
    if (body.status === 1)
      await assertNoOverlap(trx, assignment.device_assign_id, body.start_date, body.end_date, []);
    const ruleId = await insertRule(trx, actor, {
      patient_id: body.user_id,
      device_assign_id: assignment.device_assign_id,
      interval_id: body.interval_id,
      interval_count: body.interval,
      start_date: body.start_date,
      end_date: body.end_date,
      status: body.status,
      notification_mode: body.notification_mode,
      notification_note: body.notification_note,
      sms_miss: body.sms_miss,
      call_miss: body.call_miss,
      gain,
      loss,
    });
    await writeRuleVitals(trx, ruleId, vitals);
    await audit(trx, {
      ...actor,
      action: 'add_notification_rule',
      entity: 'notification_rule',
      entityId: ruleId,
      detail: { patient_id: body.user_id, device: body.deviceName ?? assignment.device_name, vitals },
    });
    return ruleId;
  });
}

/**
 * Edits a rule (001 §4 edit mode: the device is read-only, the status has its own switch). `previous` is what the
 * editor loaded: a field that differs from the stored rule means someone else changed it since (409).
 */
export async function updateRule(
  db: Db,
  actor: AuditActor,
  rule: StoredRule,
  body: UpdateRuleBody,
): Promise<void> {
  if (body.user_id !== rule.patient_id) throw invalid('The rule belongs to another patient.', 'user_id');
  if (body.inventory_id !== rule.inventory_id)
    throw invalid('The device of a rule cannot be changed.', 'inventory_id');
  if (body.status !== rule.status)
    throw invalid("Use the rule's Status switch to switch it on or off.", 'status');
  const stored = rulePreviousOf({
    ...rule,
    start_date: isoDay(rule.start_date),
    end_date: isoDay(rule.end_date),
    interval: rule.interval_count,
    updated_at: rule.updated_at.toISOString(),
  });
  for (const [key, value] of Object.entries(body.previous)) {
    const same =
      key === 'updated_at'
        ? Date.parse(String(value)) === rule.updated_at.getTime()
        : value === stored[key as keyof typeof stored];
    if (!same)
      throw conflict(
        'This rule was changed by someone else since you opened it. Please reload.',
        `previous.${key}`,
      );
  }
  const now = actor.at;
  const changed = { start: body.start_date !== stored.start_date, end: body.end_date !== stored.end_date };
  const { assignment, vitals, gain, loss } = await checkRulePayload(db, body, now, changed);
  if (assignment.device_assign_id !== rule.device_assign_id)
    throw conflict('The device was reassigned since this rule was made; add a new rule.', 'inventory_id');
  await db.transaction().execute(async (trx) => {
    await lockAssignment(trx, rule.device_assign_id);
    if (rule.status === 1)
      await assertNoOverlap(trx, rule.device_assign_id, body.start_date, body.end_date, [
        rule.notification_rule_id,
      ]);
    await trx
      .updateTable('notification_rules')
      .set({
        interval_id: body.interval_id,
        interval_count: body.interval,
        start_date: body.start_date,
        end_date: body.end_date,
        notification_mode: body.notification_mode,
        notification_note: body.notification_note,
        sms_miss: body.sms_miss,
        call_miss: body.call_miss,
        gain,
        loss,
        updated_by: actor.userId,
        updated_at: now,
      })
      .where('notification_rule_id', '=', rule.notification_rule_id)
      .execute();
    await writeRuleVitals(trx, rule.notification_rule_id, vitals);
    await audit(trx, {
      ...actor,
      action: 'update_notification_rule',
      entity: 'notification_rule',
      entityId: rule.notification_rule_id,
      detail: {
        before: stored,
        after: { ...body, previous: undefined, vitals },
        device: body.deviceName ?? rule.device_name,
      },
    });
  });
}
