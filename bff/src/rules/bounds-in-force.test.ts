import { acknowledgeAlerts, getPatientReadings, getPatientVitals, snoozeRuleBound } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IngestWorld, ingest, measurement, startIngestWorld } from '../alerts/ingest-test-world.js';
import { injectCall } from '../test-app.js';
import { giveDevice, makePatient } from '../test-fixtures.js';

let w: IngestWorld;
/** The rules of the world: the cuff's and the scale's. */
let cuffRule: number;
let scaleRule: number;

beforeAll(async () => {
  w = await startIngestWorld();
  const ruleOf = async (deviceAssignId: number) =>
    (
      await w.t.db
        .selectFrom('notification_rules')
        .select('notification_rule_id')
        .where('device_assign_id', '=', deviceAssignId)
        .executeTakeFirstOrThrow()
    ).notification_rule_id;
  cuffRule = await ruleOf(w.bp.deviceAssignId);
  scaleRule = await ruleOf(w.scale.deviceAssignId);
});
afterAll(async () => w.t.close());

const vitalsOf = async (patientId: number) => {
  const res = await injectCall(w.t.app, getPatientVitals, { query: { patient_id: patientId } }, w.nurse);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    vitals: { device_assign_id: number; vital_type: string; source: string; critical_low: number }[];
    weights: unknown[];
  };
};
/** Each row as [device, vital, source, notification rule, the four bounds]. */
const rowsOf = async (patientId: number) =>
  (
    (await vitalsOf(patientId)).vitals as {
      device_assign_id: number;
      vital_type: string;
      source: string;
      notification_rule_id: number | null;
      critical_low: number;
      abnormal_low: number;
      abnormal_high: number | null;
      critical_high: number | null;
    }[]
  ).map((v) => [
    v.device_assign_id,
    v.vital_type,
    v.source,
    v.notification_rule_id,
    v.critical_low,
    v.abnormal_low,
    v.abnormal_high,
    v.critical_high,
  ]);

describe('Vital Thresholds: the bounds in force and where each comes from (issue 41 §3)', () => {
  it("shows a ruled device's bounds as the patient rule's, an unruled one's as the protocol's, and the scale's rule over the dry weight", async () => {
    const { bp, quiet, scale } = w;
    expect(await rowsOf(w.patient)).toEqual([
      [bp.deviceAssignId, 'systolic', 'rule', cuffRule, 90, 100, 140, 180],
      [bp.deviceAssignId, 'diastolic', 'rule', cuffRule, 50, 60, 90, 110],
      [bp.deviceAssignId, 'pulse', 'rule', cuffRule, 40, 50, 110, 130],
      // The quiet cuff has no rule: role 5's protocol rows (migration 0004), which alert on nothing.
      [quiet.deviceAssignId, 'systolic', 'protocol', null, 90, 100, 140, 180],
      [quiet.deviceAssignId, 'diastolic', 'protocol', null, 50, 60, 90, 110],
      [quiet.deviceAssignId, 'pulse', 'protocol', null, 40, 50, 110, 130],
    ]);
    expect((await vitalsOf(w.patient)).weights).toEqual([
      {
        device_assign_id: scale.deviceAssignId,
        device_name: expect.any(String),
        dry_weight: 180,
        gain: 3,
        loss: 5,
        notification_rule_id: scaleRule,
      },
    ]);
  });

  it("takes the organisation's RPM protocol over role 5's, then the spec's default (001 §9) where neither has the vital", async () => {
    const patient = await makePatient(w.t.db, w.place);
    const glucometer = await giveDevice(w.t.db, patient, 3, new Date(w.t.clock.now().getTime() - 86_400_000));
    const oximeter = await giveDevice(w.t.db, patient, 4, new Date(w.t.clock.now().getTime() - 86_400_000));
    await w.t.db
      .insertInto('organization_protocol_defaults')
      .values({
        organization_id: w.place.organizationId,
        reading_days: 16,
        check_in_frequency: 'monthly',
        updated_by: w.nurse.user.user_id,
        updated_at: w.t.clock.now(),
      })
      .execute();
    await w.t.db
      .insertInto('organization_protocol_vitals')
      .values({
        organization_id: w.place.organizationId,
        vital_id: 6,
        critical_low: 60,
        abnormal_low: 75,
        abnormal_high: 200,
        critical_high: 300,
      })
      .execute();
    await w.t.db.deleteFrom('vital_defaults').where('role_id', '=', 5).where('vital_id', '=', 7).execute();
    expect(await rowsOf(patient)).toEqual([
      [glucometer.deviceAssignId, 'blood glucose', 'protocol', null, 60, 75, 200, 300],
      [oximeter.deviceAssignId, 'spo2', 'spec', null, 20, 40, null, null],
    ]);
    expect((await vitalsOf(patient)).weights).toEqual([]);
  });

  it('no longer counts a paused rule, and drops a returned device', async () => {
    const patient = await makePatient(w.t.db, w.place);
    const cuff = await giveDevice(w.t.db, patient, 1, new Date(w.t.clock.now().getTime() - 86_400_000));
    const old = await giveDevice(w.t.db, patient, 4, new Date(w.t.clock.now().getTime() - 86_400_000));
    await w.t.db
      .updateTable('device_assignments')
      .set({ unassigned_at: w.t.clock.now() })
      .where('device_assign_id', '=', old.deviceAssignId)
      .execute();
    await w.t.db
      .insertInto('notification_rules')
      .values({
        patient_id: patient,
        device_assign_id: cuff.deviceAssignId,
        interval_id: 1,
        interval_count: 1,
        start_date: w.today,
        end_date: '2099-12-31',
        status: 2,
        notification_mode: 'sms_ivr',
        sms_miss: 2,
        call_miss: 4,
        created_by: w.nurse.user.user_id,
        created_at: w.t.clock.now(),
        updated_by: w.nurse.user.user_id,
        updated_at: w.t.clock.now(),
      })
      .execute();
    const rows = await rowsOf(patient);
    expect(rows.map((r) => r.slice(0, 4))).toEqual([
      [cuff.deviceAssignId, 'systolic', 'protocol', null],
      [cuff.deviceAssignId, 'diastolic', 'protocol', null],
      [cuff.deviceAssignId, 'pulse', 'protocol', null],
    ]);
  });
});

