import { createHmac } from 'node:crypto';
import { DEVICE_KEY_HEADER, ingestReading } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEVICE_KEY } from '../db/seed/index.js';
import { injectCall, startTestApp, type TestApp } from '../test-app.js';
import { giveDevice, makePatient, placeOf } from '../test-fixtures.js';
import { rowCounts } from '../test-rows.js';
import { createVendorSecret } from './secret.js';

/** Issue 43 §4: device-vendor webhooks: signature, replay window, idempotency, each event's effect, replacement. */

let t: TestApp;
let secret: string;
const TABLES = [
  'device_webhook_events',
  'device_events',
  'device_orders',
  'device_assignments',
  'devices',
  'audit_log',
] as const;

let serial = 0;
const event = (type: string, data: object, id = `evt-${++serial}`) => ({
  id,
  type,
  occurred_at: t.clock.now().toISOString(),
  data,
});

async function send(
  body: unknown,
  opts: { vendor?: string; key?: string; at?: number; signature?: string | null } = {},
) {
  const raw = JSON.stringify(body);
  const ts = String(opts.at ?? Math.floor(t.clock.now().getTime() / 1000));
  const mac = createHmac('sha256', opts.key ?? secret)
    .update(`${ts}.${raw}`)
    .digest('hex');
  return t.app.inject({
    method: 'POST',
    url: `/api/webhooks/devices/${opts.vendor ?? 'acme'}`,
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': ts,
      ...(opts.signature === null ? {} : { 'x-webhook-signature': opts.signature ?? `v1=${mac}` }),
    },
    payload: raw,
  });
}

/** A patient with a blood-pressure cuff, and a spare cuff of the same organisation. */
async function patientWithCuff() {
  const admin = await t.db
    .selectFrom('users')
    .select('user_id')
    .where('username', '=', 'role8@demo.test')
    .executeTakeFirstOrThrow();
  const patientId = await makePatient(t.db, await placeOf(t.db, admin.user_id));
  const cuff = await giveDevice(t.db, patientId, 1, new Date(t.clock.now().getTime() - 86_400_000));
  const org = await t.db
    .selectFrom('patients')
    .select('organization_id')
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  const spareImei = `77${String(Date.now()).slice(-8)}${++serial}`;
  const spare = await t.db
    .insertInto('devices')
    .values({
      imei: spareImei,
      device_type_id: 1,
      device_name: 'Spare cuff',
      organization_id: org.organization_id,
      status: 'available',
    })
    .returning('inventory_id')
    .executeTakeFirstOrThrow();
  return { patientId, cuff, spare: { inventoryId: spare.inventory_id, imei: spareImei } };
}

/** A device order of a new patient, placed and not yet shipped. */
async function deviceOrder() {
  const { patientId } = await patientWithCuff();
  const by = await t.db
    .selectFrom('users')
    .select('user_id')
    .where('username', '=', 'role8@demo.test')
    .executeTakeFirstOrThrow();
  const now = t.clock.now();
  const enrollment = await t.db
    .insertInto('enrollment_orders')
    .values({
      patient_id: patientId,
      program: 'RPM',
      ordering_provider: 'Dr Test',
      diagnosis_codes: JSON.stringify(['I10']),
      order_date: now.toISOString().slice(0, 10),
      consent_date: now.toISOString().slice(0, 10),
      consent_method: 'verbal',
      created_by: by.user_id,
      created_at: now,
      updated_at: now,
    })
    .returning('order_id')
    .executeTakeFirstOrThrow();
  return t.db
    .insertInto('device_orders')
    .values({
      order_id: enrollment.order_id,
      patient_id: patientId,
      device_type_id: 1,
      status: 'ordered',
      ordered_by: by.user_id,
      ordered_at: now,
      updated_at: now,
    })
    .returning(['device_order_id', 'status'])
    .executeTakeFirstOrThrow();
}

const reading = (imei: string, minutesAgo: number) =>
  injectCall(t.app, ingestReading, {
    headers: { [DEVICE_KEY_HEADER]: DEMO_DEVICE_KEY },
    body: {
      imei,
      taken_at: new Date(t.clock.now().getTime() - minutesAgo * 60_000).toISOString(),
      values: { systolic: 128, diastolic: 82, pulse: 70 },
    },
  });

beforeAll(async () => {
  t = await startTestApp();
  secret = await createVendorSecret(t.db, 'acme', null, t.clock.now());
}, 120_000);
afterAll(async () => t.close());

