import type { Thresholds } from '@rpm/shared';
import { sql, type Transaction } from 'kysely';
import { recordReadings } from '../../billing/summary.js';
import type { Database, Db } from '../../db/schema.js';
import { careTeam } from '../care-team.js';
import type { CatalogueVital, KeyAndDevice, Measurement } from './parse.js';

/** The intake's SQL, set-based so a batch costs about the queries of one; all but look-ups in its transaction. */

type Trx = Transaction<Database>;

/** The key and device of each request, by key hash and IMEI, in the order given: one query for the batch. */
export async function findKeysAndDevices(
  db: Db,
  requests: readonly { readonly keyHash: string; readonly imei: string }[],
): Promise<KeyAndDevice[]> {
  const { rows } = await sql<KeyAndDevice & { n: number }>`
    select q.n, k.key_id, k.organization_id as key_org, k.revoked_at, d.inventory_id, d.device_type_id,
      d.organization_id as device_org
    from unnest(${requests.map((r) => r.keyHash)}::text[], ${requests.map((r) => r.imei)}::text[])
      with ordinality as q(hash, imei, n)
    left join device_vendor_keys k on k.key_hash = q.hash
    left join devices d on d.imei = q.imei
    order by q.n`.execute(db);
  return rows;
}

/** Every vital with its device type. */
export async function loadVitals(db: Db): Promise<CatalogueVital[]> {
  return db.selectFrom('vitals').select(['vital_id', 'vital_type', 'unit', 'device_type_id']).execute();
}

/** Where a measurement belongs, and the rule in force that day with its bounds (nulls: none). */
export interface Placement {
  readonly device_assign_id: number | null;
  readonly patient_id: number | null;
  readonly firstname: string | null;
  readonly lastname: string | null;
  /** Null when the device and time were received before (the message was not recorded now). */
  readonly message_id: number | null;
  readonly notification_rule_id: number | null;
  readonly gain: number | null;
  readonly loss: number | null;
  readonly vitals: ({ vital_id: number } & Thresholds)[] | null;
}

/**
 * One statement for the batch: per measurement, the assignment in force when it was taken (a late backlog still
 * belongs to that patient), the message recorded once per device and time, and the rule in force with its bounds.
 */
export async function placeMeasurements(
  trx: Trx,
  items: readonly Measurement[],
  now: Date,
): Promise<(Placement | undefined)[]> {
  const { rows } = await sql<Placement>`
    with q as (
      select * from unnest(${items.map((_, n) => n)}::integer[], ${items.map((i) => i.inventoryId)}::integer[],
        ${items.map((i) => i.takenAt)}::timestamptz[], ${items.map((i) => i.keyId)}::integer[],
        ${items.map((i) => i.payloadHash)}::text[], ${items.map((i) => i.day)}::date[],
        ${items.map((i) => i.payload)}::jsonb[])
        as q(n, inventory_id, taken_at, key_id, payload_hash, day, payload)
    ), a as (
      select distinct on (q.n) q.n, q.inventory_id, q.taken_at, q.key_id, q.payload_hash, q.day, q.payload,
        a.device_assign_id,
        a.patient_id, p.firstname, p.lastname
      from q
      join device_assignments a on a.inventory_id = q.inventory_id and a.assigned_at <= q.taken_at
        and (a.unassigned_at is null or a.unassigned_at > q.taken_at)
      join patients p on p.patient_id = a.patient_id
      order by q.n, a.assigned_at desc
    ), m as (
      insert into reading_messages (inventory_id, taken_at, device_assign_id, key_id, payload_hash, received_at,
        payload)
      select inventory_id, taken_at, device_assign_id, key_id, payload_hash, ${now.toISOString()}::timestamptz,
        payload
      from a order by n
      on conflict (inventory_id, taken_at) do nothing
      returning message_id, inventory_id, taken_at
    ), r as (
      select distinct on (a.n) a.n, r.notification_rule_id, r.gain, r.loss,
        (select json_agg(json_build_object('vital_id', rv.vital_id, 'critical_low', rv.critical_low,
            'abnormal_low', rv.abnormal_low, 'abnormal_high', rv.abnormal_high, 'critical_high', rv.critical_high))
          from notification_rule_vitals rv where rv.notification_rule_id = r.notification_rule_id) as vitals
      from a join notification_rules r on r.device_assign_id = a.device_assign_id
      where r.status = 1 and r.start_date <= a.day and r.end_date >= a.day
      order by a.n, r.start_date desc
    )
    select q.n, a.device_assign_id, a.patient_id, a.firstname, a.lastname, m.message_id, r.notification_rule_id,
      r.gain, r.loss, r.vitals
    from q
    left join a on a.n = q.n
    left join m on m.inventory_id = q.inventory_id and m.taken_at = q.taken_at
    left join r on r.n = q.n
    order by q.n`.execute(trx);
  return rows;
}

