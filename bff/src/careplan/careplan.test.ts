import {
  type CarePlanContent,
  ccmList,
  getBillingDetails,
  getCarePlan,
  getCarePlanVersions,
  printCarePlan,
  saveCarePlan,
  shiftMonths,
  signCarePlan,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordTimeLogs } from '../billing/summary.js';
import { type ChartWorld, type Signed, startChartWorld } from '../chart/chart-test-world.js';
import { injectCall, injectUnchecked, signIn } from '../test-app.js';
import { makePatient, placeOf } from '../test-fixtures.js';
import { pdfText } from '../test-pdf.js';
import { rowCounts } from '../test-rows.js';

let w: ChartWorld;
let physician: Signed;
/** A patient of the physician's practice whose physician of record is the demo physician. */
let patient: number;

beforeAll(async () => {
  w = await startChartWorld();
  physician = await signIn(w.t.app, 'role6@demo.test');
  patient = await makePatient(w.t.db, await placeOf(w.t.db, physician.user.user_id), {
    physicianId: physician.user.user_id,
  });
});
afterAll(async () => w.t.close());

const get = (patientId: number, who: Signed = w.nurse, version?: number) =>
  injectCall(w.t.app, getCarePlan, { query: { patient_id: patientId, version } }, who);
const save = (
  body: { patient_id: number; base_version: number | null; plan: CarePlanContent },
  who: Signed = w.nurse,
  key?: string,
) =>
  injectCall(w.t.app, saveCarePlan, { body, ...(key ? { headers: { 'idempotency-key': key } } : {}) }, who);
const sign = (version: number, who: Signed = physician, patientId = patient) =>
  injectCall(w.t.app, signCarePlan, { body: { patient_id: patientId, version } }, who);
const tables = ['care_plan_versions', 'audit_log'] as const;

describe('care plan (000 §2.3 ccm; issue 13)', () => {
  it('starts from the CCM Care Plan Defaults, keeps every version and is signed by the physician', async () => {
    const first = (await get(patient)).json().data;
    expect(first).toMatchObject({
      plan: null,
      latest_version: null,
      in_force_version: null,
      can_sign: false,
    });
    expect(first.defaults.problems.map((p: { icd10: string }) => p.icd10)).toEqual(['I10', 'E11.9']);
    expect(first.defaults.review_date).toBe(shiftMonths(w.today, 3));

    const plan = { ...first.defaults, patient_goals: 'Walk my granddaughter to school.' };
    const v1 = await save({ patient_id: patient, base_version: null, plan }, w.nurse, 'care-plan-v1');
    expect(v1.statusCode, v1.body).toBe(200);
    expect(v1.json().data).toMatchObject({ version: 1, signed_at: null, author_name: 'Grace Kim' });
    // A retry with the same key answers the first result and adds nothing.
    const before = await rowCounts(w.t.db, tables);
    const again = await save({ patient_id: patient, base_version: null, plan }, w.nurse, 'care-plan-v1');
    expect(again.json().data.version).toBe(1);
    expect(await rowCounts(w.t.db, tables)).toEqual(before);

    expect((await get(patient, physician)).json().data.can_sign).toBe(true);
    const signed = await sign(1);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data).toMatchObject({ version: 1, signed_by_name: 'Elena Vasquez' });
    expect((await sign(1)).statusCode).toBe(409);

    const revised = { ...plan, patient_goals: 'Walk to school and back.' };
    const v2 = await save({ patient_id: patient, base_version: 1, plan: revised });
    expect(v2.json().data).toMatchObject({ version: 2, signed_at: null });
    const now = (await get(patient)).json().data;
    expect(now).toMatchObject({ latest_version: 2, in_force_version: 1 });
    expect(now.plan.plan.patient_goals).toBe('Walk to school and back.');
    // The previous version is kept as it was.
    expect((await get(patient, w.nurse, 1)).json().data.plan.plan.patient_goals).toBe(
      'Walk my granddaughter to school.',
    );
    // Signing an older version is refused: the physician signs what is now the plan.
    expect((await sign(1)).statusCode).toBe(409);
    const versions = (
      await injectCall(w.t.app, getCarePlanVersions, { query: { patient_id: patient } }, w.nurse)
    ).json();
    expect(versions.count).toBe(2);
    expect(versions.data.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions.data[1]).toMatchObject({ signed_by_name: 'Elena Vasquez', author_name: 'Grace Kim' });

    const audits = await w.t.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity', '=', 'care_plan')
      .where('entity_id', '=', String(patient))
      .orderBy('audit_id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['save_care_plan', 'sign_care_plan', 'save_care_plan']);
  });

  it('prints a version as a PDF for the patient, recorded in the audit', async () => {
    const res = await injectCall(
      w.t.app,
      printCarePlan,
      { query: { patient_id: patient, version: 1 } },
      w.nurse,
    );
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Care_Plan_.+_v1\.pdf"$/);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('CCM Care Plan');
    expect(text).toContain('I10 Essential (primary) hypertension');
    expect(text).toContain('Walk my granddaughter to school.');
    expect(text).toContain('Elena Vasquez');
    const printed = await w.t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'print_care_plan')
      .executeTakeFirstOrThrow();
    expect(printed.detail).toMatchObject({ patient_id: patient, version: 1 });
  });

  it('refuses a save from a stale version with 409 and writes nothing', async () => {
    const plan = (await get(patient)).json().data.plan.plan;
    const before = await rowCounts(w.t.db, tables);
    const res = await save({ patient_id: patient, base_version: 1, plan });
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('base_version');
    expect(await rowCounts(w.t.db, tables)).toEqual(before);
  });

  it('lets only the physician of record sign, never a nurse or an administrator', async () => {
    expect((await sign(2, w.nurse)).statusCode).toBe(403);
    expect((await sign(2, w.admin)).statusCode).toBe(403);
    // The physician cannot sign for a patient whose physician of record is someone else.
    const other = await makePatient(w.t.db, await placeOf(w.t.db, physician.user.user_id), {
      physicianId: w.nurse.user.user_id,
    });
    const defaults = (await get(other)).json().data.defaults;
    await save({ patient_id: other, base_version: null, plan: defaults });
    const res = await sign(1, physician, other);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Only the patient's physician may sign the care plan.");
  });

  it.each<[string, (plan: CarePlanContent) => unknown, string]>([
    ['no problem', (p) => ({ ...p, problems: [] }), 'plan.problems'],
    [
      'a code that is not ICD-10',
      (p) => ({ ...p, problems: [{ ...p.problems[0], icd10: 'hypertension' }] }),
      'plan.problems.0.icd10',
    ],
    [
      'an empty intervention',
      (p) => ({
        ...p,
        problems: [{ ...p.problems[0], interventions: [{ intervention: ' ', responsible: 'Nurse' }] }],
      }),
      'plan.problems.0.interventions.0.intervention',
    ],
    ['expressed goals too long', (p) => ({ ...p, patient_goals: 'x'.repeat(2001) }), 'plan.patient_goals'],
    ['a review date that is not a day', (p) => ({ ...p, review_date: '2026-02-30' }), 'plan.review_date'],
  ])('refuses %s with 400 naming the field', async (_, change, field) => {
    const plan = (await get(patient)).json().data.plan.plan;
    const before = await rowCounts(w.t.db, tables);
    const res = await injectUnchecked(
      w.t.app,
      saveCarePlan,
      { body: { patient_id: patient, base_version: 2, plan: change(plan) } },
      w.nurse,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(w.t.db, tables)).toEqual(before);
  });

  it('answers a patient outside the practice as unknown (404)', async () => {
    expect((await get(w.foreign)).statusCode).toBe(404);
    const defaults = (await get(patient)).json().data.defaults;
    const res = await save({ patient_id: w.foreign, base_version: null, plan: defaults });
    expect(res.statusCode).toBe(404);
    expect((await sign(1, physician, w.foreign)).statusCode).toBe(404);
  });
});

