import {
  assignDevice,
  type CallDef,
  DEVICE_KEY_HEADER,
  type DeviceCountRow,
  deviceDataLogsList,
  deviceHistoryList,
  devicesList,
  getDevicesCountForOrganizations,
  ingestReading,
  returnDevice,
  unassignedDevicesList,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/schema.js';
import { DEMO_DEVICE_KEY } from '../db/seed/index.js';
import { userOrganizations } from '../scope.js';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { giveDevice, makePatient, type Place, placeElsewhere, placeOf } from '../test-fixtures.js';
import { rowCounts } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
/** Role 20 (technician, Northwind): the inventory entries. */
let tech: Signed;
/** Role 1: every organisation. */
let admin: Signed;
/** Role 8: no 'Devices Table'. */
let nurse: Signed;
let place: Place;
let elsewhere: Place;
/** A patient of the technician's practice, and one of another organisation. */
let patient: number;
let foreignPatient: number;

/** A new device of an organisation (null: stock), in a state. */
async function newDevice(
  db: Db,
  organizationId: number | null,
  status: 'available' | 'deactivated' = 'available',
) {
  const row = await db
    .insertInto('devices')
    .values({
      imei: `77${String(Math.random()).slice(2, 14)}`,
      device_type_id: 1,
      device_name: 'Test Cuff',
      organization_id: organizationId,
      status,
    })
    .returning('inventory_id')
    .executeTakeFirstOrThrow();
  return row.inventory_id;
}

beforeAll(async () => {
  t = await startTestApp();
  tech = await signIn(t.app, 'role20@demo.test');
  admin = await signIn(t.app, 'role1@demo.test');
  nurse = await signIn(t.app, 'role8@demo.test');
  place = await placeOf(t.db, tech.user.user_id);
  elsewhere = await placeElsewhere(t.db, place);
  patient = await makePatient(t.db, place);
  foreignPatient = await makePatient(t.db, elsewhere);
}, 60_000);
afterAll(async () => t?.close());

const assign = (body: { inventory_id: number; patient_id: number }, who = tech, key?: string) =>
  injectCall(t.app, assignDevice, { body, ...(key ? { headers: { 'idempotency-key': key } } : {}) }, who);
const giveBack = (deviceAssignId: number, who = tech) =>
  injectCall(t.app, returnDevice, { body: { device_assign_id: deviceAssignId } }, who);
const countsOf = async (who = tech): Promise<DeviceCountRow[]> => {
  const res = await injectCall(t.app, getDevicesCountForOrganizations, {}, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const listCount = async (call: CallDef, query: Record<string, string> = {}) => {
  const res = await injectUnchecked(t.app, call, { query }, tech);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().count as number;
};

describe('device-count table (001 §2.5)', () => {
  it("answers one row per organisation of the user's, with the spec's fields", async () => {
    const rows = await countsOf();
    expect(rows.map((r) => r.id).sort()).toEqual(await userOrganizations(t.db, tech.user.user_id));
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      [
        'active_patients',
        'available_devices',
        'devices_issued',
        'id',
        'name',
        'total_devices',
        'total_patients',
      ].sort(),
    );
    expect((await countsOf(admin)).length).toBeGreaterThan(rows.length);
  });

  it("is refused to a user without 'Devices Table' (000 §2.4)", async () => {
    const res = await injectCall(t.app, getDevicesCountForOrganizations, {}, nurse);
    expect(res.statusCode).toBe(403);
  });
});

describe('assigning and returning a device', () => {
  it('moves a device from available to issued in the counts and the lists, and back on return, keeping the history', async () => {
    const inventoryId = await newDevice(t.db, place.organizationId);
    const row = async () => (await countsOf()).find((r) => r.id === place.organizationId) as DeviceCountRow;
    const before = await row();
    const unassigned = await listCount(unassignedDevicesList.calls.list);
    const history = await listCount(deviceHistoryList.calls.list);

    const res = await assign({ inventory_id: inventoryId, patient_id: patient });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Added Successfully');
    const assignId = res.json().data.device_assign_id as number;
    const issued = await row();
    expect(issued).toMatchObject({
      total_devices: before.total_devices,
      devices_issued: before.devices_issued + 1,
      available_devices: before.available_devices - 1,
    });
    // The table matches the inventory lists.
    const assignedInList = await listCount(devicesList.calls.list, {
      status: 'assigned',
      organization: String(place.organizationId),
    });
    expect(assignedInList).toBe(issued.devices_issued);
    expect(await listCount(unassignedDevicesList.calls.list)).toBe(unassigned - 1);
    expect(await listCount(deviceHistoryList.calls.list)).toBe(history + 1);

    const back = await giveBack(assignId);
    expect(back.statusCode, back.body).toBe(200);
    expect(await row()).toEqual(before);
    expect(await listCount(deviceHistoryList.calls.list)).toBe(history + 1);
    const kept = await t.db
      .selectFrom('device_assignments')
      .select(['unassigned_at', 'patient_id'])
      .where('device_assign_id', '=', assignId)
      .executeTakeFirstOrThrow();
    expect(kept.patient_id).toBe(patient);
    expect(kept.unassigned_at).not.toBeNull();
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity', '=', 'device_assignment')
      .where('entity_id', '=', String(assignId))
      .orderBy('audit_id')
      .execute();
    expect(audits).toEqual([
      { action: 'assign_device', user_id: tech.user.user_id },
      { action: 'return_device', user_id: tech.user.user_id },
    ]);
    // Returned once: a second return is a conflict; the device can go to the patient again.
    expect((await giveBack(assignId)).statusCode).toBe(409);
    expect((await assign({ inventory_id: inventoryId, patient_id: patient })).statusCode).toBe(200);
  });

  it("ends the returned assignment's active alert rules", async () => {
    const device = await giveDevice(t.db, patient, 2, new Date(t.clock.now().getTime() - 86_400_000));
    await t.db
      .insertInto('notification_rules')
      .values({
        patient_id: patient,
        device_assign_id: device.deviceAssignId,
        interval_id: 1,
        interval_count: 1,
        start_date: '2020-01-01',
        end_date: '2099-12-31',
        status: 1,
        notification_mode: 'sms',
        sms_miss: 2,
        call_miss: 4,
        created_by: tech.user.user_id,
        created_at: t.clock.now(),
        updated_by: tech.user.user_id,
        updated_at: t.clock.now(),
      })
      .execute();
    expect((await giveBack(device.deviceAssignId)).statusCode).toBe(200);
    const rules = await t.db
      .selectFrom('notification_rules')
      .select(['status', 'terminated_by'])
      .where('device_assign_id', '=', device.deviceAssignId)
      .execute();
    expect(rules).toEqual([{ status: 2, terminated_by: tech.user.user_id }]);
  });

  it('writes once per Idempotency-Key', async () => {
    const inventoryId = await newDevice(t.db, place.organizationId);
    const before = await rowCounts(t.db, ['device_assignments']);
    const first = await assign({ inventory_id: inventoryId, patient_id: patient }, tech, 'assign-key-0001');
    const again = await assign({ inventory_id: inventoryId, patient_id: patient }, tech, 'assign-key-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await rowCounts(t.db, ['device_assignments'])).toEqual({
      device_assignments: before.device_assignments + 1,
    });
  });

  it('refuses what cannot be handed out, naming the field, and writes nothing', async () => {
    const foreignDevice = await newDevice(t.db, elsewhere.organizationId);
    const stock = await newDevice(t.db, null);
    const deactivated = await newDevice(t.db, place.organizationId, 'deactivated');
    const mine = await newDevice(t.db, place.organizationId);
    const issued = await newDevice(t.db, place.organizationId);
    expect((await assign({ inventory_id: issued, patient_id: patient })).statusCode).toBe(200);
    const before = await rowCounts(t.db, ['device_assignments', 'audit_log']);
    const cases: [string, unknown, number, string, Signed?][] = [
      [
        "another organisation's device",
        { inventory_id: foreignDevice, patient_id: patient },
        404,
        'inventory_id',
      ],
      ['an unknown device', { inventory_id: 2_000_000_000, patient_id: patient }, 404, 'inventory_id'],
      [
        "another organisation's patient",
        { inventory_id: mine, patient_id: foreignPatient },
        404,
        'patient_id',
      ],
      ['a deactivated device', { inventory_id: deactivated, patient_id: patient }, 409, 'inventory_id'],
      ['a device already issued', { inventory_id: issued, patient_id: patient }, 409, 'inventory_id'],
      // Role 1 sees both organisations, but a device goes only to a patient of its own organisation.
      [
        'a device of another organisation than the patient',
        { inventory_id: mine, patient_id: foreignPatient },
        400,
        'inventory_id',
        admin,
      ],
      ['unallocated stock', { inventory_id: stock, patient_id: patient }, 400, 'inventory_id', admin],
      ['a bad id', { inventory_id: 0, patient_id: patient }, 400, 'inventory_id'],
      ['a missing patient', { inventory_id: mine }, 400, 'patient_id'],
    ];
    for (const [what, body, status, field, who] of cases) {
      const res = await injectUnchecked(t.app, assignDevice, { body }, who ?? tech);
      expect(res.statusCode, what).toBe(status);
      expect(res.json().field, what).toBe(field);
    }
    expect(await rowCounts(t.db, ['device_assignments', 'audit_log'])).toEqual(before);
  });

  it("answers another organisation's assignment as unknown on return", async () => {
    const foreign = await giveDevice(t.db, foreignPatient, 1, new Date(t.clock.now().getTime() - 86_400_000));
    const res = await giveBack(foreign.deviceAssignId);
    expect(res.statusCode).toBe(404);
    expect(res.json().field).toBe('device_assign_id');
    expect((await giveBack(foreign.deviceAssignId, admin)).statusCode).toBe(200);
  });
});

describe('Device Data logs (000 §2.4)', () => {
  /** Sends a measurement of a new cuff of the patient's; answers the body sent and the IMEI. */
  async function measure(patientId: number) {
    const device = await giveDevice(t.db, patientId, 1, new Date(t.clock.now().getTime() - 86_400_000));
    const body = {
      imei: device.imei,
      taken_at: new Date(t.clock.now().getTime() - 600_000).toISOString(),
      values: { systolic: 128, diastolic: 82, pulse: 70 },
    };
    const sent = await injectCall(t.app, ingestReading, {
      body,
      headers: { [DEVICE_KEY_HEADER]: DEMO_DEVICE_KEY },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return body;
  }
  const logs = async (imei: string, who: Signed) => {
    const res = await injectUnchecked(t.app, deviceDataLogsList.calls.list, { query: { search: imei } }, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { payload: string | null; patient_id: number }[];
  };

  it('shows a measurement as the device sent it', async () => {
    const body = await measure(patient);
    const rows = await logs(body.imei, tech);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.patient_id).toBe(patient);
    expect(JSON.parse(rows[0]?.payload ?? 'null')).toEqual(body);
  });

  it("shows no other organisation's device logs", async () => {
    const body = await measure(foreignPatient);
    expect(await logs(body.imei, tech)).toEqual([]);
    expect(await logs(body.imei, admin)).toHaveLength(1);
  });
});
