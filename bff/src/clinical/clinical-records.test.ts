import {
  addAllergy,
  addMedication,
  getPatientClinical,
  getVitalsSummary,
  shiftDay,
  updateAllergy,
  updateMedication,
} from '@rpm/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordReadings } from '../billing/summary.js';
import { type ChartWorld, startChartWorld } from '../chart/chart-test-world.js';
import { injectCall, injectUnchecked } from '../test-app.js';
import { rowCounts } from '../test-rows.js';

let w: ChartWorld;

beforeAll(async () => {
  w = await startChartWorld();
});
afterAll(async () => w.t.close());

const clinical = async () =>
  (await injectCall(w.t.app, getPatientClinical, { query: { patient_id: w.patient } }, w.nurse)).json().data;
const lastAudit = () =>
  w.t.db.selectFrom('audit_log').selectAll().orderBy('audit_id', 'desc').executeTakeFirstOrThrow();

describe('medications, allergies and the vitals summary (issue 13 Clinical)', () => {
  const med = { name: 'Lisinopril', dose: '10 mg', frequency: 'Once daily', stop_date: null };

  it('lists a stopped medication as stopped, after the current ones, with the change audited', async () => {
    const start = shiftDay(w.today, -30);
    const added = await injectCall(
      w.t.app,
      addMedication,
      { body: { patient_id: w.patient, ...med, start_date: start } },
      w.nurse,
    );
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.medication_id;
    await injectCall(
      w.t.app,
      addMedication,
      { body: { patient_id: w.patient, ...med, name: 'Metformin', dose: '500 mg', start_date: start } },
      w.nurse,
    );
    const stop = await injectCall(
      w.t.app,
      updateMedication,
      {
        body: {
          medication_id: id,
          dose: '10 mg',
          frequency: 'Once daily',
          start_date: start,
          stop_date: w.today,
        },
      },
      w.nurse,
    );
    expect(stop.json().data).toMatchObject({ stopped: true, stop_date: w.today });
    expect((await lastAudit()).detail).toMatchObject({ before: { dose: '10 mg', stop_date: null } });
    const list = (await clinical()).medications;
    expect(list.map((m: { name: string; stopped: boolean }) => [m.name, m.stopped])).toEqual([
      ['Metformin', false],
      ['Lisinopril', true],
    ]);
    const early = await injectUnchecked(
      w.t.app,
      updateMedication,
      {
        body: {
          medication_id: id,
          dose: '10 mg',
          frequency: 'Daily',
          start_date: w.today,
          stop_date: shiftDay(w.today, -1),
        },
      },
      w.nurse,
    );
    expect([early.statusCode, early.json().field]).toEqual([400, 'stop_date']);
  });

  it('adds an allergy, marks it inactive and keeps it listed; refuses an unknown severity', async () => {
    const body = {
      patient_id: w.patient,
      substance: 'Penicillin',
      reaction: 'Hives',
      severity: 'moderate' as const,
    };
    const added = await injectCall(w.t.app, addAllergy, { body }, w.nurse);
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.allergy_id;
    const edit = await injectCall(
      w.t.app,
      updateAllergy,
      { body: { allergy_id: id, reaction: 'Hives, wheeze', severity: 'severe', active: false } },
      w.nurse,
    );
    expect(edit.json().data).toMatchObject({ active: false, severity: 'severe' });
    expect((await lastAudit()).detail).toMatchObject({ before: { reaction: 'Hives', active: true } });
    expect((await clinical()).allergies).toHaveLength(1);
    const bad = await injectUnchecked(w.t.app, addAllergy, { body: { ...body, severity: 'fatal' } }, w.nurse);
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'severity']);
  });

  it('summarises each vital over 30 and 90 days: readings, last, lowest, highest, average', async () => {
    const now = w.t.clock.now().getTime();
    const at = (daysBack: number) => new Date(now - daysBack * 86_400_000).toISOString();
    await w.t.db.transaction().execute((trx) =>
      recordReadings(
        trx,
        [
          [60, 160],
          [20, 150],
          [10, 131],
          [1, 128],
        ].map(([days, value]) => ({
          patient_id: w.patient,
          device_assign_id: w.bp.deviceAssignId,
          vital_id: 1,
          value: value as number,
          taken_at: at(days as number),
        })),
      ),
    );
    const summary = async (days: number) =>
      (
        await injectCall(w.t.app, getVitalsSummary, { query: { patient_id: w.patient, days } }, w.nurse)
      ).json().data;
    const month = (await summary(30)).find((v: { vital_id: number }) => v.vital_id === 1);
    expect(month).toMatchObject({
      readings: 3,
      last_value: 128,
      last_taken_at: at(1),
      min: 128,
      max: 150,
      average: 136.3,
    });
    const quarter = (await summary(90)).find((v: { vital_id: number }) => v.vital_id === 1);
    expect(quarter).toMatchObject({ readings: 4, min: 128, max: 160, average: 142.3, unit: 'mmHg' });
    const other = await injectUnchecked(
      w.t.app,
      getVitalsSummary,
      { query: { patient_id: w.patient, days: 7 } },
      w.nurse,
    );
    expect([other.statusCode, other.json().field]).toEqual([400, 'days']);
    const foreign = await injectUnchecked(
      w.t.app,
      getVitalsSummary,
      { query: { patient_id: w.foreign, days: 30 } },
      w.nurse,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it("seeds the demo's clinical lists, each patient's primary diagnosis being its billing code", async () => {
    const mismatched = await sql<{ n: number }>`select count(*)::int as n from patients p
      where p.diagnosis_code is distinct from
        (select d.icd10_code from patient_diagnoses d where d.patient_id = p.patient_id and d.is_primary)`.execute(
      w.t.db,
    );
    expect(mismatched.rows[0]?.n).toBe(0);
    const counts = await rowCounts(w.t.db, ['patient_diagnoses', 'patient_medications', 'patient_allergies']);
    expect(Object.values(counts).every((n) => n > 0)).toBe(true);
  });
});