describe('CCM billing needs a signed care plan (001 §9)', () => {
  it('blocks 99490 for want of a signed care plan until the physician signs, then bills it', async () => {
    const place = await placeOf(w.t.db, physician.user.user_id);
    const billed = await makePatient(w.t.db, place, { physicianId: physician.user.user_id });
    const at = `${w.today}T00:00:01Z`;
    await w.t.db.transaction().execute((trx) =>
      recordTimeLogs(trx, [
        { patient_id: billed, user_id: w.nurse.user.user_id, program: 'RPM', seconds: 60, logged_at: at },
        { patient_id: billed, user_id: w.nurse.user.user_id, program: 'CCM', seconds: 1500, logged_at: at },
      ]),
    );
    // CCM consent on file, and the order's visit: the care plan is the one need left.
    await w.t.db
      .insertInto('enrollment_orders')
      .values({
        patient_id: billed,
        program: 'CCM',
        ordering_provider: 'Dr Test',
        diagnosis_codes: JSON.stringify(['I10']),
        order_date: w.today,
        consent_date: w.today,
        consent_method: 'verbal',
        created_by: physician.user.user_id,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const row = async () => {
      const headers = {
        month: w.month.slice(5),
        year: w.month.slice(0, 4),
        practice: String(place.practiceId),
        search: String(billed),
      };
      const res = await injectCall(w.t.app, getBillingDetails, { headers }, w.admin);
      expect(res.statusCode, res.body).toBe(200);
      // The report refreshes the month's period results; the CCM code is among them.
      return w.t.db
        .selectFrom('billing_period_codes')
        .select(['status', 'unmet'])
        .where('patient_id', '=', billed)
        .where('rule_id', '=', '99490')
        .executeTakeFirst();
    };
    // A CCM-active patient (001 §2.3 CCM status 3) shows on the CCM list with its care plan state.
    await w.t.db.updateTable('patients').set({ ccm_status: 3 }).where('patient_id', '=', billed).execute();
    const listed = async () => {
      const query = { search: String(billed), ccm_status: '' };
      const res = await injectUnchecked(w.t.app, ccmList.calls.list, { query }, w.admin);
      expect(res.statusCode, res.body).toBe(200);
      // Only the patient's own row: a search of its id also finds a fixture named 'Test<that number>'.
      return res
        .json()
        .data.filter((r: { patient_id: number }) => r.patient_id === billed)
        .map((r: { care_plan: string }) => r.care_plan);
    };
    expect(await listed()).toEqual(['Care plan missing']);
    expect(await row()).toEqual({ status: 'blocked', unmet: ['carePlan'] });
    const defaults = (await get(billed)).json().data.defaults;
    await save({ patient_id: billed, base_version: null, plan: defaults });
    // Written but not signed: still not billable.
    expect(await row()).toEqual({ status: 'blocked', unmet: ['carePlan'] });
    expect((await sign(1, physician, billed)).statusCode).toBe(200);
    expect(await row()).toEqual({ status: 'billed', unmet: [] });
    expect(await listed()).toEqual(['Signed']);
  });
});