describe('Readings: the device of each reading, why it was held, and the bounds to draw (issue 41 §3)', () => {
  it('answers each reading’s device, a snoozed or acknowledged hold, the rule’s bounds and the scale’s rule', async () => {
    const first = await ingest(w, measurement(w, w.bp, { systolic: 150, diastolic: 80, pulse: 70 }, 50));
    const [alert] = first.json().data.alerts as { alert_id: number; vital_type: string }[];
    expect(alert?.vital_type).toBe('systolic');
    const ack = await injectCall(
      w.t.app,
      acknowledgeAlerts,
      { body: { patient_id: w.patient, alert_id: [alert?.alert_id ?? 0], note: 'Called the patient' } },
      w.nurse,
    );
    expect(ack.statusCode, ack.body).toBe(200);
    const snoozed = await injectCall(
      w.t.app,
      snoozeRuleBound,
      {
        body: {
          notification_rule_id: cuffRule,
          vital_id: 2,
          direction: 'high',
          minutes: 60,
          reason: 'Known high diastolic after exercise',
        },
      },
      w.nurse,
    );
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    const held = await ingest(w, measurement(w, w.bp, { systolic: 155, diastolic: 95, pulse: 70 }, 40));
    expect(held.json().data.alerts).toEqual([]);
    const [heldSystolic, heldDiastolic, normalPulse] = held.json().data.reading_ids as number[];
    const quiet = await ingest(w, measurement(w, w.quiet, { systolic: 121, diastolic: 80, pulse: 70 }, 30));
    const [quietSystolic] = quiet.json().data.reading_ids as number[];
    await ingest(w, measurement(w, w.scale, { weight: 181 }, 20));

    const res = await injectCall(
      w.t.app,
      getPatientReadings,
      { query: { patient_id: w.patient, from: w.today, to: w.today } },
      w.nurse,
    );
    expect(res.statusCode, res.body).toBe(200);
    type Reading = { reading_id: number; device_assign_id: number; held: string | null };
    const data = res.json().data as {
      vitals: { vital_type: string; thresholds: unknown; weight_rule: unknown; readings: Reading[] }[];
      devices: unknown[];
    };
    const vital = (type: string) => data.vitals.find((v) => v.vital_type === type);
    const reading = (id: number | undefined) =>
      data.vitals.flatMap((v) => v.readings).find((r) => r.reading_id === id);
    expect(reading(heldSystolic)).toMatchObject({
      held: 'acknowledged',
      device_assign_id: w.bp.deviceAssignId,
    });
    expect(reading(heldDiastolic)).toMatchObject({ held: 'snoozed', device_assign_id: w.bp.deviceAssignId });
    expect(reading(normalPulse)).toMatchObject({ held: null });
    expect(reading(quietSystolic)).toMatchObject({ held: null, device_assign_id: w.quiet.deviceAssignId });
    expect(data.devices).toEqual([
      {
        device_assign_id: w.bp.deviceAssignId,
        device_name: expect.any(String),
        IMEI: w.bp.imei,
        device_type: 'Blood Pressure',
      },
      {
        device_assign_id: w.scale.deviceAssignId,
        device_name: expect.any(String),
        IMEI: w.scale.imei,
        device_type: 'Weight Scale',
      },
      {
        device_assign_id: w.quiet.deviceAssignId,
        device_name: expect.any(String),
        IMEI: w.quiet.imei,
        device_type: 'Blood Pressure',
      },
    ]);
    expect(vital('systolic')).toMatchObject({
      thresholds: { critical_low: 90, abnormal_low: 100, abnormal_high: 140, critical_high: 180 },
      weight_rule: null,
    });
    expect(vital('weight')).toMatchObject({
      thresholds: null,
      weight_rule: { dry_weight: 180, gain: 3, loss: 5 },
    });
  });
});
