// Over 300 lines: one intake world followed through raising, retries, acknowledging and re-alert suppression.
import {
  type AlertsChangedPayload,
  acknowledgeAlerts,
  getAllForBellIcon,
  getPatientAlerts,
  getPatientReadings,
  HUB_EVENTS,
  ingestReading,
  type NotificationNewPayload,
} from '@rpm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTab } from '../hub/test-tab.js';
import { injectCall } from '../test-app.js';
import { makePatient } from '../test-fixtures.js';
import { rowCounts } from '../test-rows.js';
import {
  type IngestWorld,
  ingest,
  measurement,
  type Signed,
  startIngestWorld,
  TABLES,
} from './ingest-test-world.js';

let w: IngestWorld;
const sockets: Socket[] = [];

beforeAll(async () => {
  w = await startIngestWorld();
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await w.t.close();
});

type Measurement = ReturnType<typeof measurement<Record<string, number>>>;

/** A hub client as the browser makes it, listening for new bell notifications. */
async function listen(who: Signed): Promise<NotificationNewPayload[]> {
  const socket = await openTab(w.t.app, who);
  sockets.push(socket);
  const received: NotificationNewPayload[] = [];
  socket.on(HUB_EVENTS.notificationNew, (payload: NotificationNewPayload) => received.push(payload));
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

/** The chart's acknowledgement of the patient's alerts, as the nurse. */
const acknowledge = (patientId: number, alertIds: number[]) =>
  injectCall(
    w.t.app,
    acknowledgeAlerts,
    { body: { patient_id: patientId, alert_id: alertIds, note: 'Called the patient' } },
    w.nurse,
  );

describe(`${ingestReading.method} ${ingestReading.path}`, () => {
  let normal: Measurement;

  it('stores a measurement, counts the reading day, raises nothing inside the bounds', async () => {
    const before = await rowCounts(w.t.db, TABLES);
    normal = measurement(w, w.bp, { systolic: 128, diastolic: 82, pulse: 71 }, 120);
    const res = await ingest(w, normal);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.duplicate).toBe(false);
    expect(data.reading_ids).toHaveLength(3);
    expect(data.alerts).toEqual([]);
    const after = await rowCounts(w.t.db, TABLES);
    expect(after).toEqual({
      ...before,
      readings: before.readings + 3,
      reading_messages: before.reading_messages + 1,
      audit_log: before.audit_log + 1,
      patient_reading_days: before.patient_reading_days + 1,
    });
    const summary = await w.t.db
      .selectFrom('patient_month_summary')
      .select('reading_days')
      .where('patient_id', '=', w.patient)
      // The reading's month: the patient's device set-up may have a row of its own in an earlier month.
      .where('month', '=', new Date(`${normal.taken_at.slice(0, 7)}-01T00:00:00Z`))
      .executeTakeFirstOrThrow();
    expect(summary.reading_days).toBe(1);
  });

  it('answers a retry with the first delivery’s readings and stores nothing again', async () => {
    const first = await w.t.db
      .selectFrom('readings')
      .select('reading_id')
      .where('device_assign_id', '=', w.bp.deviceAssignId)
      .orderBy('reading_id')
      .execute();
    const before = await rowCounts(w.t.db, TABLES);
    const res = await ingest(w, normal);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      duplicate: true,
      reading_ids: first.map((r) => r.reading_id),
      alerts: [],
      device_errors: [],
      device_task_id: null,
    });
    expect(await rowCounts(w.t.db, TABLES)).toEqual(before);
  });

  it('treats a physiologically impossible value as a device error: not stored, no alert, a task for the care team (issue 11 #8)', async () => {
    const before = await rowCounts(w.t.db, TABLES);
    const tasksBefore = await w.t.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('patient_id', '=', w.patient)
      .executeTakeFirstOrThrow();
    // A pulse of 0 is under the rule's critical low of 40: it must not page anyone as a critical alert.
    const broken = measurement(w, w.bp, { systolic: 126, diastolic: 80, pulse: 0 }, 437);
    const res = await ingest(w, broken);
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
    const task = await w.t.db
      .selectFrom('tasks')
      .select(['assigned_to', 'title', 'status'])
      .where('task_id', '=', data.device_task_id)
      .executeTakeFirstOrThrow();
    expect(task).toMatchObject({ title: 'Check the device: impossible reading', status: 'open' });
    const after = await rowCounts(w.t.db, TABLES);
    expect(after.readings).toBe(before.readings + 2);
    // A retry answers the same task and opens no other.
    const retry = (await ingest(w, broken)).json().data;
    expect(retry).toMatchObject({ duplicate: true, device_task_id: data.device_task_id });
    const tasksAfter = await w.t.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('patient_id', '=', w.patient)
      .executeTakeFirstOrThrow();
    expect(Number(tasksAfter.n)).toBe(Number(tasksBefore.n) + 1);
  });

  it('stores nothing of a weight of 0 and counts no reading day for it (issue 11 #8)', async () => {
    const before = await rowCounts(w.t.db, TABLES);
    const res = await ingest(w, measurement(w, w.scale, { weight: 0 }, 24 * 60 * 3 + 7));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ reading_ids: [], alerts: [], device_errors: [{ value: 0 }] });
    const after = await rowCounts(w.t.db, TABLES);
    expect(after.readings).toBe(before.readings);
    expect(after.patient_reading_days).toBe(before.patient_reading_days);
  });

  it('refuses other values for the same device and time (409)', async () => {
    const before = await rowCounts(w.t.db, TABLES);
    const res = await ingest(w, { ...normal, values: { systolic: 150, diastolic: 82, pulse: 71 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('taken_at');
    expect(await rowCounts(w.t.db, TABLES)).toEqual(before);
  });

  let alertId: number;
  let beyond: Measurement;

  it('raises an alert beyond a bound and pushes it at once to the care team’s open clients', async () => {
    const nurseBell = await listen(w.nurse);
    const physicianBell = await listen(w.physician);
    const leadBell = await listen(w.lead);
    // Open worklists and dashboards of the care team refetch on ALERTS::CHANGED.
    const nurseTab = await openTab(w.t.app, w.nurse);
    sockets.push(nurseTab);
    const changed: AlertsChangedPayload[] = [];
    nurseTab.on(HUB_EVENTS.alertsChanged, (p: AlertsChangedPayload) => changed.push(p));
    const before = await rowCounts(w.t.db, TABLES);
    beyond = measurement(w, w.bp, { systolic: 195, diastolic: 85, pulse: 72 }, 30);
    const res = await ingest(w, beyond);
    expect(res.statusCode, res.body).toBe(200);
    const alerts = res.json().data.alerts;
    expect(alerts).toEqual([
      { alert_id: expect.any(Number), vital_type: 'systolic', level: 'critical', direction: 'high' },
    ]);
    alertId = alerts[0].alert_id;
    await until(nurseBell, 1);
    await until(physicianBell, 1);
    expect(nurseBell[0]).toMatchObject({ fk_patient_id: w.patient, device_type_icon: 'bp.svg', is_read: 0 });
    expect(nurseBell[0]?.notification_message).toContain('systolic 195 mmHg above critical high (180)');
    expect(leadBell).toEqual([]);
    await until(changed, 1);
    expect(changed).toEqual([{ patient_id: w.patient }]);
    const after = await rowCounts(w.t.db, TABLES);
    expect(after.alerts).toBe(before.alerts + 1);
    expect(after.notifications).toBeGreaterThanOrEqual(before.notifications + 2);
    // The bell's own call finds the pushed row.
    const bell = await injectCall(w.t.app, getAllForBellIcon, {}, w.nurse);
    expect(bell.json().data[0].notification_id).toBe(nurseBell[0]?.notification_id);
  });

  it('never raises an alert twice for a reading, even after it is acknowledged', async () => {
    const before = await rowCounts(w.t.db, TABLES);
    const again = await ingest(w, beyond);
    expect(again.json().data).toMatchObject({ duplicate: true, alerts: [{ alert_id: alertId }] });
    const ack = await acknowledge(w.patient, [alertId]);
    expect(ack.json().data).toEqual({ acknowledged: 1 });
    const third = await ingest(w, beyond);
    expect(third.json().data.alerts).toEqual([expect.objectContaining({ alert_id: alertId })]);
    const row = await w.t.db
      .selectFrom('alerts')
      .selectAll()
      .where('alert_id', '=', alertId)
      .executeTakeFirstOrThrow();
    expect(row.acknowledged_by).toBe(w.nurse.user.user_id);
    const after = await rowCounts(w.t.db, TABLES);
    expect({ ...after, audit_log: 0 }).toEqual({ ...before, audit_log: 0 });
    // Acknowledging again changes nothing.
    const twice = await acknowledge(w.patient, [alertId]);
    expect(twice.json().data).toEqual({ acknowledged: 0 });
  });

  it('lists the alert on the chart’s Alerts tab and the reading’s level on the Readings tab', async () => {
    const alerts = await injectCall(
      w.t.app,
      getPatientAlerts,
      { query: { patient_id: w.patient, state: 'acknowledged' } },
      w.nurse,
    );
    expect(alerts.json().data[0]).toMatchObject({
      alert_id: alertId,
      value: 195,
      bound: 180,
      level: 'critical',
      acknowledged_by: expect.stringContaining('Grace'),
    });
    const readings = await injectCall(
      w.t.app,
      getPatientReadings,
      { query: { patient_id: w.patient, from: w.today, to: w.today, vital_id: 1 } },
      w.nurse,
    );
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
    const other = await makePatient(w.t.db, w.place);
    const res = await acknowledge(other, [alertId]);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('alert_id.0');
  });

  it('compares a weight with the dry weight', async () => {
    const res = await ingest(w, measurement(w, w.scale, { weight: 185.5 }, 20));
    expect(res.json().data.alerts).toEqual([
      expect.objectContaining({ vital_type: 'weight', direction: 'high' }),
    ]);
    const fine = await ingest(w, measurement(w, w.scale, { weight: 181 }, 10));
    expect(fine.json().data.alerts).toEqual([]);
  });

  it('stores readings of a device without a rule, raising nothing', async () => {
    const res = await ingest(w, measurement(w, w.quiet, { systolic: 230, diastolic: 130, pulse: 150 }, 5));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.alerts).toEqual([]);
  });

  it('holds readings beyond the bound of an acknowledged alert until one comes back in range (re-alert suppression)', async () => {
    const bp = (systolic: number, minutesAgo: number) =>
      ingest(w, measurement(w, w.bp, { systolic, diastolic: 85, pulse: 72 }, minutesAgo));
    const alertsOf = async (systolic: number, minutesAgo: number) =>
      (await bp(systolic, minutesAgo)).json().data.alerts as { alert_id: number; level: string }[];
    const suppressions = () =>
      w.t.db
        .selectFrom('alert_suppressions')
        .select(['direction', 'level'])
        .where('patient_id', '=', w.patient)
        .where('vital_id', '=', 1)
        .execute();

    expect(await alertsOf(120, 29)).toEqual([]);
    expect(await suppressions()).toEqual([]);
    const [abnormal] = await alertsOf(150, 28);
    expect(abnormal).toMatchObject({ level: 'abnormal' });
    expect((await acknowledge(w.patient, [abnormal?.alert_id as number])).json().data).toEqual({
      acknowledged: 1,
    });
    expect(await suppressions()).toEqual([{ direction: 'high', level: 'abnormal' }]);

    // Held: stored, marked on the Readings tab and in the intake's audit row, no alert.
    const held = await bp(155, 27);
    expect(held.json().data.alerts).toEqual([]);
    const heldId = held.json().data.reading_ids[0] as number;
    const audit = await w.t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'ingest_reading')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({ held: [heldId] });
    const readings = await injectCall(
      w.t.app,
      getPatientReadings,
      { query: { patient_id: w.patient, from: w.today, to: w.today, vital_id: 1 } },
      w.nurse,
    );
    const marked = (
      readings.json().data.vitals[0].readings as { reading_id: number; held: string | null }[]
    ).find((r) => r.reading_id === heldId);
    expect(marked).toMatchObject({ held: 'acknowledged' });

    // Beyond the level acknowledged still raises; back in range re-arms; then the next one raises again.
    expect(await alertsOf(190, 26)).toEqual([expect.objectContaining({ level: 'critical' })]);
    expect(await alertsOf(120, 25)).toEqual([]);
    expect(await suppressions()).toEqual([]);
    const [again] = await alertsOf(152, 24);
    expect(again).toMatchObject({ level: 'abnormal' });

    // Acknowledged after the vital came back in range: nothing is held.
    expect(await alertsOf(118, 23)).toEqual([]);
    await acknowledge(w.patient, [again?.alert_id as number]);
    expect(await suppressions()).toEqual([]);
    expect(await alertsOf(151, 22)).toEqual([expect.objectContaining({ level: 'abnormal' })]);
  });
});
