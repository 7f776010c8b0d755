import { getPatientBanner, progressMarks } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordReadings } from '../billing/summary.js';
import { injectCall, injectUnchecked } from '../test-app.js';
import { type ChartWorld, startChartWorld } from './chart-test-world.js';

let w: ChartWorld;

beforeAll(async () => {
  w = await startChartWorld({ history: true });
  await w.t.db
    .updateTable('patients')
    .set({ physician_id: w.nurse.user.user_id, care_coordinator_id: w.admin.user.user_id })
    .where('patient_id', '=', w.patient)
    .execute();
  const hoursAgo = (h: number) => new Date(w.t.clock.now().getTime() - h * 3600_000).toISOString();
  await w.t.db.transaction().execute((trx) =>
    recordReadings(trx, [
      {
        patient_id: w.patient,
        device_assign_id: w.bp.deviceAssignId,
        vital_id: 1,
        value: 150,
        taken_at: hoursAgo(5),
      },
      {
        patient_id: w.patient,
        device_assign_id: w.bp.deviceAssignId,
        vital_id: 1,
        value: 141,
        taken_at: hoursAgo(2),
      },
      {
        patient_id: w.patient,
        device_assign_id: w.bp.deviceAssignId,
        vital_id: 2,
        value: 91,
        taken_at: hoursAgo(2),
      },
    ]),
  );
});
afterAll(async () => w.t.close());

const banner = (patientId: number) =>
  injectUnchecked(w.t.app, getPatientBanner, { query: { patient_id: patientId } }, w.nurse);

describe('the patient banner (issue 41 §2)', () => {
  it('shows programs, care team, the last reading of each vital, open alerts and this month’s days and minutes', async () => {
    const res = await banner(w.patient);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const labels = await w.t.db
      .selectFrom('patient_status_options')
      .select(['program', 'label'])
      .where((eb) =>
        eb.or([
          eb.and([eb('program', '=', 'RPM'), eb('status_id', '=', 4)]),
          eb.and([eb('program', '=', 'CCM'), eb('status_id', '=', 1)]),
        ]),
      )
      .execute();
    expect(data.programs).toEqual(
      expect.arrayContaining(labels.map((l) => ({ program: l.program, status: l.label }))),
    );
    expect(data.care_team.map((m: { role: string }) => m.role)).toEqual(['Physician', 'Care Coordinator']);
    expect(data.last_readings.slice(0, 2)).toEqual([
      expect.objectContaining({ vital_type: 'systolic', value: 141, unit: 'mmHg' }),
      expect.objectContaining({ vital_type: 'diastolic', value: 91 }),
    ]);
    // Counted alert by alert.
    const open = await w.t.db
      .selectFrom('alerts')
      .select('level')
      .where('patient_id', '=', w.patient)
      .where('acknowledged_at', 'is', null)
      .execute();
    expect(data.open_alerts).toEqual({
      critical: open.filter((a) => a.level === 'critical').length,
      abnormal: open.filter((a) => a.level === 'abnormal').length,
    });
    expect(data.month).toBe(w.month);
    expect(data.reading_days).toBe(1);
    expect(data.seconds).toEqual({ RPM: 1260 });
  });

  it('refuses a patient outside the user’s practice', async () => {
    const res = await banner(w.foreign);
    expect(res.statusCode).toBe(404);
    expect(res.json().field).toBe('patient_id');
  });

  it('a bad id is a 400 naming patient_id', async () => {
    const res = await injectUnchecked(w.t.app, getPatientBanner, { query: { patient_id: 'x' } }, w.nurse);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('patient_id');
    expect(
      (await injectCall(w.t.app, getPatientBanner, { query: { patient_id: w.patient } }, w.admin)).statusCode,
    ).toBe(200);
  });
});

describe('the banner’s marks come from the code declaration', () => {
  it('RPM: 99445 at 2 days and 99454 at 16; 99470 at 10 minutes and 99457 at 20 (from 2026)', () => {
    expect(progressMarks('RPM', '2026-12-01')).toEqual({
      days: [
        { at: 2, code: '99445' },
        { at: 16, code: '99454' },
      ],
      minutes: [
        { at: 10, code: '99470' },
        { at: 20, code: '99457' },
      ],
    });
    expect(progressMarks('RPM', '2025-12-01')).toEqual({
      days: [{ at: 16, code: '99454' }],
      minutes: [{ at: 20, code: '99457' }],
    });
  });
});
