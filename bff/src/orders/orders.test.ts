import {
  addDeviceOrder,
  addEnrollmentOrder,
  addOrderAuthorization,
  type CallBody,
  getAuthorizationHistory,
  getDeviceOrders,
  getEnrollmentOrders,
  ORDER_TEXT,
  shiftDay,
  updateDeviceOrderStatus,
  updateEnrollmentOrder,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChartWorld, type Signed, startChartWorld } from '../chart/chart-test-world.js';
import { TABLE_NAMES } from '../db/schema.js';
import { injectCall, injectUnchecked } from '../test-app.js';
import { rowCounts } from '../test-rows.js';

let w: ChartWorld;

beforeAll(async () => {
  w = await startChartWorld();
});
afterAll(async () => w.t.close());

type NewOrder = CallBody<typeof addEnrollmentOrder>;

const order = (over: Partial<NewOrder> = {}): NewOrder => ({
  patient_id: w.patient,
  program: 'RPM',
  ordering_provider: 'Dr. Maya Patel',
  provider_npi: '1234567893',
  diagnosis_codes: ['i10', 'E11.9'],
  order_date: shiftDay(w.today, -10),
  consent_date: shiftDay(w.today, -12),
  consent_method: 'verbal',
  authorization: {
    authorization_number: 'AUTH-1001',
    start_date: shiftDay(w.today, -10),
    end_date: shiftDay(w.today, 80),
  },
  ...over,
});

const add = (body: NewOrder, who: Signed = w.nurse, key?: string) =>
  injectCall(
    w.t.app,
    addEnrollmentOrder,
    { body, ...(key ? { headers: { 'idempotency-key': key } } : {}) },
    who,
  );
const history = (patient_id: number | undefined, who: Signed = w.nurse) =>
  injectCall(w.t.app, getAuthorizationHistory, { query: patient_id ? { patient_id } : {} }, who);
const auditCount = (action: string) =>
  w.t.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', '=', action)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

describe('enrolment orders and authorisations (000 §2.3 enroll-details, authorization-history)', () => {
  it('records an order with consent and its first authorisation, codes upper-cased, audited', async () => {
    const res = await add(order());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      program: 'RPM',
      ordering_provider: 'Dr. Maya Patel',
      diagnosis_codes: ['I10', 'E11.9'],
      consent_method: 'verbal',
      authorization: { authorization_number: 'AUTH-1001', end_date: shiftDay(w.today, 80) },
    });
    const listed = await injectCall(
      w.t.app,
      getEnrollmentOrders,
      { query: { patient_id: w.patient } },
      w.nurse,
    );
    expect(listed.json().data).toHaveLength(1);
    expect(await auditCount('add_enrollment_order')).toBe(1);
    expect(await auditCount('add_order_authorization')).toBe(1);
  });

  it('refuses bad codes, consent after the order, future dates and reversed authorisations, writing nothing', async () => {
    const before = await rowCounts(w.t.db, TABLE_NAMES);
    const field = async (body: NewOrder) => {
      const res = await injectUnchecked(w.t.app, addEnrollmentOrder, { body }, w.nurse);
      return [res.statusCode, res.json().field, res.json().message];
    };
    expect((await field(order({ diagnosis_codes: ['high blood pressure'] })))[1]).toBe('diagnosis_codes.0');
    expect(await field(order({ consent_date: shiftDay(w.today, -5) }))).toEqual([
      400,
      'consent_date',
      expect.stringContaining(ORDER_TEXT.consentAfterOrder),
    ]);
    expect(await field(order({ order_date: shiftDay(w.today, 1) }))).toEqual([
      400,
      'order_date',
      `order_date ${ORDER_TEXT.futureDay}.`,
    ]);
    const reversed = { authorization_number: 'A', start_date: w.today, end_date: shiftDay(w.today, -1) };
    expect((await field(order({ authorization: reversed })))[1]).toBe('authorization.end_date');
    expect((await field(order({ provider_npi: '12345' })))[1]).toBe('provider_npi');
    expect(await rowCounts(w.t.db, TABLE_NAMES)).toEqual(before);
  });

  it('keeps every authorisation: renewals show newest first; across patients only those the user may see', async () => {
    const orderId = (await add(order({ program: 'CCM' }))).json().data.order_id;
    const renewal = {
      order_id: orderId,
      authorization_number: 'AUTH-2002',
      start_date: w.today,
      end_date: shiftDay(w.today, 90),
    };
    const res = await injectCall(w.t.app, addOrderAuthorization, { body: renewal }, w.nurse);
    expect(res.json().data).toMatchObject({ authorization_number: 'AUTH-2002', program: 'CCM' });
    const orders = await injectCall(
      w.t.app,
      getEnrollmentOrders,
      { query: { patient_id: w.patient } },
      w.nurse,
    );
    const ccm = orders.json().data.find((o: { order_id: number }) => o.order_id === orderId);
    expect(ccm.authorization.authorization_number).toBe('AUTH-2002');

    await add(
      order({
        patient_id: w.foreign,
        authorization: { authorization_number: 'ELSEWHERE-9', start_date: w.today, end_date: w.today },
      }),
      w.admin,
    );
    const numbers = (r: Awaited<ReturnType<typeof history>>) =>
      r.json().data.map((a: { authorization_number: string }) => a.authorization_number);
    const mine = await history(w.patient);
    expect(numbers(mine).slice(0, 2)).toEqual(['AUTH-2002', 'AUTH-1001']);
    expect(numbers(await history(undefined))).not.toContain('ELSEWHERE-9');
    expect(numbers(await history(undefined, w.admin))).toContain('ELSEWHERE-9');
    expect((await history(w.foreign)).statusCode).toBe(404);
  });

  it('corrects an order keeping the values before in the audit; foreign orders are unknown', async () => {
    const created = (await add(order({ authorization: null }))).json().data;
    const { patient_id: _, authorization: __, ...fields } = order({ ordering_provider: 'Dr. Lee' });
    const res = await injectCall(
      w.t.app,
      updateEnrollmentOrder,
      { body: { order_id: created.order_id, ...fields } },
      w.nurse,
    );
    expect(res.json().data).toMatchObject({ ordering_provider: 'Dr. Lee', authorization: null });
    const row = await w.t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'update_enrollment_order')
      .where('entity_id', '=', String(created.order_id))
      .executeTakeFirstOrThrow();
    expect(row.detail).toMatchObject({ before: { ordering_provider: 'Dr. Maya Patel' } });

    const theirs = (await add(order({ patient_id: w.foreign }), w.admin)).json().data.order_id;
    const swapped = await injectCall(
      w.t.app,
      updateEnrollmentOrder,
      { body: { order_id: theirs, ...fields } },
      w.nurse,
    );
    expect([swapped.statusCode, swapped.json().message]).toEqual([404, `Order ${theirs} does not exist.`]);
  });
});

