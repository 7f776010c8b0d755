import { DEVICE_UPLOAD_COLUMNS, edisonInventoryList } from '@rpm/shared';
import luhn from 'fast-luhn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TODAY } from '../db/test-database.js';
import { injectCall, signIn, startTestApp, type TestApp } from '../test-app.js';
import { commit, countOf, csvFile, preview, previewed, problemLines, type Signed } from './test-world.js';

let t: TestApp;
let technician: Signed; // role 20: Inventory Uploads
let admin: Signed; // role 2: no Inventory Uploads
let serial = 0;

const HEADER = DEVICE_UPLOAD_COLUMNS.map((c) => c.header);

/** A new IMEI with a valid check digit. */
function imei(): string {
  const body = `35${String(++serial).padStart(12, '7')}`;
  for (let digit = 0; digit < 10; digit++) if (luhn(`${body}${digit}`)) return `${body}${digit}`;
  throw new Error('no check digit');
}

function row(change: Record<string, string> = {}): string[] {
  const cells: Record<string, string> = {
    'IMEI or Serial': imei(),
    'Device Type': 'blood pressure',
    'Device Name': 'Cellular BP Monitor BP-800',
    Vendor: 'Acme Medical',
    'Purchase Date': '10/01/2026',
    ...change,
  };
  return HEADER.map((h) => cells[h] ?? '');
}

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 5, now: TEST_TODAY });
  technician = await signIn(t.app, 'role20@demo.test');
  admin = await signIn(t.app, 'role2@demo.test');
});
afterAll(async () => {
  await t.close();
});

describe('Inventory Uploads (issue 38 §4; decisions.md "CSV uploads")', () => {
  it('adds devices to the stock, seen at once in Edison Inventory, with an audit row each', async () => {
    const rows = [row(), row({ 'IMEI or Serial': 'sn-ab1234', 'Purchase Date': '' })];
    const summary = await previewed(t, 'devices', csvFile([HEADER, ...rows]), technician);
    expect(problemLines(summary)).toEqual([]);
    const done = await commit(t, 'devices', technician, summary.upload_id);
    expect(done.json().data.counts).toMatchObject({ created: 2 });
    const stored = await t.db
      .selectFrom('devices')
      .select(['imei', 'organization_id', 'status', 'vendor_name', 'device_type_id'])
      .where('imei', 'in', [rows[0]?.[0] as string, 'SN-AB1234'])
      .orderBy('imei')
      .execute();
    expect(stored).toEqual([
      {
        imei: rows[0]?.[0],
        organization_id: null,
        status: 'available',
        vendor_name: 'Acme Medical',
        device_type_id: 1,
      },
      {
        imei: 'SN-AB1234',
        organization_id: null,
        status: 'available',
        vendor_name: 'Acme Medical',
        device_type_id: 1,
      },
    ]);
    const list = await injectCall(
      t.app,
      edisonInventoryList.calls.list,
      { query: { search: rows[0]?.[0] as string } },
      technician,
    );
    expect(list.json().data.map((d: { imei: string }) => d.imei)).toEqual([rows[0]?.[0]]);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'upload_device')
      .execute();
    expect(audits).toHaveLength(2);
  });

  it('checks IMEIs by length and Luhn check digit, and names each problem', async () => {
    const good = imei();
    const wrongDigit = `${good.slice(0, 14)}${(Number(good[14]) + 1) % 10}`;
    const summary = await previewed(
      t,
      'devices',
      csvFile([
        HEADER,
        row({ 'IMEI or Serial': wrongDigit }),
        row({ 'IMEI or Serial': good.slice(0, 14) }),
        row({ 'Device Type': 'Toaster' }),
        row({ 'Device Name': 'Cellular Weight Scale WS-300' }),
        row({ Vendor: '' }),
        row({ 'Purchase Date': '01/01/2099' }),
        row({ Warehouse: 'Nowhere' }),
        row({ 'IMEI or Serial': `${good.slice(0, 3)} ${good.slice(3)}` }),
      ]),
      technician,
    );
    expect(problemLines(summary)).toEqual([
      '2 IMEI or Serial: An IMEI is 15 digits with a valid check digit.',
      '3 IMEI or Serial: An IMEI is 15 digits with a valid check digit.',
      "4 Device Type: No device type 'Toaster'.",
      "5 Device Name: No model 'Cellular Weight Scale WS-300' of this device type in the DeviceName table.",
      '6 Vendor: Required',
      '7 Purchase Date: Enter the purchase date as MM/DD/YYYY, not in the future.',
      "8 Warehouse: No active warehouse 'Nowhere'.",
    ]);
    expect(summary.counts).toMatchObject({ new: 1, invalid: 7 });
  });

  it('marks a repeated IMEI; a known device is unchanged, refused or updated as chosen', async () => {
    const a = row();
    const dup = await previewed(t, 'devices', csvFile([HEADER, a, a]), technician);
    expect(dup.counts).toMatchObject({ duplicate: 2, new: 0 });
    expect(problemLines(dup)).toContain(`2 IMEI or Serial: Device ${a[0]} is also in row 3.`);

    await commit(
      t,
      'devices',
      technician,
      (await previewed(t, 'devices', csvFile([HEADER, a]), technician)).upload_id,
    );
    const devices = await countOf(t.db, 'devices');
    expect((await previewed(t, 'devices', csvFile([HEADER, a]), technician)).counts).toMatchObject({
      unchanged: 1,
    });
    const moved = [...a];
    moved[HEADER.indexOf('Vendor')] = 'Other Supplier';
    const update = await previewed(t, 'devices', csvFile([HEADER, moved]), technician);
    expect(update.counts).toMatchObject({ update: 1 });
    expect((await commit(t, 'devices', technician, update.upload_id)).json().data.counts).toMatchObject({
      updated: 0,
    });
    const chosen = await previewed(t, 'devices', csvFile([HEADER, moved]), technician);
    expect(
      (await commit(t, 'devices', technician, chosen.upload_id, { update_existing: true })).json().data
        .counts,
    ).toMatchObject({ updated: 1 });
    expect(await countOf(t.db, 'devices')).toBe(devices);
    const stored = await t.db
      .selectFrom('devices')
      .select(['inventory_id', 'vendor_name'])
      .where('imei', '=', a[0] as string)
      .executeTakeFirstOrThrow();
    expect(stored.vendor_name).toBe('Other Supplier');
    const audit = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'update_device')
      .where('entity_id', '=', String(stored.inventory_id))
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({
      changes: { vendor_name: { before: 'Acme Medical', after: 'Other Supplier' } },
    });
  });

  it('refuses users without Inventory Uploads (403)', async () => {
    expect((await preview(t, 'devices', csvFile([HEADER, row()]), admin)).statusCode).toBe(403);
  });
});
