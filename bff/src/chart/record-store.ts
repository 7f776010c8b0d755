import {
  type CallQuery,
  type getPatientAlerts,
  type getPatientReadings,
  READINGS_PER_VITAL_MAX,
  shiftDay,
  vitalKind,
} from '@rpm/shared';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { sqlDay } from '../db/sql-day.js';
import { devicesInForce, dryWeight } from '../rules/bounds-in-force.js';
import { nameOrNull } from './patient-store.js';

/** The patient's devices, current first, with their vitals, last reading and the rule in force on `today`. */
export async function patientDevices(db: Db, patientId: number, today: string) {
  const rows = await db
    .selectFrom('device_assignments as a')
    .innerJoin('devices as d', 'd.inventory_id', 'a.inventory_id')
    .innerJoin('device_types as t', 't.device_type_id', 'd.device_type_id')
    .select([
      'a.device_assign_id',
      'a.inventory_id',
      'd.imei',
      'd.device_name',
      'd.device_type_id',
      't.device_type',
      't.icon',
      'a.assigned_at',
      'a.unassigned_at',
    ])
    .select((eb) => [
      eb
        .selectFrom('readings as x')
        .select((x) => x.fn.max('x.taken_at').as('last'))
        .whereRef('x.device_assign_id', '=', 'a.device_assign_id')
        .as('last_reading_at'),
      eb
        .selectFrom('notification_rules as r')
        .select('r.notification_rule_id')
        .whereRef('r.device_assign_id', '=', 'a.device_assign_id')
        .where('r.status', '=', 1)
        .where('r.start_date', '<=', sqlDay(today))
        .where('r.end_date', '>=', sqlDay(today))
        .limit(1)
        .as('active_rule_id'),
    ])
    .where('a.patient_id', '=', patientId)
    .orderBy(sql`a.unassigned_at is null`, 'desc')
    .orderBy('a.assigned_at', 'desc')
    .execute();
  const vitals = await db
    .selectFrom('vitals')
    .select(['vital_id', 'vital_type', 'unit', 'device_type_id'])
    .execute();
  return rows.map((r) => ({
    device_assign_id: r.device_assign_id,
    inventory_id: r.inventory_id,
    IMEI: r.imei,
    device_name: r.device_name,
    device_type_id: r.device_type_id,
    device_type: r.device_type,
    icon: r.icon,
    assigned_at: r.assigned_at.toISOString(),
    unassigned_at: r.unassigned_at?.toISOString() ?? null,
    current: r.unassigned_at === null,
    last_reading_at: r.last_reading_at ? new Date(r.last_reading_at).toISOString() : null,
    active_rule_id: r.active_rule_id ?? null,
    vitals: vitals
      .filter((v) => v.device_type_id === r.device_type_id)
      .map(({ vital_id, vital_type, unit }) => ({ vital_id, vital_type, unit })),
  }));
}

/**
 * The patient's readings per vital between two days, the newest READINGS_PER_VITAL_MAX of each, each with the
 * device that sent it and why it was held; with the bounds of the rules in force on `today` on the current devices
 * (the chart's bands: rules/bounds-in-force.ts), a weight's as the rule's gain and loss over the dry weight.
 */
