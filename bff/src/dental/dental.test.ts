import {
  advanceDentalStage,
  dentalCasesList,
  getDentalStageCounts,
  isoDay,
  ORAL_APPLIANCE_STAGES,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { rowCounts } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let dentist: Signed; // role 6 with is_dentist, Lakeside
let nurse: Signed; // role 8: no 'Dental Dashboard'
/** A case of a Northwind patient: outside every Lakeside user's scope. */
let foreignCase: number;

const WRITES = ['oral_appliance_cases', 'audit_log'] as const;

/** A case the dentist sees at `stage`. */
async function caseAt(stage: string): Promise<number> {
  const res = await injectCall(
    t.app,
    dentalCasesList.calls.list,
    { query: { stage, rowsPerPage: 10 } as never },
    dentist,
  );
  expect(res.statusCode, res.body).toBe(200);
  const row = res.json().data[0];
  expect(row, `a case at ${stage}`).toBeDefined();
  return row.case_id;
}

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 60 });
  dentist = await signIn(t.app, 'dentist@demo.test');
  nurse = await signIn(t.app, 'role8@demo.test');
  const patient = await t.db
    .selectFrom('patients as p')
    .innerJoin('practices as pr', 'pr.practice_id', 'p.practice_id')
    .innerJoin('organizations as o', 'o.organization_id', 'pr.organization_id')
    .select('p.patient_id')
    .where('o.organization_name', '=', 'Northwind Cardiology Group')
    .executeTakeFirstOrThrow();
  const at = t.clock.now();
  foreignCase = (
    await t.db
      .insertInto('oral_appliance_cases')
      .values({
        patient_id: patient.patient_id,
        dentist_id: dentist.user.user_id,
        stage: 'referral',
        referred_on: isoDay(at),
        created_at: at,
        updated_at: at,
      })
      .returning('case_id')
      .executeTakeFirstOrThrow()
  ).case_id;
});
afterAll(async () => t.close());

describe('Dental Dashboard (000 §2.4 dentalDashboard; issue 15 §3)', () => {
  it('counts the cases in scope at each stage, every stage listed, matching the filtered list', async () => {
    const res = await injectCall(t.app, getDentalStageCounts, {}, dentist);
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json().data as { stage: string; count: number }[];
    expect(figures.map((f) => f.stage)).toEqual(ORAL_APPLIANCE_STAGES);
    for (const { stage, count } of figures) {
      const list = await injectCall(
        t.app,
        dentalCasesList.calls.list,
        { query: { stage } as never },
        dentist,
      );
      expect(list.json().count, stage).toBe(count);
    }
    expect(figures.reduce((sum, f) => sum + f.count, 0)).toBeGreaterThan(0);
    // The Northwind case is not the Lakeside dentist's to count.
    const all = await injectCall(
      t.app,
      dentalCasesList.calls.list,
      { query: { search: String(foreignCase) } },
      dentist,
    );
    expect(all.json().data.map((r: { case_id: number }) => r.case_id)).not.toContain(foreignCase);
  });

  it('moves a case to its next stage dated today, audited; the same move again is refused', async () => {
    const caseId = await caseAt('referral');
    const before = await rowCounts(t.db, WRITES);
    const send = () =>
      injectCall(t.app, advanceDentalStage, { body: { case_id: caseId, to_stage: 'impression' } }, dentist);
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const row = await t.db
      .selectFrom('oral_appliance_cases')
      .selectAll()
      .where('case_id', '=', caseId)
      .executeTakeFirstOrThrow();
    expect(row.stage).toBe('impression');
    expect(row.impression_on && isoDay(row.impression_on)).toBe(isoDay(t.clock.now()));
    const again = await send();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'to_stage' });
    expect(again.json().message).toBe('The case is at Impression; its next stage is Insertion.');
    const after = await rowCounts(t.db, WRITES);
    expect(after.audit_log).toBe(before.audit_log + 1);
  });

  it('never skips a stage nor goes past the last one, writing nothing', async () => {
    const caseId = await caseAt('referral');
    const move = (to_stage: 'impression' | 'insertion' | 'follow_up_test') =>
      injectCall(t.app, advanceDentalStage, { body: { case_id: caseId, to_stage } }, dentist);
    const before = await rowCounts(t.db, WRITES);
    const skip = await move('insertion');
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe('The case is at Referral; its next stage is Impression.');
    expect(await rowCounts(t.db, WRITES)).toEqual(before);
    for (const stage of ['impression', 'insertion', 'follow_up_test'] as const)
      expect((await move(stage)).statusCode, stage).toBe(200);
    const atLast = await rowCounts(t.db, WRITES);
    const past = await move('follow_up_test');
    expect(past.statusCode).toBe(409);
    expect(past.json().message).toBe('The case is already at its last stage, Follow-up Test.');
    expect(await rowCounts(t.db, WRITES)).toEqual(atLast);
  });

  it('answers a case outside the caller’s scope as an unknown one, and refuses bad input naming the field', async () => {
    const foreign = await injectCall(
      t.app,
      advanceDentalStage,
      { body: { case_id: foreignCase, to_stage: 'impression' } },
      dentist,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().field).toBe('case_id');
    const badStage = await injectUnchecked(
      t.app,
      advanceDentalStage,
      { body: { case_id: foreignCase, to_stage: 'done' } },
      dentist,
    );
    expect(badStage.statusCode).toBe(400);
    expect(badStage.json().field).toBe('to_stage');
    const badId = await injectUnchecked(
      t.app,
      advanceDentalStage,
      { body: { case_id: 'x', to_stage: 'impression' } },
      dentist,
    );
    expect(badId.statusCode).toBe(400);
    expect(badId.json().field).toBe('case_id');
  });

  it('is closed to users without the Dental Dashboard page', async () => {
    expect((await injectCall(t.app, getDentalStageCounts, {}, nurse)).statusCode).toBe(403);
    const move = await injectCall(
      t.app,
      advanceDentalStage,
      { body: { case_id: foreignCase, to_stage: 'impression' } },
      nurse,
    );
    expect(move.statusCode).toBe(403);
  });
});