describe('device-vendor webhooks (issue 43 §4)', () => {
  it.each([
    ['a wrong signature', { signature: `v1=${'0'.repeat(64)}` }],
    ['no signature', { signature: null }],
    ['another secret', { key: 'whsec_not-the-vendors-secret-at-all-000000' }],
    ['a timestamp six minutes old', { at: 0 }],
    ['an unknown vendor', { vendor: 'nobody' }],
  ])('refuses %s with 401 and writes nothing', async (_, opts) => {
    const { cuff } = await patientWithCuff();
    const before = await rowCounts(t.db, TABLES);
    const at = 'at' in opts ? Math.floor(t.clock.now().getTime() / 1000) - 360 : undefined;
    const res = await send(event('device.unlinked', { imei: cuff.imei }), { ...opts, ...(at ? { at } : {}) });
    expect(res.statusCode, res.body).toBe(401);
    expect(await rowCounts(t.db, TABLES)).toEqual(before);
  });

  it('refuses a malformed body with 400 naming the field, and an unknown device with 404, writing nothing', async () => {
    const before = await rowCounts(t.db, TABLES);
    const bad = await send(event('order.shipped', { device_order_id: 1 }));
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'data.tracking_number']);
    const unknown = await send(event('device.returned', { imei: '0000-no-such-device' }));
    expect([unknown.statusCode, unknown.json().field]).toEqual([404, 'data.imei']);
    expect(await rowCounts(t.db, TABLES)).toEqual(before);
  });

  it('applies an event once: a resend is a duplicate, the same id with another body 409', async () => {
    const { cuff } = await patientWithCuff();
    const body = event('device.connected', { imei: cuff.imei });
    expect((await send(body)).json()).toMatchObject({ status: 1, duplicate: false });
    const after = await rowCounts(t.db, TABLES);
    expect((await send(body)).json()).toMatchObject({ status: 1, duplicate: true });
    expect(await rowCounts(t.db, TABLES)).toEqual(after);
    const other = await send({ ...body, data: { imei: cuff.imei, device_order_id: 1 } });
    expect(other.statusCode).toBe(409);
  });

  it('moves a device order forward with its tracking number, never back', async () => {
    const order = await deviceOrder();
    expect(
      (
        await send(
          event('order.shipped', {
            device_order_id: order.device_order_id,
            tracking_number: '1Z999',
            carrier: 'UPS',
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await send(event('order.delivered', { device_order_id: order.device_order_id }))).statusCode,
    ).toBe(200);
    // A late 'shipped' after 'delivered' is kept in the history, not applied.
    expect(
      (
        await send(
          event('order.shipped', { device_order_id: order.device_order_id, tracking_number: 'LATE' }),
        )
      ).statusCode,
    ).toBe(200);
    const row = await t.db
      .selectFrom('device_orders')
      .selectAll()
      .where('device_order_id', '=', order.device_order_id)
      .executeTakeFirstOrThrow();
    expect([row.status, row.tracking_number]).toEqual(['delivered', '1Z999']);
    const history = await t.db
      .selectFrom('device_events')
      .select('event')
      .where('device_order_id', '=', order.device_order_id)
      .orderBy('device_event_id')
      .execute();
    expect(history.map((h) => h.event)).toEqual(['order.shipped', 'order.delivered', 'order.shipped']);
  });

  it('replaces a cuff: earlier readings stay with the old device, new ones land from the new device only', async () => {
    const { patientId, cuff, spare } = await patientWithCuff();
    expect((await reading(cuff.imei, 30)).statusCode).toBe(200);
    const res = await send(event('device.replaced', { old_imei: cuff.imei, new_imei: spare.imei }));
    expect(res.statusCode, res.body).toBe(200);
    const readings = await t.db
      .selectFrom('readings as r')
      .innerJoin('device_assignments as a', 'a.device_assign_id', 'r.device_assign_id')
      .select(['a.inventory_id'])
      .where('r.patient_id', '=', patientId)
      .execute();
    expect(new Set(readings.map((r) => r.inventory_id))).toEqual(new Set([cuff.inventoryId]));
    // A reading the old cuff took before the replacement is still its own; one taken after is refused.
    t.clock.advance(10 * 60_000);
    expect((await reading(cuff.imei, 1)).statusCode).toBe(409);
    const fresh = await reading(spare.imei, 1);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const after = await t.db
      .selectFrom('readings as r')
      .innerJoin('device_assignments as a', 'a.device_assign_id', 'r.device_assign_id')
      .select(['a.inventory_id', 'r.patient_id'])
      .where('r.reading_id', 'in', fresh.json().data.reading_ids)
      .execute();
    expect(after.every((r) => r.inventory_id === spare.inventoryId && r.patient_id === patientId)).toBe(true);
    const history = await t.db
      .selectFrom('device_events')
      .select(['inventory_id', 'event'])
      .where('patient_id', '=', patientId)
      .execute();
    expect(history).toEqual(
      expect.arrayContaining([
        { inventory_id: cuff.inventoryId, event: 'device.replaced' },
        { inventory_id: spare.inventoryId, event: 'device.replaced' },
      ]),
    );
  });
});
