import { type AlertsChangedPayload, HUB_EVENTS, isoDay, type NotificationNewPayload } from '@rpm/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashDeviceKey } from '../alerts/device-keys.js';
import { DEMO_DEVICE_KEY } from '../db/seed/index.js';
import { HUB_PATH } from '../hub/hub.js';
import { openTab } from '../hub/test-tab.js';
import { signIn, startTestApp, type TestApp } from '../test-app.js';
import {
  type FixtureDevice,
  giveDevice,
  makePatient,
  type Place,
  placeElsewhere,
  placeOf,
} from '../test-fixtures.js';
import { rowCounts } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let url: string;
let nurse: Signed; // role 8, Northwind: clinical staff of the patient's practice
let physician: Signed; // role 6, named on the patient
let lead: Signed; // role 5, Riverside: not on the team
let place: Place;
let patient: number;
let bp: FixtureDevice;
let scale: FixtureDevice;
let quiet: FixtureDevice; // a cuff without a rule
let today: string;
const sockets: Socket[] = [];

const TABLES = [
  'readings',
  'reading_messages',
  'alerts',
  'notifications',
  'audit_log',
  'patient_reading_days',
] as const;

beforeAll(async () => {
  // Midday, so a reading an hour back falls on the rules' start day whatever the hour the suite runs.
  t = await startTestApp({ now: new Date(`${isoDay(new Date())}T12:00:00Z`) });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  nurse = await signIn(t.app, 'role8@demo.test');
  physician = await signIn(t.app, 'role6@demo.test');
  lead = await signIn(t.app, 'role5@demo.test');
  today = isoDay(t.clock.now());
  place = await placeOf(t.db, nurse.user.user_id);
  patient = await makePatient(t.db, place, { physicianId: physician.user.user_id });
  const assigned = new Date(t.clock.now().getTime() - 10 * 86_400_000);
  bp = await giveDevice(t.db, patient, 1, assigned);
  scale = await giveDevice(t.db, patient, 2, assigned);
  quiet = await giveDevice(t.db, patient, 1, assigned);
  const rule = (over: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/rpm/notification/addNotificationRule',
      headers: nurse.headers,
      payload: {
        user_id: patient,
        role_id: 7,
        interval_id: 1,
        interval: 1,
        status: 1,
        start_date: today,
        end_date: '2099-12-31',
        created_by: nurse.user.user_id,
        notification_mode: 'sms_ivr',
        sms_miss: 2,
        call_miss: 4,
        ...over,
      },
    });
  const cuff = await rule({
    inventory_id: bp.inventoryId,
    device_type_id: 1,
    vitals: [
      { vital_id: 1, critical_low: 90, abnormal_low: 100, abnormal_high: 140, critical_high: 180 },
      { vital_id: 2, critical_low: 50, abnormal_low: 60, abnormal_high: 90, critical_high: 110 },
      { vital_id: 3, critical_low: 40, abnormal_low: 50, abnormal_high: 110, critical_high: 130 },
    ],
  });
  expect(cuff.statusCode, cuff.body).toBe(200);
  const weight = await rule({
    inventory_id: scale.inventoryId,
    device_type_id: 2,
    vitals: [],
    gain: 3,
    loss: 5,
  });
  expect(weight.statusCode, weight.body).toBe(200);
  await t.db
    .insertInto('patient_weight_settings')
    .values({
      patient_id: patient,
      dry_weight: 180,
      gain: 3,
      loss: 5,
      updated_by: nurse.user.user_id,
      updated_at: t.clock.now(),
    })
    .execute();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

/** A measurement `minutesAgo` before the clock. */
function body(device: FixtureDevice, values: Record<string, unknown>, minutesAgo = 60) {
  return {
    imei: device.imei,
    taken_at: new Date(t.clock.now().getTime() - minutesAgo * 60_000).toISOString(),
    values,
  };
}
const ingest = (payload: unknown, key: string | null = DEMO_DEVICE_KEY) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ingest/readings',
    headers: key === null ? {} : { 'x-device-key': key },
    payload: payload as object,
  });