/** Stores the values of new measurements (the month's billing summary follows); reading ids in input order. */
export async function storeReadings(
  trx: Trx,
  placed: readonly {
    readonly item: Measurement;
    readonly patientId: number;
    readonly deviceAssignId: number;
  }[],
): Promise<number[]> {
  return recordReadings(
    trx,
    placed.flatMap(({ item, patientId, deviceAssignId }) =>
      item.values.map((v) => ({
        patient_id: patientId,
        device_assign_id: deviceAssignId,
        vital_id: v.vital_id,
        value: v.value,
        taken_at: item.takenAt,
      })),
    ),
  );
}

/** A weight reading's baseline (001 §2.6; decisions.md "Weight alerts"): the dry weight, else the last one before. */
export async function weightBaseline(
  db: Db,
  patientId: number,
  weightVitalId: number,
  before: Date,
): Promise<number | null> {
  const settings = await db
    .selectFrom('patient_weight_settings')
    .select('dry_weight')
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
  if (settings) return settings.dry_weight;
  const last = await db
    .selectFrom('readings')
    .select('value')
    .where('patient_id', '=', patientId)
    .where('vital_id', '=', weightVitalId)
    .where('taken_at', '<', before)
    .orderBy('taken_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.value ?? null;
}

/** An 'ingest_reading' audit row of a stored measurement (audit.ts's columns; no user: a device sent it). */
export interface IngestAudit {
  readonly at: Date;
  readonly inventoryId: number;
  readonly ip: string;
  readonly detail: Record<string, unknown>;
}

/** Inserts the batch's audit rows in one statement, inside the transaction that stores the measurements. */
export async function insertIngestAudits(trx: Trx, rows: readonly IngestAudit[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('audit_log')
    .values(
      rows.map((row) => ({
        at: row.at,
        user_id: null,
        acting_user_id: null,
        action: 'ingest_reading',
        entity: 'device',
        entity_id: String(row.inventoryId),
        ip: row.ip,
        detail: JSON.stringify(row.detail),
      })),
    )
    .execute();
}

/** The first delivery of a device and time: its payload hash, device task, readings and their alerts. */
export async function firstDelivery(trx: Trx, inventoryId: number, takenAt: Date, deviceAssignId: number) {
  const message = await trx
    .selectFrom('reading_messages')
    .select(['payload_hash', 'device_task_id'])
    .where('inventory_id', '=', inventoryId)
    .where('taken_at', '=', takenAt)
    .executeTakeFirstOrThrow();
  // The device's readings at that time are the first delivery's (one message per device and time).
  const readings = await trx
    .selectFrom('readings')
    .select('reading_id')
    .where('device_assign_id', '=', deviceAssignId)
    .where('taken_at', '=', takenAt)
    .orderBy('vital_id')
    .execute();
  const readingIds = readings.map((r) => r.reading_id);
  const alerts =
    readingIds.length === 0
      ? []
      : await trx
          .selectFrom('alerts')
          .innerJoin('vitals', 'vitals.vital_id', 'alerts.vital_id')
          .select([
            'alerts.alert_id',
            'alerts.reading_id',
            'vitals.vital_type',
            'alerts.level',
            'alerts.direction',
          ])
          .where('alerts.reading_id', 'in', readingIds)
          .orderBy('alerts.reading_id')
          .execute();
  return { ...message, readingIds, alerts };
}

/** Opens a device-error task (coordinator, else clinical staff, else physician), kept on the message for retries. */
export async function openDeviceTask(
  trx: Trx,
  at: { patientId: number; item: Measurement; messageId: number; now: Date },
): Promise<number | null> {
  const team = await careTeam(trx, at.patientId);
  const byRole = (role: string) => team.find((member) => member.role === role);
  const assignee = byRole('care_coordinator') ?? byRole('clinical_staff') ?? byRole('physician');
  if (!assignee) return null;
  const what = at.item.deviceErrors.map((e) => `${e.vital_type} ${e.value}`).join(', ');
  const task = await trx
    .insertInto('tasks')
    .values({
      assigned_to: assignee.user_id,
      patient_id: at.patientId,
      title: 'Check the device: impossible reading',
      description: `The device (inventory ${at.item.inventoryId}) sent ${what} at ${at.item.takenAt}; no person can have that value, so it was not stored. Check the device and how the patient uses it.`,
      due_at: at.now,
      created_by: assignee.user_id,
      created_at: at.now,
    })
    .returning('task_id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('reading_messages')
    .set({ device_task_id: task.task_id })
    .where('message_id', '=', at.messageId)
    .execute();
  return task.task_id;
}
