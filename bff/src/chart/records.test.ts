import { getCareTeam, getPatientDevices, getPatientReadings } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked } from '../test-app.js';
import { type ChartWorld, startChartWorld, stripMonth } from './chart-test-world.js';

let w: ChartWorld;

beforeAll(async () => {
  w = await startChartWorld({ history: true });
});
afterAll(async () => w.t.close());

const devices = (patientId: number) =>
  injectCall(w.t.app, getPatientDevices, { query: { patient_id: patientId } }, w.nurse);
const readings = (query: { patient_id: number; from: string; to: string; vital_id?: number }) =>
  injectCall(w.t.app, getPatientReadings, { query }, w.nurse);

describe('devices and readings (000 §2.3, 001 §2.6)', () => {
  it('lists the patient’s devices with their vitals', async () => {
    const data = (await devices(w.patient)).json().data;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      device_assign_id: w.bp.deviceAssignId,
      IMEI: w.bp.imei,
      current: true,
      icon: 'bp.svg',
      active_rule_id: null,
    });
    expect(data[0].vitals.map((v: { vital_type: string }) => v.vital_type)).toEqual([
      'systolic',
      'diastolic',
      'pulse',
    ]);
  });

  it('answers readings per vital in a range', async () => {
    const from = stripMonth(-3, 1);
    const to = stripMonth(-3, 28);
    const res = await readings({ patient_id: w.patient, from, to });
    expect(res.statusCode, res.body).toBe(200);
    const [systolic] = res.json().data.vitals;
    expect(systolic).toMatchObject({ vital_type: 'systolic', thresholds: null, truncated: false });
    expect(systolic.readings).toHaveLength(16);
    const only = await readings({ patient_id: w.patient, from, to, vital_id: 2 });
    expect(only.json().data.vitals).toEqual([]);
  });

  it.each([
    ['to before from', { from: '2026-05-02', to: '2026-05-01' }, 'to'],
    ['more than 366 days', { from: '2024-01-01', to: '2026-01-01' }, 'to'],
    ['a from that is no day', { from: 'yesterday', to: '2026-05-01' }, 'from'],
  ])('refuses %s', async (_, range, field) => {
    const query = { patient_id: w.patient, ...range };
    const res = await injectUnchecked(w.t.app, getPatientReadings, { query }, w.nurse);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('refuses the devices and readings of a patient outside the practice', async () => {
    // A foreign patient answers as an unknown one.
    expect((await devices(w.foreign)).statusCode).toBe(404);
    expect((await readings({ patient_id: w.foreign, from: w.today, to: w.today })).statusCode).toBe(404);
  });
});

describe('care team (000 §2.3)', () => {
  it('lists the care team', async () => {
    const res = await injectCall(w.t.app, getCareTeam, { query: { patient_id: w.patient } }, w.nurse);
    const team = res.json().data;
    expect(team).toContainEqual(
      expect.objectContaining({ user_id: w.nurse.user.user_id, role: 'clinical_staff' }),
    );
    expect(team.map((m: { user_id: number }) => m.user_id)).not.toContain(w.admin.user.user_id);
  });
});
