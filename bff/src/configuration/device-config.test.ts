import { CONFIG_TABLES, MSG, shiftMonths } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthPrices } from '../billing/report.js';
import { injectCall, injectUnchecked } from '../test-app.js';
import { rowCounts } from '../test-rows.js';
import { type ConfigWorld, thisMonth as monthOf, startConfigWorld, updateOf } from './config-test-world.js';

let w: ConfigWorld;
let t: ConfigWorld['t'];
let admin: ConfigWorld['admin'];
let biller: ConfigWorld['biller'];
let nurse: ConfigWorld['nurse'];

beforeAll(async () => {
  w = await startConfigWorld();
  ({ t, admin, biller, nurse } = w);
});
afterAll(async () => t.close());

const { 'device-types': deviceTypes, vitals } = CONFIG_TABLES;
const thisMonth = () => monthOf(w);
const lastAudit = () =>
  t.db.selectFrom('audit_log').selectAll().orderBy('audit_id', 'desc').limit(1).executeTakeFirstOrThrow();

describe('DeviceType and Vitals (000 §2.4): add, edit, deactivate', () => {
  it('adds a device type once per Idempotency-Key with its audit row, edits and deactivates it', async () => {
    const before = await rowCounts(t.db, ['device_types', 'audit_log']);
    const send = () =>
      injectCall(
        t.app,
        deviceTypes.add,
        { body: { device_type: ' Thermometer ' }, headers: { 'idempotency-key': 'type-thermo-1' } },
        admin,
      );
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 1, message: MSG.addedSuccessfully });
    expect((await send()).json()).toEqual(first.json());
    expect(await rowCounts(t.db, ['device_types', 'audit_log'])).toEqual({
      device_types: before.device_types + 1,
      audit_log: before.audit_log + 1,
    });
    const id = first.json().data.id as number;
    expect(await lastAudit()).toMatchObject({
      action: 'add_device_type',
      entity_id: String(id),
      user_id: admin.user.user_id,
    });

    const edit = await injectCall(
      t.app,
      updateOf(deviceTypes),
      { body: { id, device_type: 'Thermometer T-1', active: false } },
      admin,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().message).toBe(MSG.updatedSuccessfully);
    const row = await t.db
      .selectFrom('device_types')
      .selectAll()
      .where('device_type_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ device_type: 'Thermometer T-1', active: false });
    const list = await injectCall(
      t.app,
      deviceTypes.list.calls.list,
      { query: { search: 'Thermometer' } },
      admin,
    );
    expect(list.json().data).toEqual([
      expect.objectContaining({ device_type_id: id, active: false, status: 'Inactive' }),
    ]);

    // An inactive type takes no new vitals: 400 naming the field, nothing written.
    const vital = await injectCall(
      t.app,
      vitals.add,
      { body: { vital_type: 'temperature', device_type_id: id, unit: '°F' } },
      admin,
    );
    expect(vital.statusCode).toBe(400);
    expect(vital.json()).toMatchObject({ field: 'device_type_id', message: 'Select an active device type.' });
  });

  it('refuses a name that exists in another case with 409 naming the field, writing nothing', async () => {
    const before = await rowCounts(t.db, ['device_types', 'vitals', 'audit_log']);
    const type = await injectCall(t.app, deviceTypes.add, { body: { device_type: 'blood pressure' } }, admin);
    expect(type.statusCode).toBe(409);
    expect(type.json()).toMatchObject({ field: 'device_type', message: 'This device type already exists.' });
    const vital = await injectCall(
      t.app,
      updateOf(vitals),
      { body: { id: 1, vital_type: 'Diastolic', unit: 'mmHg', active: true } },
      admin,
    );
    expect(vital.statusCode).toBe(409);
    expect(vital.json().field).toBe('vital_type');
    expect(await rowCounts(t.db, ['device_types', 'vitals', 'audit_log'])).toEqual(before);
  });

  it.each([
    ['an empty name', { device_type: '   ' }, 'device_type'],
    ['a name over 100 characters', { device_type: 'x'.repeat(101) }, 'device_type'],
    ['a NUL character', { device_type: 'a\u0000b' }, 'device_type'],
  ])('refuses %s with 400 naming the field', async (_what, body, field) => {
    const res = await injectUnchecked(t.app, deviceTypes.add, { body }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().field ?? res.body).toContain(field);
  });

  it("keeps a vital's device type (readings stay with it) and answers 404 for an unknown row", async () => {
    const res = await injectUnchecked(
      t.app,
      updateOf(vitals),
      { body: { id: 3, vital_type: 'pulse', unit: 'bpm', active: true, device_type_id: 2 } },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('vitals')
      .selectAll()
      .where('vital_id', '=', 3)
      .executeTakeFirstOrThrow();
    expect(row.device_type_id).toBe(1);
    const unknown = await injectCall(
      t.app,
      updateOf(vitals),
      { body: { id: 99_999, vital_type: 'x', unit: 'y', active: true } },
      admin,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('needs the table’s page: 403 for a nurse', async () => {
    const res = await injectCall(t.app, deviceTypes.add, { body: { device_type: 'Nurse type' } }, nurse);
    expect(res.statusCode).toBe(403);
  });
});

describe('Insurances Default Amount (000 §2.4): prices by effective date, read by billing', () => {
  const prices = CONFIG_TABLES['insurances-default'];

  it('has no edit call: a price is only added', () => {
    expect(prices.update).toBeUndefined();
  });

  it('adds a price from this month, which billing reads for this month and not for the last', async () => {
    const month = thisMonth();
    const lastMonth = shiftMonths(month, -1);
    const before = (await monthPrices(t.db, lastMonth)).get('99454');
    const res = await injectCall(
      t.app,
      prices.add,
      { body: { cpt_code: '99454', amount: 51.25, effective_from: month } },
      biller,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await monthPrices(t.db, month)).get('99454')).toBe(5125);
    expect((await monthPrices(t.db, lastMonth)).get('99454')).toBe(before);
    const twice = await injectCall(
      t.app,
      prices.add,
      { body: { cpt_code: '99454', amount: 52, effective_from: month } },
      biller,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().field).toBe('effective_from');
  });

  it.each([
    ['a past month', () => ({ effective_from: shiftMonths(thisMonth(), -1) }), 'effective_from'],
    [
      'a day that is not the first',
      () => ({ effective_from: `${thisMonth().slice(0, 8)}15` }),
      'effective_from',
    ],
    ['a negative amount', () => ({ amount: -1 }), 'amount'],
    ['three decimals', () => ({ amount: 1.005 }), 'amount'],
    ['an unknown code', () => ({ cpt_code: '12345' }), 'cpt_code'],
  ])('refuses %s with 400 naming the field, writing nothing', async (_what, change, field) => {
    const before = await rowCounts(t.db, ['insurance_default_amounts', 'audit_log']);
    const body = { cpt_code: '99457', amount: 50, effective_from: shiftMonths(thisMonth(), 1), ...change() };
    const res = await injectUnchecked(t.app, prices.add, { body }, biller);
    expect(res.statusCode).toBe(400);
    expect(res.json().field ?? res.body).toContain(field);
    expect(await rowCounts(t.db, ['insurance_default_amounts', 'audit_log'])).toEqual(before);
  });
});
