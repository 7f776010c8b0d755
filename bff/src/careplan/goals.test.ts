import { addPatientGoal, getCarePlan, getPatientGoals, saveCarePlan, updatePatientGoal } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordReadings } from '../billing/summary.js';
import { type ChartWorld, startChartWorld } from '../chart/chart-test-world.js';
import { injectCall, injectUnchecked } from '../test-app.js';
import { rowCounts } from '../test-rows.js';

let w: ChartWorld;

beforeAll(async () => {
  w = await startChartWorld();
  // A care plan with the default problems (I10, E11.9) and systolic readings: 150 and 125 this month, 180 long ago.
  const defaults = (
    await injectCall(w.t.app, getCarePlan, { query: { patient_id: w.patient } }, w.nurse)
  ).json().data.defaults;
  await injectCall(
    w.t.app,
    saveCarePlan,
    { body: { patient_id: w.patient, base_version: null, plan: defaults } },
    w.nurse,
  );
  const now = w.t.clock.now().getTime();
  const at = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString();
  await w.t.db.transaction().execute((trx) =>
    recordReadings(
      trx,
      [
        [150, at(3)],
        [125, at(1)],
        [180, at(45)],
      ].map(([value, taken_at]) => ({
        patient_id: w.patient,
        device_assign_id: w.bp.deviceAssignId,
        vital_id: 1,
        value: value as number,
        taken_at: taken_at as string,
      })),
    ),
  );
});
afterAll(async () => w.t.close());

const bpGoal = {
  kind: 'clinical' as const,
  title: 'Systolic below 130',
  vital_id: 1,
  target_low: null,
  target_high: 130,
  problem_icd10: 'I10',
  target_date: null,
};
const add = (goal: object, patientId = w.patient) =>
  injectUnchecked(w.t.app, addPatientGoal, { body: { patient_id: patientId, goal } }, w.nurse);
const goals = async () =>
  (await injectCall(w.t.app, getPatientGoals, { query: { patient_id: w.patient } }, w.nurse)).json().data;

describe('goals (000 §2.3 goals; issue 13)', () => {
  it('adds a clinical goal on a vital with its progress from the last 30 days of readings', async () => {
    const res = await add(bpGoal);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      kind: 'clinical',
      vital_type: 'systolic',
      unit: 'mmHg',
      problem_icd10: 'I10',
      status: 'active',
      author_name: 'Grace Kim',
      progress: { readings: 2, in_range: 1, latest_value: 125 },
    });
  });

  it('adds a personal goal without progress, marks it achieved, and keeps the change in the audit', async () => {
    const personal = {
      ...bpGoal,
      kind: 'personal',
      title: 'Walk to church',
      vital_id: null,
      target_high: null,
    };
    const added = (await add(personal)).json().data;
    expect(added.progress).toBeNull();
    const res = await injectCall(
      w.t.app,
      updatePatientGoal,
      { body: { goal_id: added.goal_id, goal: { ...personal, kind: 'personal' }, status: 'achieved' } },
      w.nurse,
    );
    expect(res.statusCode, res.body).toBe(200);
    // Active goals first.
    expect((await goals()).map((g: { status: string }) => g.status)).toEqual(['active', 'achieved']);
    const row = await w.t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'update_patient_goal')
      .where('entity_id', '=', String(added.goal_id))
      .executeTakeFirstOrThrow();
    expect(row.detail).toMatchObject({ before: { status: 'active', title: 'Walk to church' } });
  });

  it.each<[string, object, string]>([
    ['a clinical goal without a vital', { vital_id: null }, 'goal.vital_id'],
    ['a clinical goal without a target', { target_high: null }, 'goal.target_low'],
    ['a range upside down', { target_low: 140, target_high: 130 }, 'goal.target_high'],
    ['a personal goal with a vital', { kind: 'personal' }, 'goal.vital_id'],
    ['an empty title', { title: '  ' }, 'goal.title'],
    ['a problem not in the care plan', { problem_icd10: 'J44.9' }, 'goal.problem_icd10'],
  ])('refuses %s with 400 naming the field and writes nothing', async (_, change, field) => {
    const before = await rowCounts(w.t.db, ['patient_goals', 'audit_log']);
    const res = await add({ ...bpGoal, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(w.t.db, ['patient_goals', 'audit_log'])).toEqual(before);
  });

  it("answers another practice's patient as unknown", async () => {
    expect((await add(bpGoal, w.foreign)).statusCode).toBe(404);
    const res = await injectCall(w.t.app, getPatientGoals, { query: { patient_id: w.foreign } }, w.nurse);
    expect(res.statusCode).toBe(404);
  });
});
