import { getCarePlanDefaults, MSG, updateCarePlanDefaults } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { organizationIdOf } from '../test-fixtures.js';

/** CCM Care Plan Defaults (000 §2.2 ccm-defaults, §6.2). */

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let lead: Signed; // role 5, Riverside
let physician: Signed; // role 6, Northwind
let riverside: number;
let northwind: number;

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-03-10T12:00:00Z') });
  lead = await signIn(t.app, 'role5@demo.test');
  physician = await signIn(t.app, 'role6@demo.test');
  riverside = await organizationIdOf(t.db, 'Riverside Family Health');
  northwind = await organizationIdOf(t.db, 'Northwind Cardiology Group');
});
afterAll(async () => t.close());

const plan = {
  problems: [
    {
      icd10: 'I50.9',
      description: 'Heart failure, unspecified',
      goals: [{ goal: 'Weight within 2 lb of dry weight', target_date: null }],
      interventions: [{ intervention: 'Daily weight review', responsible: 'Nurse' }],
    },
  ],
  patient_goals: '',
};

describe('CCM Care Plan Defaults (000 §6.2: role 5, or 6 when not a dentist)', () => {
  it("shows the product's template until the organisation saves its own, with one audit row", async () => {
    const before = await injectCall(t.app, getCarePlanDefaults, { query: {} }, lead);
    expect(before.json().data).toMatchObject({ organization_id: riverside, own: false });
    expect(before.json().data.plan.problems[0].icd10).toBe('I10');
    const saved = await injectCall(
      t.app,
      updateCarePlanDefaults,
      { body: { organization_id: riverside, plan } },
      lead,
    );
    expect(saved.json().message).toBe(MSG.updatedSuccessfully);
    const after = await injectCall(
      t.app,
      getCarePlanDefaults,
      { query: { organization_id: riverside } },
      lead,
    );
    expect(after.json().data).toEqual({
      organization_id: riverside,
      organizations: [{ organization_id: riverside, organization_name: 'Riverside Family Health' }],
      own: true,
      plan,
    });
    // Another organisation keeps the product's template.
    const other = await injectCall(t.app, getCarePlanDefaults, { query: {} }, physician);
    expect(other.json().data).toMatchObject({ organization_id: northwind, own: false });
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'action'])
      .where('action', '=', 'update_care_plan_defaults')
      .execute();
    expect(audits).toEqual([{ user_id: lead.user.user_id, action: 'update_care_plan_defaults' }]);
  });

  it('refuses another organisation (403 naming organization_id) and a plan breaking the rules (400)', async () => {
    const read = await injectCall(
      t.app,
      getCarePlanDefaults,
      { query: { organization_id: northwind } },
      lead,
    );
    expect([read.statusCode, read.json().field]).toEqual([403, 'organization_id']);
    const write = await injectCall(
      t.app,
      updateCarePlanDefaults,
      { body: { organization_id: northwind, plan } },
      lead,
    );
    expect([write.statusCode, write.json().field]).toEqual([403, 'organization_id']);
    const empty = await injectUnchecked(
      t.app,
      updateCarePlanDefaults,
      { body: { organization_id: riverside, plan: { ...plan, problems: [] } } },
      lead,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toMatch(/^plan/);
  });

  it('is refused to users 000 §6.2 hides it from: a nurse and a dentist', async () => {
    for (const username of ['role8@demo.test', 'dentist@demo.test']) {
      const who = await signIn(t.app, username);
      const res = await injectCall(t.app, getCarePlanDefaults, { query: {} }, who);
      expect(res.statusCode).toBe(403);
      const save = await injectCall(
        t.app,
        updateCarePlanDefaults,
        { body: { organization_id: northwind, plan } },
        who,
      );
      expect(save.statusCode).toBe(403);
    }
  });
});