export async function patientReadings(db: Db, query: CallQuery<typeof getPatientReadings>, today: string) {
  const from = new Date(`${query.from}T00:00:00Z`);
  const to = new Date(`${shiftDay(query.to, 1)}T00:00:00Z`);
  // The newest READINGS_PER_VITAL_MAX (+1, to know whether some were left out) of each vital in the range.
  const { rows } = await sql<{
    reading_id: number;
    vital_id: number;
    device_assign_id: number;
    value: number;
    taken_at: Date;
    level: 'abnormal' | 'critical' | null;
    held: 'snoozed' | 'acknowledged' | null;
  }>`
    select x.reading_id, x.vital_id, x.device_assign_id, x.value, x.taken_at, al.level,
      case when h.snooze_id is not null then 'snoozed' when h.reading_id is not null then 'acknowledged' end as held
    from (
      select r.*, row_number() over (partition by r.vital_id order by r.taken_at desc, r.reading_id desc) as n
      from readings r
      where r.patient_id = ${query.patient_id} and r.taken_at >= ${from} and r.taken_at < ${to}
        ${query.vital_id === undefined ? sql`` : sql`and r.vital_id = ${query.vital_id}`}
    ) x
    left join alerts al on al.reading_id = x.reading_id
    left join suppressed_readings h on h.reading_id = x.reading_id
    where x.n <= ${READINGS_PER_VITAL_MAX + 1}
    order by x.vital_id, x.taken_at, x.reading_id`.execute(db);
  const vitals = await db
    .selectFrom('vitals')
    .select(['vital_id', 'vital_type', 'unit', 'device_type_id'])
    .orderBy('vital_id')
    .execute();
  const devices = await devicesInForce(db, query.patient_id, today);
  // A vital on several current devices takes the bounds of the first whose rule judges it.
  const ruleOf = (vitalId: number) =>
    devices.find((d) => d.rule?.bounds.vitals.has(vitalId))?.rule?.bounds.vitals.get(vitalId) ?? null;
  const scaleRule = devices.find(
    (d) =>
      vitals.some((v) => v.device_type_id === d.device_type_id && vitalKind(v.vital_type) === 'weight') &&
      (d.rule?.bounds.gain != null || d.rule?.bounds.loss != null),
  )?.rule?.bounds;
  const dry = scaleRule ? await dryWeight(db, query.patient_id) : null;
  const perVital = vitals
    .map((v) => {
      const all = rows.filter((r) => r.vital_id === v.vital_id);
      const truncated = all.length > READINGS_PER_VITAL_MAX;
      const kept = truncated ? all.slice(all.length - READINGS_PER_VITAL_MAX) : all;
      const weighed = vitalKind(v.vital_type) === 'weight';
      return {
        ...v,
        thresholds: weighed ? null : ruleOf(v.vital_id),
        weight_rule:
          weighed && scaleRule && dry
            ? { dry_weight: dry.dry_weight, gain: scaleRule.gain, loss: scaleRule.loss }
            : null,
        readings: kept.map((r) => ({
          reading_id: r.reading_id,
          taken_at: new Date(r.taken_at).toISOString(),
          value: Number(r.value),
          device_assign_id: r.device_assign_id,
          alert_level: r.level,
          held: r.held,
        })),
        truncated,
      };
    })
    .filter(
      (v) =>
        (query.vital_id === undefined || v.vital_id === query.vital_id) &&
        (v.readings.length > 0 || v.thresholds !== null || v.weight_rule !== null),
    );
  return { vitals: perVital, devices: await readingDevices(db, perVital) };
}

/** The devices that sent the readings answered, for each reading's `device_assign_id`. */
async function readingDevices(
  db: Db,
  vitals: readonly { readings: readonly { device_assign_id: number }[] }[],
) {
  const ids = [...new Set(vitals.flatMap((v) => v.readings.map((r) => r.device_assign_id)))];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('device_assignments as a')
    .innerJoin('devices as d', 'd.inventory_id', 'a.inventory_id')
    .innerJoin('device_types as t', 't.device_type_id', 'd.device_type_id')
    .select(['a.device_assign_id', 'd.device_name', 'd.imei', 't.device_type'])
    .where('a.device_assign_id', 'in', ids)
    .orderBy('a.device_assign_id')
    .execute();
  return rows.map(({ imei, ...d }) => ({ ...d, IMEI: imei }));
}

/** A page of the patient's alerts in the state asked, newest first, and how many there are. */
export async function patientAlerts(db: Db, query: CallQuery<typeof getPatientAlerts>) {
  let q = db
    .selectFrom('alerts as al')
    .innerJoin('vitals as v', 'v.vital_id', 'al.vital_id')
    .innerJoin('readings as r', 'r.reading_id', 'al.reading_id')
    .innerJoin('device_assignments as a', 'a.device_assign_id', 'r.device_assign_id')
    .innerJoin('devices as d', 'd.inventory_id', 'a.inventory_id')
    .leftJoin('users as u', 'u.user_id', 'al.acknowledged_by')
    .where('al.patient_id', '=', query.patient_id);
  if (query.state === 'open') q = q.where('al.acknowledged_at', 'is', null);
  if (query.state === 'acknowledged') q = q.where('al.acknowledged_at', 'is not', null);
  const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select([
      'al.alert_id',
      'al.reading_id',
      'al.notification_rule_id',
      'al.vital_id',
      'v.vital_type',
      'v.unit',
      'd.device_name',
      'al.value',
      'al.level',
      'al.direction',
      'al.bound',
      'al.taken_at',
      'al.created_at',
      'al.acknowledged_at',
      'u.firstname',
      'u.lastname',
    ])
    .orderBy('al.created_at', 'desc')
    .orderBy('al.alert_id', 'desc')
    .limit(query.rowsPerPage)
    .offset(query.page * query.rowsPerPage)
    .execute();
  return {
    count: Number(count.n),
    data: rows.map(({ firstname, lastname, ...r }) => ({
      ...r,
      taken_at: r.taken_at.toISOString(),
      created_at: r.created_at.toISOString(),
      acknowledged_at: r.acknowledged_at?.toISOString() ?? null,
      acknowledged_by: nameOrNull(firstname, lastname),
    })),
  };
}