describe('device orders (000 §2.3 sub-orders)', () => {
  it('orders a device and moves it forward only: shipped with tracking, delivered, returned', async () => {
    const orderId = (await add(order())).json().data.order_id;
    const res = await injectCall(
      w.t.app,
      addDeviceOrder,
      { body: { order_id: orderId, device_type_id: 1 } },
      w.nurse,
    );
    expect(res.json().data).toMatchObject({ status: 'ordered', order_id: orderId, shipped_at: null });
    const id = res.json().data.device_order_id;
    const move = (status: 'shipped' | 'delivered' | 'returned', tracking_number?: string) =>
      injectCall(
        w.t.app,
        updateDeviceOrderStatus,
        { body: { device_order_id: id, status, tracking_number } },
        w.nurse,
      );
    expect((await move('returned')).json()).toMatchObject({
      status: 409,
      field: 'status',
      message: ORDER_TEXT.statusMove('Ordered', 'Returned'),
    });
    expect((await move('shipped', '1Z999AA10123456784')).json().data).toMatchObject({
      status: 'shipped',
      tracking_number: '1Z999AA10123456784',
      shipped_at: w.t.clock.now().toISOString(),
    });
    expect((await move('delivered')).json().data.tracking_number).toBe('1Z999AA10123456784');
    expect((await move('returned')).json().data.status).toBe('returned');
    expect((await move('delivered')).statusCode).toBe(409);
    expect(await auditCount('update_device_order_status')).toBe(3);
    const listed = await injectCall(w.t.app, getDeviceOrders, { query: { patient_id: w.patient } }, w.nurse);
    expect(listed.json().data[0]).toMatchObject({ device_order_id: id, status: 'returned' });
  });

  it('refuses unknown device types and foreign orders', async () => {
    const orderId = (await add(order())).json().data.order_id;
    const bad = await injectCall(
      w.t.app,
      addDeviceOrder,
      { body: { order_id: orderId, device_type_id: 999 } },
      w.nurse,
    );
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'device_type_id']);
    const theirs = (await add(order({ patient_id: w.foreign }), w.admin)).json().data.order_id;
    const swapped = await injectCall(
      w.t.app,
      addDeviceOrder,
      { body: { order_id: theirs, device_type_id: 1 } },
      w.nurse,
    );
    expect([swapped.statusCode, swapped.json().field]).toEqual([404, 'order_id']);
    const device = (
      await injectCall(w.t.app, addDeviceOrder, { body: { order_id: theirs, device_type_id: 1 } }, w.admin)
    ).json().data;
    const moved = await injectCall(
      w.t.app,
      updateDeviceOrderStatus,
      { body: { device_order_id: device.device_order_id, status: 'shipped' } },
      w.nurse,
    );
    expect([moved.statusCode, moved.json().field]).toEqual([404, 'device_order_id']);
  });

  it('records one order per Idempotency-Key', async () => {
    const first = await add(order({ ordering_provider: 'Dr. Once' }), w.nurse, 'order-key-0001');
    const again = await add(order({ ordering_provider: 'Dr. Once' }), w.nurse, 'order-key-0001');
    expect(again.json().data.order_id).toBe(first.json().data.order_id);
    const count = await w.t.db
      .selectFrom('enrollment_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ordering_provider', '=', 'Dr. Once')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});
