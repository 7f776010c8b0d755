import {
  addVitalConfigurations,
  type CallInput,
  getAllIntervals,
  getAllVitals,
  getPatientVitals,
  getVitalsDefaults,
  thresholdProblem,
  updateVitalsDefaults,
  vitalKind,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { makePatient, placeElsewhere, placeOf } from '../test-fixtures.js';
import { rowCounts } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let nurse: Signed; // role 8, Northwind
let neighbour: number; // a patient of the nurse's practice
let foreign: number; // a patient outside the nurse's practices

beforeAll(async () => {
  t = await startTestApp();
  nurse = await signIn(t.app, 'role8@demo.test');
  const place = await placeOf(t.db, nurse.user.user_id);
  neighbour = await makePatient(t.db, place);
  foreign = await makePatient(t.db, await placeElsewhere(t.db, place));
});
afterAll(async () => t.close());

const defaults = (query: { role_id: number; device_type_id: number }) =>
  injectCall(t.app, getVitalsDefaults, { query }, nurse);
const patientVitals = (patientId: number) =>
  injectCall(t.app, getPatientVitals, { query: { patient_id: patientId } }, nurse);
const configure = (body: CallInput<typeof addVitalConfigurations>['body']) =>
  injectCall(t.app, addVitalConfigurations, { body }, nurse);

const BP_SYSTOLIC = {
  vital_id: 1,
  critical_low: 90,
  abnormal_low: 100,
  abnormal_high: 140,
  critical_high: 180,
};

describe('vitals reference calls (001 §7 Vitals and rules, §9)', () => {
  it('lists the intervals', async () => {
    const res = await injectCall(t.app, getAllIntervals, {}, nurse);
    expect(res.json().data).toEqual([
      { interval_id: 1, interval_type: 'Day', days: 1 },
      { interval_id: 2, interval_type: 'Week', days: 7 },
      { interval_id: 3, interval_type: 'Month', days: 30 },
    ]);
  });

  it('lists the vitals with the slider maximums', async () => {
    const data: { vital_type: string; slider_max: number }[] = (
      await injectCall(t.app, getAllVitals, {}, nurse)
    ).json().data;
    expect(Object.fromEntries(data.map((v) => [v.vital_type, v.slider_max]))).toEqual({
      systolic: 220,
      diastolic: 220,
      pulse: 220,
      weight: 400,
      ahi: 100,
      'blood glucose': 650,
      spo2: 100,
      usage: 24,
      leaks: 100,
    });
  });

  it.each([
    [5, 1, 'role', 90],
    [8, 1, 'protocol', 90],
    [8, 2, 'spec', 20],
  ])('defaults for role %i and device type %i come from %s', async (role, type, source, criticalLow) => {
    const res = await defaults({ role_id: role, device_type_id: type });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ source, critical_low: criticalLow });
  });

  it('gives vital 5 the spec’s 100 for its high bounds without stored defaults, and spo2 no high bounds', async () => {
    await t.db.deleteFrom('vital_defaults').where('vital_id', 'in', [5, 7]).execute();
    const cpap = (await defaults({ role_id: 8, device_type_id: 5 })).json().data;
    expect(cpap.find((v: { vital_id: number }) => v.vital_id === 5)).toMatchObject({
      critical_low: 20,
      abnormal_low: 40,
      abnormal_high: 100,
      critical_high: 100,
      source: 'spec',
    });
    const oximeter = (await defaults({ role_id: 8, device_type_id: 4 })).json().data;
    expect(oximeter[0]).toMatchObject({ abnormal_high: null, critical_high: null });
  });

  it.each([
    ['role_id=4&device_type_id=1', { role_id: 4, device_type_id: 1 }, 'role_id'],
    ['role_id=8&device_type_id=99', { role_id: 8, device_type_id: 99 }, 'device_type_id'],
    ['role_id=8&device_type_id=x', { role_id: 8, device_type_id: 'x' }, 'device_type_id'],
  ])('refuses %s', async (_, query, field) => {
    const res = await injectUnchecked(t.app, getVitalsDefaults, { query }, nurse);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('stores protocol defaults that pass the threshold rules of 001 §5', async () => {
    const rows = await t.db
      .selectFrom('vital_defaults')
      .innerJoin('vitals', 'vitals.vital_id', 'vital_defaults.vital_id')
      .selectAll()
      .execute();
    for (const row of rows)
      expect(thresholdProblem(row, vitalKind(row.vital_type)), row.vital_type).toBeNull();
  });
});

/** The patient's stored vital configuration: bounds per vital and the weight settings. */
const stored = async (patientId: number) => ({
  vitals: await t.db
    .selectFrom('patient_vital_thresholds')
    .select(['vital_id', 'critical_high'])
    .where('patient_id', '=', patientId)
    .orderBy('vital_id')
    .execute(),
  weight: await t.db
    .selectFrom('patient_weight_settings')
    .select(['dry_weight', 'gain', 'loss'])
    .where('patient_id', '=', patientId)
    .executeTakeFirst(),
});

describe('vital configuration (001 §2.6, addVitalConfigurations)', () => {
  it('answers no bounds in force for a patient without devices (No Data Found)', async () => {
    const res = await patientVitals(neighbour);
    expect(res.json().data).toEqual({ vitals: [], weights: [], updated_at: null });
  });

  it('stores bounds per vital and the dry weight, replacing what was there', async () => {
    const spo2 = {
      vital_id: 7,
      critical_low: 85,
      abnormal_low: 90,
      abnormal_high: null,
      critical_high: null,
    };
    const first = await configure({
      patient_id: neighbour,
      vitals: [BP_SYSTOLIC, spo2],
      weight: { dry_weight: 182.5, gain: 3, loss: 4 },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(await stored(neighbour)).toEqual({
      vitals: [
        { vital_id: 1, critical_high: 180 },
        { vital_id: 7, critical_high: null },
      ],
      weight: { dry_weight: 182.5, gain: 3, loss: 4 },
    });
    await configure({ patient_id: neighbour, vitals: [spo2], weight: null });
    expect(await stored(neighbour)).toEqual({
      vitals: [{ vital_id: 7, critical_high: null }],
      weight: undefined,
    });
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    [
      'spo2 with high bounds',
      {
        vitals: [{ vital_id: 7, critical_low: 85, abnormal_low: 90, abnormal_high: 99, critical_high: 100 }],
      },
      400,
      'vitals.0.abnormal_high',
    ],
    [
      'usage above 24',
      { vitals: [{ vital_id: 8, critical_low: 2, abnormal_low: 4, abnormal_high: 20, critical_high: 30 }] },
      400,
      'vitals.0.critical_high',
    ],
    ['an unknown vital', { vitals: [{ ...BP_SYSTOLIC, vital_id: 77 }] }, 400, 'vitals.0.vital_id'],
    [
      'a negative dry weight',
      { vitals: [], weight: { dry_weight: -1, gain: 3, loss: 3 } },
      400,
      'weight.dry_weight',
    ],
    ['a patient outside the practice', { patient_id: -7, vitals: [] }, 404, 'patient_id'],
  ])('refuses %s, writing nothing', async (_, change, status, field) => {
    const resolved = { patient_id: neighbour, ...change };
    if (change.patient_id === -7) resolved.patient_id = foreign;
    const tables = ['patient_vital_thresholds', 'patient_weight_settings', 'audit_log'] as const;
    const before = await rowCounts(t.db, tables);
    const res = await injectUnchecked(t.app, addVitalConfigurations, { body: resolved }, nurse);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(t.db, tables)).toEqual(before);
  });
});

describe('Notification Defaults (000 §2.2, §6.2; updateVitalsDefaults)', () => {
  const MINE = { ...BP_SYSTOLIC, critical_low: 80, abnormal_low: 95 };
  const save = (body: unknown, who: Signed = nurse) =>
    injectUnchecked(t.app, updateVitalsDefaults, { body }, who);
  const tables = ['user_vital_defaults', 'audit_log'] as const;

  it("saves the caller's own defaults, which new rules start from, in one write with its audit row", async () => {
    const before = await rowCounts(t.db, tables);
    const res = await save({ device_type_id: 1, vitals: [MINE] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowCounts(t.db, tables)).toEqual({
      user_vital_defaults: before.user_vital_defaults + 1,
      audit_log: before.audit_log + 1,
    });
    const mine = (await defaults({ role_id: 8, device_type_id: 1 })).json().data;
    expect(mine[0]).toMatchObject({ vital_id: 1, source: 'user', critical_low: 80, abnormal_low: 95 });
    // Another user keeps the protocol's: each user changes only their own.
    const other = await signIn(t.app, 'role5@demo.test');
    const theirs = await injectCall(
      t.app,
      getVitalsDefaults,
      { query: { role_id: 8, device_type_id: 1 } },
      other,
    );
    expect(theirs.json().data[0]).toMatchObject({ source: 'protocol', critical_low: 90 });
    // Saving again replaces the device type's rows.
    expect((await save({ device_type_id: 1, vitals: [BP_SYSTOLIC] })).statusCode).toBe(200);
    expect((await defaults({ role_id: 8, device_type_id: 1 })).json().data[0]).toMatchObject({
      source: 'user',
      critical_low: 90,
    });
  });

  it.each([
    ['role10@demo.test', 'a biller (role 10 is not in the notification-role list)', false],
    ['role6@demo.test', 'a dentist', true],
  ])('refuses %s: %s', async (username, _, dentist) => {
    const who = await signIn(t.app, username);
    if (dentist)
      await t.db
        .updateTable('users')
        .set({ is_dentist: true })
        .where('user_id', '=', who.user.user_id)
        .execute();
    const before = await rowCounts(t.db, tables);
    const res = await save({ device_type_id: 1, vitals: [BP_SYSTOLIC] }, who);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have access to Notification Defaults.');
    expect(await rowCounts(t.db, tables)).toEqual(before);
  });

  it.each([
    [{ device_type_id: 99, vitals: [BP_SYSTOLIC] }, 'device_type_id'],
    [{ device_type_id: 1, vitals: [{ ...BP_SYSTOLIC, vital_id: 7 }] }, 'vitals.0.vital_id'],
    [{ device_type_id: 1, vitals: [BP_SYSTOLIC, BP_SYSTOLIC] }, 'vitals.1.vital_id'],
    [{ device_type_id: 1, vitals: [{ ...BP_SYSTOLIC, abnormal_low: 90 }] }, 'vitals.0.abnormal_low'],
    [{ device_type_id: 1, vitals: [{ ...BP_SYSTOLIC, critical_low: 1001 }] }, 'vitals.0.critical_low'],
    [{ device_type_id: 1, vitals: [] }, 'vitals'],
  ])('refuses %j naming %s, writing nothing', async (body, field) => {
    const before = await rowCounts(t.db, tables);
    const res = await save(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(t.db, tables)).toEqual(before);
  });
});