/** A hub client as the browser makes it, listening for new bell notifications. */
async function listen(who: Signed): Promise<NotificationNewPayload[]> {
  const socket = connect(url, {
    path: HUB_PATH,
    auth: { uid: who.user.user_id, token: who.user.token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: who.headers.cookie as string },
  });
  sockets.push(socket);
  const received: NotificationNewPayload[] = [];
  socket.on(HUB_EVENTS.notificationNew, (payload: NotificationNewPayload) => received.push(payload));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return received;
}

/** Resolves when `list` has `n` entries (the hub's push is asynchronous), or fails after two seconds. */
async function until(list: readonly unknown[], n: number): Promise<void> {
  const started = Date.now();
  while (list.length < n) {
    if (Date.now() - started > 2000) throw new Error(`expected ${n} pushes, got ${list.length}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('POST /api/ingest/readings', () => {
  let normal: ReturnType<typeof body>;

  it('stores a measurement, counts the reading day, raises nothing inside the bounds', async () => {
    const before = await rowCounts(t.db, TABLES);
    normal = body(bp, { systolic: 128, diastolic: 82, pulse: 71 }, 120);
    const res = await ingest(normal);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.duplicate).toBe(false);
    expect(data.reading_ids).toHaveLength(3);
    expect(data.alerts).toEqual([]);
    const after = await rowCounts(t.db, TABLES);
    expect(after).toEqual({
      ...before,
      readings: before.readings + 3,
      reading_messages: before.reading_messages + 1,
      audit_log: before.audit_log + 1,
      patient_reading_days: before.patient_reading_days + 1,
    });
    const summary = await t.db
      .selectFrom('patient_month_summary')
      .select('reading_days')
      .where('patient_id', '=', patient)
      .executeTakeFirstOrThrow();
    expect(summary.reading_days).toBe(1);
  });

  it('answers a retry with the first delivery’s readings and stores nothing again', async () => {
    const first = await t.db
      .selectFrom('readings')
      .select('reading_id')
      .where('device_assign_id', '=', bp.deviceAssignId)
      .orderBy('reading_id')
      .execute();
    const before = await rowCounts(t.db, TABLES);
    const res = await ingest(normal);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      duplicate: true,
      reading_ids: first.map((r) => r.reading_id),
      alerts: [],
      device_errors: [],
      device_task_id: null,
    });
    expect(await rowCounts(t.db, TABLES)).toEqual(before);
  });

  it('treats a physiologically impossible value as a device error: not stored, no alert, a task for the care team (issue 11 #8)', async () => {
    const before = await rowCounts(t.db, TABLES);
    const tasksBefore = await t.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('patient_id', '=', patient)
      .executeTakeFirstOrThrow();
    // A pulse of 0 is under the rule's critical low of 40: it must not page anyone as a critical alert.
    const broken = body(bp, { systolic: 126, diastolic: 80, pulse: 0 }, 437);
    const res = await ingest(broken);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.reading_ids).toHaveLength(2);
    expect(data.alerts).toEqual([]);
    expect(data.device_errors).toEqual([
      {
        vital_type: expect.stringMatching(/pulse/i),
        value: 0,
        message: expect.stringContaining('is not physiologically possible: treated as a device error'),
      },
    ]);
    expect(data.device_task_id).toEqual(expect.any(Number));
    const task = await t.db
      .selectFrom('tasks')
      .select(['assigned_to', 'title', 'status'])
      .where('task_id', '=', data.device_task_id)
      .executeTakeFirstOrThrow();
    expect(task).toMatchObject({ title: 'Check the device: impossible reading', status: 'open' });
    const after = await rowCounts(t.db, TABLES);
    expect(after.readings).toBe(before.readings + 2);
    // A retry answers the same task and opens no other.
    const retry = (await ingest(broken)).json().data;
    expect(retry).toMatchObject({ duplicate: true, device_task_id: data.device_task_id });
    const tasksAfter = await t.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('patient_id', '=', patient)
      .executeTakeFirstOrThrow();
    expect(Number(tasksAfter.n)).toBe(Number(tasksBefore.n) + 1);
  });

  it('stores nothing of a weight of 0 and counts no reading day for it (issue 11 #8)', async () => {
    const before = await rowCounts(t.db, TABLES);
    const res = await ingest(body(scale, { weight: 0 }, 24 * 60 * 3 + 7));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ reading_ids: [], alerts: [], device_errors: [{ value: 0 }] });
    const after = await rowCounts(t.db, TABLES);
    expect(after.readings).toBe(before.readings);
    expect(after.patient_reading_days).toBe(before.patient_reading_days);
  });

  it('refuses other values for the same device and time (409)', async () => {
    const before = await rowCounts(t.db, TABLES);
    const res = await ingest({ ...normal, values: { systolic: 150, diastolic: 82, pulse: 71 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('taken_at');
    expect(await rowCounts(t.db, TABLES)).toEqual(before);
  });

  let alertId: number;
  let beyond: ReturnType<typeof body>;

  it('raises an alert beyond a bound and pushes it at once to the care team’s open clients', async () => {
    const nurseBell = await listen(nurse);
    const physicianBell = await listen(physician);
    const leadBell = await listen(lead);
    // Open worklists and dashboards of the care team refetch on ALERTS::CHANGED (issue 10 part 3).
    const nurseTab = await openTab(t.app, nurse);
    sockets.push(nurseTab);
    const changed: AlertsChangedPayload[] = [];
    nurseTab.on(HUB_EVENTS.alertsChanged, (p: AlertsChangedPayload) => changed.push(p));
    const before = await rowCounts(t.db, TABLES);
    beyond = body(bp, { systolic: 195, diastolic: 85, pulse: 72 }, 30);
    const res = await ingest(beyond);
    expect(res.statusCode, res.body).toBe(200);
    const alerts = res.json().data.alerts;
    expect(alerts).toEqual([
      { alert_id: expect.any(Number), vital_type: 'systolic', level: 'critical', direction: 'high' },
    ]);
    alertId = alerts[0].alert_id;
    await until(nurseBell, 1);
    await until(physicianBell, 1);
    expect(nurseBell[0]).toMatchObject({ fk_patient_id: patient, device_type_icon: 'bp.svg', is_read: 0 });
    expect(nurseBell[0]?.notification_message).toContain('systolic 195 mmHg above critical high (180)');
    expect(leadBell).toEqual([]);
    await until(changed, 1);
    expect(changed).toEqual([{ patient_id: patient }]);
    const after = await rowCounts(t.db, TABLES);
    expect(after.alerts).toBe(before.alerts + 1);
    expect(after.notifications).toBeGreaterThanOrEqual(before.notifications + 2);
    // The bell's own call finds the pushed row.
    const bell = await t.app.inject({
      method: 'GET',
      url: '/api/rpm/notification/getAllForBellIcon',
      headers: nurse.headers,
    });
    expect(bell.json().data[0].notification_id).toBe(nurseBell[0]?.notification_id);
  });

  it('never raises an alert twice for a reading, even after it is acknowledged', async () => {
    const before = await rowCounts(t.db, TABLES);
    const again = await ingest(beyond);
    expect(again.json().data).toMatchObject({ duplicate: true, alerts: [{ alert_id: alertId }] });
    const ack = await t.app.inject({
      method: 'POST',
      url: '/api/rpm/alerts/acknowledgeAlerts',
      headers: nurse.headers,
      payload: { patient_id: patient, alert_id: [alertId] },
    });
    expect(ack.json().data).toEqual({ acknowledged: 1 });
    const third = await ingest(beyond);
    expect(third.json().data.alerts).toEqual([expect.objectContaining({ alert_id: alertId })]);
    const row = await t.db
      .selectFrom('alerts')
      .selectAll()
      .where('alert_id', '=', alertId)
      .executeTakeFirstOrThrow();
    expect(row.acknowledged_by).toBe(nurse.user.user_id);
    const after = await rowCounts(t.db, TABLES);
    expect({ ...after, audit_log: 0 }).toEqual({ ...before, audit_log: 0 });
    // Acknowledging again changes nothing.
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/rpm/alerts/acknowledgeAlerts',
      headers: nurse.headers,
      payload: { patient_id: patient, alert_id: [alertId] },
    });
    expect(twice.json().data).toEqual({ acknowledged: 0 });
  });

  it('lists the alert on the chart’s Alerts tab and the reading’s level on the Readings tab', async () => {
    const alerts = await t.app.inject({
      method: 'GET',
      url: `/api/rpm/alerts/getPatientAlerts?patient_id=${patient}&state=acknowledged`,
      headers: nurse.headers,
    });
    expect(alerts.json().data[0]).toMatchObject({
      alert_id: alertId,
      value: 195,
      bound: 180,
      level: 'critical',
      acknowledged_by: expect.stringContaining('Grace'),
    });
    const readings = await t.app.inject({
      method: 'GET',
      url: `/api/rpm/readings/getPatientReadings?patient_id=${patient}&from=${today}&to=${today}&vital_id=1`,
      headers: nurse.headers,
    });
    const systolic = readings.json().data.vitals[0];
    expect(systolic.thresholds).toEqual({
      critical_low: 90,
      abnormal_low: 100,
      abnormal_high: 140,
      critical_high: 180,
    });
    expect(systolic.readings.map((r: { alert_level: string | null }) => r.alert_level)).toContain('critical');
  });

  it('refuses to acknowledge an alert of another patient', async () => {
    const other = await makePatient(t.db, place);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rpm/alerts/acknowledgeAlerts',
      headers: nurse.headers,
      payload: { patient_id: other, alert_id: [alertId] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('alert_id.0');
  });

  it('compares a weight with the dry weight', async () => {
    const res = await ingest(body(scale, { weight: 185.5 }, 20));
    expect(res.json().data.alerts).toEqual([
      expect.objectContaining({ vital_type: 'weight', direction: 'high' }),
    ]);
    const fine = await ingest(body(scale, { weight: 181 }, 10));
    expect(fine.json().data.alerts).toEqual([]);
  });

  it('stores readings of a device without a rule, raising nothing', async () => {
    const res = await ingest(body(quiet, { systolic: 230, diastolic: 130, pulse: 150 }, 5));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.alerts).toEqual([]);
  });

  it('stores one copy when the same measurement arrives many times at once', async () => {
    const before = await rowCounts(t.db, ['readings', 'reading_messages']);
    const payload = body(bp, { systolic: 121, diastolic: 79, pulse: 66 }, 3);
    const answers = await Promise.all(Array.from({ length: 12 }, () => ingest(payload)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(answers.filter((a) => a.json().data.duplicate === false)).toHaveLength(1);
    expect(await rowCounts(t.db, ['readings', 'reading_messages'])).toEqual({
      readings: before.readings + 3,
      reading_messages: before.reading_messages + 1,
    });
  });

  it('answers each measurement of a batch on its own', async () => {
    const before = await rowCounts(t.db, ['readings', 'reading_messages', 'audit_log']);
    const good = body(bp, { systolic: 118, diastolic: 76, pulse: 64 }, 2);
    const answers = await Promise.all([
      ingest(good),
      ingest({ ...good, imei: '111111111111111' }),
      ingest(body(quiet, { systolic: 119, diastolic: 77, pulse: 65 }, 2)),
      ingest({ ...good, values: { systolic: 200, diastolic: 76, pulse: 64 } }),
      ingest(body(bp, { spo2: 99 }, 2)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 200, 409, 400]);
    expect(await rowCounts(t.db, ['readings', 'reading_messages', 'audit_log'])).toEqual({
      readings: before.readings + 6,
      reading_messages: before.reading_messages + 2,
      audit_log: before.audit_log + 2,
    });
  });

  describe('refusals write nothing', () => {
    let otherOrgKey: string;
    let revokedKey: string;
    beforeAll(async () => {
      otherOrgKey = 'dk_test_other_organisation_key_0001';
      revokedKey = 'dk_test_revoked_key_00000000000001';
      const elsewhere = await placeElsewhere(t.db, place);
      await t.db
        .insertInto('device_vendor_keys')
        .values([
          {
            vendor_name: 'Other',
            key_hash: hashDeviceKey(otherOrgKey),
            organization_id: elsewhere.organizationId,
          },
          { vendor_name: 'Old', key_hash: hashDeviceKey(revokedKey), revoked_at: t.clock.now() },
        ])
        .execute();
    });

    it.each<[string, () => [unknown, string | null], number, string | undefined]>([
      ['no key', () => [body(bp, { systolic: 120 }, 1), null], 401, undefined],
      [
        'a wrong key',
        () => [body(bp, { systolic: 120 }, 1), 'dk_wrong_key_000000000000000000000'],
        401,
        undefined,
      ],
      ['a short key', () => [body(bp, { systolic: 120 }, 1), 'x'], 401, undefined],
      ['a revoked key', () => [body(bp, { systolic: 120 }, 1), revokedKey], 401, undefined],
      ['a key of another organisation', () => [body(bp, { systolic: 120 }, 1), otherOrgKey], 403, 'imei'],
      [
        'an unknown device',
        () => [{ ...body(bp, { systolic: 120 }, 1), imei: '000000000000000' }, DEMO_DEVICE_KEY],
        404,
        'imei',
      ],
      [
        'a vital the device does not measure',
        () => [body(bp, { spo2: 97 }, 1), DEMO_DEVICE_KEY],
        400,
        'values.spo2',
      ],
      [
        'a vital given twice',
        () => [body(bp, { systolic: 120, Systolic: 121 }, 1), DEMO_DEVICE_KEY],
        400,
        'values.Systolic',
      ],
      ['a value as text', () => [body(bp, { systolic: '120' }, 1), DEMO_DEVICE_KEY], 400, 'values.systolic'],
      ['a negative value', () => [body(bp, { systolic: -1 }, 1), DEMO_DEVICE_KEY], 400, 'values.systolic'],
      ['no values', () => [body(bp, {}, 1), DEMO_DEVICE_KEY], 400, 'values'],
      [
        'no imei',
        () => [{ ...body(bp, { systolic: 120 }, 1), imei: undefined }, DEMO_DEVICE_KEY],
        400,
        'imei',
      ],
      [
        'a time without offset',
        () => [{ ...body(bp, { systolic: 120 }, 1), taken_at: '2026-11-20T10:00:00' }, DEMO_DEVICE_KEY],
        400,
        'taken_at',
      ],
      ['a time in the future', () => [body(bp, { systolic: 120 }, -60), DEMO_DEVICE_KEY], 400, 'taken_at'],
      [
        'a time more than 90 days old',
        () => [body(bp, { systolic: 120 }, 91 * 24 * 60), DEMO_DEVICE_KEY],
        400,
        'taken_at',
      ],
      [
        'a time before the device was assigned',
        () => [body(bp, { systolic: 120 }, 11 * 24 * 60), DEMO_DEVICE_KEY],
        409,
        'taken_at',
      ],
      ['a body that is not an object', () => [[1, 2], DEMO_DEVICE_KEY], 400, undefined],
    ])('%s', async (_, make, status, field) => {
      const [payload, key] = make();
      const before = await rowCounts(t.db, TABLES);
      const res = await ingest(payload, key);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().field).toBe(field);
      expect(await rowCounts(t.db, TABLES)).toEqual(before);
    });

    it('refuses malformed JSON with 400', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ingest/readings',
        headers: { 'x-device-key': DEMO_DEVICE_KEY, 'content-type': 'application/json' },
        payload: '{"imei": ',
      });
      expect(res.statusCode).toBe(400);
    });
  });
});
