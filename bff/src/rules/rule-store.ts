import {
  isoDay,
  type NotificationRule,
  RULE_DEFAULT_END_DATE,
  shiftDay,
  type Thresholds,
  thresholdProblem,
  type VitalThreshold,
  vitalKind,
  WEIGHT_DEVICE_TYPE_ID,
} from '@rpm/shared';
import { type Selectable, sql } from 'kysely';
import type { AuthContext } from '../auth/guard.js';
import type { Db, NotificationRulesTable } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { assertPatientAccess } from '../scope.js';

/**
 * A 'YYYY-MM-DD' day as a SQL date, for comparisons with date columns (a Date parameter would be serialised in
 * the process's time zone and could shift the day; schema.ts DateColumn).
 */
export const sqlDay = (day: string) => sql<Date>`cast(${day} as date)`;

/**
 * The earliest day a rule may start or end on when set now. The pickers' minimum is today (001 §5); the server
 * counts days in UTC (the schema has no practice time zone) and clinics behind UTC are still on yesterday's date
 * in their evening, so the server accepts yesterday (UTC) too.
 */
export const earliestRuleDay = (now: Date): string => shiftDay(isoDay(now), -1);

/** The latest day a picker with the maximum 'today' may give (001 §5), with the same allowance ahead of UTC. */
export const latestTodayDay = (now: Date): string => shiftDay(isoDay(now), 1);

/** Dates a rule is set to now: not before {@link earliestRuleDay}, the end no later than 12/31/2099. */
export function checkEndDate(end: string, now: Date, message: string): void {
  if (end < earliestRuleDay(now) || end > RULE_DEFAULT_END_DATE)
    throw new HttpError(400, message, 'end_date');
}

/** A stored rule row. */
type RuleRow = Selectable<NotificationRulesTable>;

/** Loads rules with their device and vitals, in the order given by `order` (a whitelisted column). */
export async function loadRules(
  db: Db,
  where: { patientId?: number; ruleIds?: readonly number[]; status?: 1 | 2 },
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
  const vitals = await ruleVitals(
    db,
    rows.map((r) => r.notification_rule_id),
  );
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

/** A stored rule row, after the caller's access to its patient is checked: 404 unknown, 403 outside scope. */
export async function ruleWithAccess(
  db: Db,
  auth: AuthContext,
  ruleId: number,
  field = 'notification_rule_id',
): Promise<RuleRow & { inventory_id: number; device_type_id: number; device_name: string }> {
  const rule = await db
    .selectFrom('notification_rules as r')
    .innerJoin('device_assignments as a', 'a.device_assign_id', 'r.device_assign_id')
    .innerJoin('devices as d', 'd.inventory_id', 'a.inventory_id')
    .selectAll('r')
    .select(['d.inventory_id', 'd.device_type_id', 'd.device_name'])
    .where('r.notification_rule_id', '=', ruleId)
    .executeTakeFirst();
  if (!rule) throw new HttpError(404, `Rule ${ruleId} does not exist.`, field);
  await assertPatientAccess(db, auth, rule.patient_id, field, `Rule ${ruleId} does not exist.`);
  return rule;
}

/** One vital's bounds as sent, after its checks. */
export interface CheckedVital extends Thresholds {
  readonly vital_id: number;
}

/**
 * The vitals block of a rule for a device type (001 §2.2, §5): a weight device (type 2) has no monitoring levels,
 * so it takes no vitals and needs gain and loss above 0; every other device needs bounds for each of its vitals,
 * once, each as the threshold auto-correction leaves them (400 naming `vitals.N.<bound>` otherwise).
 */
export async function checkRuleVitals(
  db: Db,
  deviceTypeId: number,
  vitals: readonly (Thresholds & { vital_id: number })[],
  weight: { gain: number | null | undefined; loss: number | null | undefined },
): Promise<{ vitals: CheckedVital[]; gain: number | null; loss: number | null }> {
  if (deviceTypeId === WEIGHT_DEVICE_TYPE_ID) {
    if (vitals.length > 0)
      throw new HttpError(400, 'A weight device has no monitoring levels: use gain and loss.', 'vitals');
    if (weight.gain == null) throw new HttpError(400, 'Weight gain must be greater than 0', 'gain');
    if (weight.loss == null) throw new HttpError(400, 'Weight loss must be greater than 0', 'loss');
    return { vitals: [], gain: weight.gain, loss: weight.loss };
  }
  const known = await db
    .selectFrom('vitals')
    .select(['vital_id', 'vital_type'])
    .where('device_type_id', '=', deviceTypeId)
    .orderBy('vital_id')
    .execute();
  const seen = new Set<number>();
  for (const [n, vital] of vitals.entries()) {
    const meta = known.find((k) => k.vital_id === vital.vital_id);
    if (!meta)
      throw new HttpError(
        400,
        `Vital ${vital.vital_id} is not measured by this device.`,
        `vitals.${n}.vital_id`,
      );
    if (seen.has(vital.vital_id))
      throw new HttpError(400, `Vital ${vital.vital_id} is given twice.`, `vitals.${n}.vital_id`);
    seen.add(vital.vital_id);
    const problem = thresholdProblem(vital, vitalKind(meta.vital_type));
    if (problem)
      throw new HttpError(400, `${meta.vital_type}: ${problem.message}`, `vitals.${n}.${problem.field}`);
  }
  const missing = known.filter((k) => !seen.has(k.vital_id));
  if (missing.length > 0)
    throw new HttpError(
      400,
      `Bounds are missing for ${missing.map((k) => k.vital_type).join(', ')}.`,
      'vitals',
    );
  return {
    vitals: vitals.map(({ vital_id, critical_low, abnormal_low, abnormal_high, critical_high }) => ({
      vital_id,
      critical_low,
      abnormal_low,
      abnormal_high,
      critical_high,
    })),
    gain: null,
    loss: null,
  };
}

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
    throw new HttpError(
      409,
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
