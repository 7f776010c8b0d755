// Over 300 lines: the signature check and each event type's effect, in one transaction with its idempotency record.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { audit } from '../audit.js';
import { recordDeviceAssignments, refreshSetupDates } from '../billing/summary.js';
import type { Clock } from '../clock.js';
import type { Database, Db } from '../db/schema.js';
import { conflict, notFound, unauthenticated } from '../domain-errors.js';
import { REPLAY_WINDOW_S, type WebhookEvent } from './schema.js';

/**
 * Device-vendor webhooks (issue 43 §4; decisions.md "Device vendor webhooks"): the signature check, and each event's
 * effect on the patient's device orders and devices, with the device's history and an audit row, in one
 * transaction with the event's idempotency record. Readings stay keyed on the device assignment that sent them.
 */

const REFUSED = 'The webhook is not signed by a known secret of this vendor.';

type Trx = Transaction<Database>;

/** The vendor's live secrets and the organisation they are bound to (null: any). */
export async function vendorSecrets(db: Db, vendor: string) {
  return db
    .selectFrom('device_webhook_secrets')
    .select(['secret', 'organization_id'])
    .where('vendor_name', '=', vendor)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Checks the time window and the signature over the raw body; answers the organisation the secret is bound to. */
export function verifySignature(
  secrets: readonly { secret: string; organization_id: number | null }[],
  timestamp: string | undefined,
  signature: string | undefined,
  raw: Buffer,
  now: Date,
): { organizationId: number | null } {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature) throw unauthenticated(REFUSED);
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > REPLAY_WINDOW_S)
    throw unauthenticated(
      'The webhook timestamp is more than five minutes from the server time: refused as a replay.',
    );
  const given = signature
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('v1='))
    .map((part) => Buffer.from(part.slice(3), 'hex'));
  for (const { secret, organization_id } of secrets) {
    const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest();
    if (given.some((g) => g.length === expected.length && timingSafeEqual(g, expected)))
      return { organizationId: organization_id };
  }
  throw unauthenticated(REFUSED);
}

const orgFilter = (organizationId: number | null, column: string) =>
  organizationId === null ? sql`true` : sql`${sql.ref(column)} = ${organizationId}`;

async function deviceByImei(trx: Trx, imei: string, organizationId: number | null, field: string) {
  const result = await sql<{ inventory_id: number; organization_id: number | null; status: string }>`
    select inventory_id, organization_id, status from devices
    where imei = ${imei} and ${orgFilter(organizationId, 'organization_id')} for update`.execute(trx);
  const device = result.rows[0];
  if (!device) throw notFound(`No device with IMEI ${imei}.`, field);
  return device;
}

async function orderById(trx: Trx, id: number, organizationId: number | null) {
  const result = await sql<{
    device_order_id: number;
    patient_id: number;
    status: string;
    organization_id: number;
  }>`
    select o.device_order_id, o.patient_id, o.status, p.organization_id from device_orders o
    join patients p on p.patient_id = o.patient_id
    where o.device_order_id = ${id} and ${orgFilter(organizationId, 'p.organization_id')} for update of o`.execute(
    trx,
  );
  const order = result.rows[0];
  if (!order) throw notFound(`No device order ${id}.`, 'data.device_order_id');
  return order;
}

