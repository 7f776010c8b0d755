import type { NotificationRule, VitalThreshold } from '@rpm/shared';
import { isoDay } from '@rpm/shared';
import { type Selectable, sql } from 'kysely';
import type { Db, NotificationRulesTable } from '../db/schema.js';
import { notFound } from '../domain-errors.js';
import { ruleHolds } from './snooze-store.js';

/** The notification rules as the Alert Rules tab reads them (001 §2.2, §7 "Vitals and rules"). */

/** A stored rule row. */
type RuleRow = Selectable<NotificationRulesTable>;

/** Loads rules with their device and vitals, in the order given by `order` (a whitelisted column). */
export async function loadRules(
  db: Db,
  where: { patientId?: number; ruleIds?: readonly number[]; status?: 1 | 2; now: Date },
  order: {
    column: 'end_date' | 'start_date' | 'device_name' | 'interval' | 'status';
    dir: 'asc' | 'desc';
  } = {
    column: 'end_date',
    dir: 'asc',
  },
): Promise<NotificationRule[]> {
  const orderColumn = {
    end_date: 'r.end_date',
    start_date: 'r.start_date',
    device_name: 'd.device_name',
    interval: 'r.interval_count',
    status: 'r.status',
  }[order.column];
  let q = db
    .selectFrom('notification_rules as r')
    .innerJoin('device_assignments as a', 'a.device_assign_id', 'r.device_assign_id')
    .innerJoin('devices as d', 'd.inventory_id', 'a.inventory_id')
    .innerJoin('device_types as t', 't.device_type_id', 'd.device_type_id')
    .innerJoin('reading_intervals as i', 'i.interval_id', 'r.interval_id')
    .select([
      'r.notification_rule_id',
      'r.patient_id',
      'r.device_assign_id',
      'r.interval_id',
      'r.interval_count',
      'r.start_date',
      'r.end_date',
      'r.status',
      'r.notification_mode',
      'r.notification_note',
      'r.sms_miss',
      'r.call_miss',
      'r.gain',
      'r.loss',
      'r.previous_rule_id',
      'r.terminated_at',
      'r.updated_at',
      'd.inventory_id',
      'd.imei',
      'd.device_name',
      'd.device_type_id',
      't.device_type',
      'i.interval_type',
    ]);
  if (where.patientId !== undefined) q = q.where('r.patient_id', '=', where.patientId);
  if (where.ruleIds !== undefined) q = q.where('r.notification_rule_id', 'in', [...where.ruleIds, 0]);
  if (where.status !== undefined) q = q.where('r.status', '=', where.status);
  const rows = await q
    .orderBy(sql.ref(orderColumn), order.dir)
    .orderBy('r.notification_rule_id', order.dir)
    .execute();
  const ids = rows.map((r) => r.notification_rule_id);
  const vitals = await ruleVitals(db, ids);
  const holds = await ruleHolds(db, ids, where.now);
  return rows.map((r) => ({
    notification_rule_id: r.notification_rule_id,
    user_id: r.patient_id,
    device_name: r.device_name,
    IMEI: r.imei,
    inventory_id: r.inventory_id,
    device_type_id: r.device_type_id,
    device_type: r.device_type,
    device_assign_id: r.device_assign_id,
    interval: r.interval_count,
    interval_type: r.interval_type,
    fk_interval_id: r.interval_id,
    start_date: isoDay(r.start_date),
    end_date: isoDay(r.end_date),
    status: r.status,
    notification_mode: r.notification_mode,
    notify_note: r.notification_note,
    notification_note: r.notification_note,
    sms_miss: r.sms_miss,
    call_miss: r.call_miss,
    gain: r.gain,
    loss: r.loss,
    vitals: vitals.get(r.notification_rule_id) ?? [],
    previous_rule_id: r.previous_rule_id,
    terminated_at: r.terminated_at?.toISOString() ?? null,
    updated_at: r.updated_at.toISOString(),
    holds: holds.get(r.notification_rule_id) ?? [],
  }));
}

/** The vitals of rules, by rule id, in vital order. */
async function ruleVitals(db: Db, ruleIds: readonly number[]): Promise<Map<number, VitalThreshold[]>> {
  const map = new Map<number, VitalThreshold[]>();
  if (ruleIds.length === 0) return map;
  const rows = await db
    .selectFrom('notification_rule_vitals as rv')
    .innerJoin('vitals as v', 'v.vital_id', 'rv.vital_id')
    .select([
      'rv.notification_rule_id',
      'rv.vital_id',
      'v.vital_type',
      'v.unit',
      'rv.critical_low',
      'rv.abnormal_low',
      'rv.abnormal_high',
      'rv.critical_high',
    ])
    .where('rv.notification_rule_id', 'in', [...ruleIds])
    .orderBy('rv.notification_rule_id')
    .orderBy('rv.vital_id')
    .execute();
  for (const { notification_rule_id, ...row } of rows) {
    const list = map.get(notification_rule_id) ?? [];
    list.push({ ...row, fk_vital_id: row.vital_id });
    map.set(notification_rule_id, list);
  }
  return map;
}

/** The message of a rule that does not exist, or whose patient the caller may not see. */
export const unknownRule = (ruleId: number) => `Rule ${ruleId} does not exist.`;

/** A stored rule row with its device, as the writes check it. */
export type StoredRule = RuleRow & { inventory_id: number; device_type_id: number; device_name: string };

/** A stored rule with its device; 404 naming `notification_rule_id` when there is none. */
export async function storedRule(db: Db, ruleId: number): Promise<StoredRule> {
  const rule = await db
    .selectFrom('notification_rules as r')
    .innerJoin('device_assignments as a', 'a.device_assign_id', 'r.device_assign_id')
    .innerJoin('devices as d', 'd.inventory_id', 'a.inventory_id')
    .selectAll('r')
    .select(['d.inventory_id', 'd.device_type_id', 'd.device_name'])
    .where('r.notification_rule_id', '=', ruleId)
    .executeTakeFirst();
  if (!rule) throw notFound(unknownRule(ruleId), 'notification_rule_id');
  return rule;
}

/** One rule as the detail call answers it; 404 naming `notification_rule_id` when there is none. */
export async function ruleDetail(db: Db, ruleId: number, now: Date): Promise<NotificationRule> {
  const [rule] = await loadRules(db, { ruleIds: [ruleId], now });
  if (!rule) throw notFound(unknownRule(ruleId), 'notification_rule_id');
  return rule;
}
