import {
  type CallBody,
  DEVICE_ORDER_STATUSES,
  type DeviceOrderStatus,
  nextDeviceOrderStatuses,
  ORDER_TEXT,
  type updateDeviceOrderStatus,
} from '@rpm/shared';
import type { Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { conflict, invalid, notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';

/** Device orders with their device type and who ordered them, as the Sub Orders tab shows them. */
const deviceOrderQuery = (db: Db) =>
  db
    .selectFrom('device_orders as d')
    .innerJoin('device_types as t', 't.device_type_id', 'd.device_type_id')
    .innerJoin('users as u', 'u.user_id', 'd.ordered_by')
    .selectAll('d')
    .select(['t.device_type', 'u.firstname', 'u.lastname']);

type DeviceOrderRow = Awaited<ReturnType<ReturnType<typeof deviceOrderQuery>['executeTakeFirstOrThrow']>>;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

const deviceOrderDto = (d: DeviceOrderRow) => ({
  device_order_id: d.device_order_id,
  order_id: d.order_id,
  patient_id: d.patient_id,
  device_type_id: d.device_type_id,
  device_type: d.device_type,
  status: d.status as DeviceOrderStatus,
  tracking_number: d.tracking_number,
  ordered_by_name: fullName(d.firstname, d.lastname),
  ordered_at: d.ordered_at.toISOString(),
  shipped_at: iso(d.shipped_at),
  delivered_at: iso(d.delivered_at),
  returned_at: iso(d.returned_at),
});

const deviceOrderById = async (db: Db, id: number) =>
  deviceOrderDto(await deviceOrderQuery(db).where('d.device_order_id', '=', id).executeTakeFirstOrThrow());

/** The patient's device orders, newest first. */
export async function patientDeviceOrders(db: Db, patientId: number) {
  const rows = await deviceOrderQuery(db)
    .where('d.patient_id', '=', patientId)
    .orderBy('d.ordered_at', 'desc')
    .orderBy('d.device_order_id', 'desc')
    .execute();
  return rows.map(deviceOrderDto);
}

/** Orders a device for an enrolment order with its audit row, in the caller's transaction. */
export async function addDeviceOrderRow(
  trx: Transaction<Database>,
  actor: AuditActor,
  order: { order_id: number; patient_id: number },
  deviceTypeId: number,
) {
  const type = await trx
    .selectFrom('device_types')
    .select('device_type_id')
    .where('device_type_id', '=', deviceTypeId)
    .executeTakeFirst();
  if (!type) throw invalid(`Device type ${deviceTypeId} does not exist.`, 'device_type_id');
  const row = await trx
    .insertInto('device_orders')
    .values({
      order_id: order.order_id,
      patient_id: order.patient_id,
      device_type_id: deviceTypeId,
      status: 'ordered',
      ordered_by: actor.userId,
      ordered_at: actor.at,
      updated_at: actor.at,
    })
    .returning('device_order_id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...actor,
    action: 'add_device_order',
    entity: 'device_order',
    entityId: row.device_order_id,
    detail: { patient_id: order.patient_id, order_id: order.order_id, device_type_id: deviceTypeId },
  });
  return deviceOrderById(trx, row.device_order_id);
}

/** The message of a device order that does not exist, or whose patient the caller may not see. */
export const unknownDeviceOrder = (id: number) => `Device order ${id} does not exist.`;

/** A device order as stored, to find its patient before the access check. */
export async function storedDeviceOrder(db: Db, id: number) {
  const row = await db
    .selectFrom('device_orders')
    .select(['device_order_id', 'patient_id', 'status', 'tracking_number'])
    .where('device_order_id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(unknownDeviceOrder(id), 'device_order_id');
  return row;
}

/** Moves a device order's fulfilment forward with its audit row, in the caller's transaction. */
export async function moveDeviceOrder(
  trx: Transaction<Database>,
  actor: AuditActor,
  existing: Awaited<ReturnType<typeof storedDeviceOrder>>,
  body: CallBody<typeof updateDeviceOrderStatus>,
) {
  const from = existing.status as DeviceOrderStatus;
  if (!nextDeviceOrderStatuses(from).includes(body.status))
    throw conflict(
      ORDER_TEXT.statusMove(DEVICE_ORDER_STATUSES[from], DEVICE_ORDER_STATUSES[body.status]),
      'status',
    );
  const stamp = { shipped: 'shipped_at', delivered: 'delivered_at', returned: 'returned_at' } as const;
  // Only the guarded row moves: a concurrent move of the same order finds it changed and is refused.
  const moved = await trx
    .updateTable('device_orders')
    .set({
      status: body.status,
      [stamp[body.status]]: actor.at,
      tracking_number: body.tracking_number ?? existing.tracking_number,
      updated_at: actor.at,
    })
    .where('device_order_id', '=', existing.device_order_id)
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1)
    throw conflict(
      ORDER_TEXT.statusMove(DEVICE_ORDER_STATUSES[from], DEVICE_ORDER_STATUSES[body.status]),
      'status',
    );
  await audit(trx, {
    ...actor,
    action: 'update_device_order_status',
    entity: 'device_order',
    entityId: existing.device_order_id,
    detail: { patient_id: existing.patient_id, from, to: body.status, tracking_number: body.tracking_number },
  });
  return deviceOrderById(trx, existing.device_order_id);
}