/** The live assignment of a device, if any. */
async function liveAssignment(trx: Trx, inventoryId: number) {
  return trx
    .selectFrom('device_assignments')
    .select(['device_assign_id', 'patient_id', 'assigned_at'])
    .where('inventory_id', '=', inventoryId)
    .where('unassigned_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** Ends a device's assignment (kept, with its readings), frees or retires the device and ends its rules. */
async function endAssignment(
  trx: Trx,
  inventoryId: number,
  at: Date,
  deviceStatus: 'available' | 'deactivated',
) {
  const live = await liveAssignment(trx, inventoryId);
  if (live) {
    const end = new Date(Math.max(at.getTime(), live.assigned_at.getTime()));
    await trx
      .updateTable('device_assignments')
      .set({ unassigned_at: end })
      .where('device_assign_id', '=', live.device_assign_id)
      .execute();
    await trx
      .updateTable('notification_rules')
      .set({ status: 2, terminated_at: end, updated_at: end })
      .where('device_assign_id', '=', live.device_assign_id)
      .where('status', '=', 1)
      .execute();
  }
  await trx
    .updateTable('devices')
    .set({ status: deviceStatus })
    .where('inventory_id', '=', inventoryId)
    .execute();
  return live;
}

async function assign(trx: Trx, inventoryId: number, patientId: number, at: Date) {
  await recordDeviceAssignments(trx, [
    { inventory_id: inventoryId, patient_id: patientId, assigned_at: at, assigned_by: null },
  ]);
  await trx
    .updateTable('devices')
    .set({ status: 'assigned' })
    .where('inventory_id', '=', inventoryId)
    .execute();
}

/** Moves an order forward only (a late event of an earlier step is kept in the history, not applied). */
async function moveOrder(
  trx: Trx,
  orderId: number,
  from: string,
  to: 'shipped' | 'delivered' | 'returned',
  at: Date,
  tracking?: string,
) {
  const rank = { ordered: 0, shipped: 1, delivered: 2, returned: 3 } as Record<string, number>;
  if ((rank[from] ?? 0) >= (rank[to] ?? 0)) return false;
  await trx
    .updateTable('device_orders')
    .set({
      status: to,
      ...(to === 'shipped' || from === 'ordered' ? { shipped_at: at } : {}),
      ...(to === 'delivered' ? { delivered_at: at } : {}),
      ...(to === 'returned' ? { returned_at: at } : {}),
      ...(tracking ? { tracking_number: tracking } : {}),
      updated_at: at,
    })
    .where('device_order_id', '=', orderId)
    .execute();
  return true;
}

export type Applied = { duplicate: boolean };

/**
 * Applies one verified event once: a repeat of the same event id answers `duplicate`, the same id with another
 * body 409; an unknown device or order 404 with nothing written.
 */
export async function applyEvent(
  db: Db,
  clock: Clock,
  vendor: string,
  organizationId: number | null,
  event: WebhookEvent,
  raw: Buffer,
): Promise<Applied> {
  const bodyHash = createHash('sha256').update(raw).digest('hex');
  const now = clock.now();
  const at = new Date(event.occurred_at);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('device_webhook_events')
      .values({
        vendor_name: vendor,
        event_id: event.id,
        body_hash: bodyHash,
        event_type: event.type,
        received_at: now,
      })
      .onConflict((oc) => oc.columns(['vendor_name', 'event_id']).doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
      const seen = await trx
        .selectFrom('device_webhook_events')
        .select('body_hash')
        .where('vendor_name', '=', vendor)
        .where('event_id', '=', event.id)
        .executeTakeFirstOrThrow();
      if (seen.body_hash !== bodyHash)
        throw conflict('This event id was sent before with another body.', 'id');
      return { duplicate: true };
    }
    const history = async (
      row: { inventory_id?: number | null; device_order_id?: number | null; patient_id?: number | null },
      detail: object,
    ) =>
      trx
        .insertInto('device_events')
        .values({
          inventory_id: row.inventory_id ?? null,
          device_order_id: row.device_order_id ?? null,
          patient_id: row.patient_id ?? null,
          event: event.type,
          detail: JSON.stringify(detail),
          occurred_at: at,
          vendor_name: vendor,
          event_id: event.id,
        })
        .execute();
    const touched: number[] = [];
    switch (event.type) {
      case 'order.ordered':
      case 'order.shipped':
      case 'order.delivered':
      case 'order.returned': {
        const order = await orderById(trx, event.data.device_order_id, organizationId);
        const to =
          event.type === 'order.ordered'
            ? null
            : (event.type.slice(6) as 'shipped' | 'delivered' | 'returned');
        const tracking = event.type === 'order.shipped' ? event.data.tracking_number : undefined;
        const moved = to
          ? await moveOrder(trx, order.device_order_id, order.status, to, at, tracking)
          : false;
        await history(
          { device_order_id: order.device_order_id, patient_id: order.patient_id },
          {
            moved,
            ...(event.type === 'order.shipped'
              ? { tracking_number: tracking, carrier: event.data.carrier ?? null }
              : {}),
          },
        );
        break;
      }
      case 'device.connected': {
        const device = await deviceByImei(trx, event.data.imei, organizationId, 'data.imei');
        const order = event.data.device_order_id
          ? await orderById(trx, event.data.device_order_id, organizationId)
          : undefined;
        let live = await liveAssignment(trx, device.inventory_id);
        if (!live && order && device.status === 'available') {
          await assign(trx, device.inventory_id, order.patient_id, at);
          touched.push(order.patient_id);
          live = await liveAssignment(trx, device.inventory_id);
        }
        await history(
          {
            inventory_id: device.inventory_id,
            device_order_id: order?.device_order_id,
            patient_id: live?.patient_id,
          },
          {},
        );
        break;
      }
      case 'device.replaced': {
        const old = await deviceByImei(trx, event.data.old_imei, organizationId, 'data.old_imei');
        const replacement = await deviceByImei(trx, event.data.new_imei, organizationId, 'data.new_imei');
        const live = await liveAssignment(trx, old.inventory_id);
        if (!live) throw conflict('The old device is not with a patient.', 'data.old_imei');
        if (replacement.status !== 'available')
          throw conflict('The new device is not available.', 'data.new_imei');
        await endAssignment(trx, old.inventory_id, at, 'deactivated');
        await assign(trx, replacement.inventory_id, live.patient_id, at);
        touched.push(live.patient_id);
        await history(
          { inventory_id: old.inventory_id, patient_id: live.patient_id },
          { replaced_by: event.data.new_imei },
        );
        await history(
          { inventory_id: replacement.inventory_id, patient_id: live.patient_id },
          { replaces: event.data.old_imei },
        );
        break;
      }
      case 'device.returned':
      case 'device.unlinked': {
        const device = await deviceByImei(trx, event.data.imei, organizationId, 'data.imei');
        const live = await endAssignment(trx, device.inventory_id, at, 'available');
        if (live) touched.push(live.patient_id);
        await history(
          { inventory_id: device.inventory_id, patient_id: live?.patient_id },
          { ended: Boolean(live) },
        );
        break;
      }
    }
    if (touched.length) await refreshSetupDates(trx, touched);
    await audit(trx, {
      at: now,
      userId: null,
      action: 'device_webhook',
      entity: 'device_webhook_event',
      entityId: event.id,
      detail: { vendor, type: event.type },
    });
    return { duplicate: false };
  });
}
