import {
  getInsuranceDefaults,
  getNotesDefaults,
  getProtocolDefaults,
  getVitalsDefaults,
  MSG,
  updateInsuranceDefaults,
  updateNotesDefaults,
  updateProtocolDefaults,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { organizationIdOf } from '../test-fixtures.js';

/** RPM Protocol, Notes and Insurance Defaults (000 §2.2, §6.2). */

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let lead: Signed; // role 5, Riverside
let admin: Signed; // role 1, every organisation
let riverside: number;
let northwind: number;

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-03-10T12:00:00Z') });
  lead = await signIn(t.app, 'role5@demo.test');
  admin = await signIn(t.app, 'role1@demo.test');
  riverside = await organizationIdOf(t.db, 'Riverside Family Health');
  northwind = await organizationIdOf(t.db, 'Northwind Cardiology Group');
});
afterAll(async () => t.close());

const auditsOf = (action: string) =>
  t.db.selectFrom('audit_log').select(['user_id', 'entity_id']).where('action', '=', action).execute();

const patientOf = async (organizationId: number) =>
  (
    await t.db
      .selectFrom('patients')
      .select('patient_id')
      .where('organization_id', '=', organizationId)
      .orderBy('patient_id')
      .executeTakeFirstOrThrow()
  ).patient_id;

const systolic = { vital_id: 1, critical_low: 70, abnormal_low: 85, abnormal_high: 150, critical_high: 190 };

describe('RPM Protocol Defaults (000 §6.2: role 5)', () => {
  it("starts from role 5's bounds, 16 reading days and a monthly check-in", async () => {
    const res = await injectCall(t.app, getProtocolDefaults, { query: {} }, lead);
    const data = res.json().data;
    expect(data).toMatchObject({
      organization_id: riverside,
      own: false,
      reading_days: 16,
      check_in_frequency: 'monthly',
    });
    expect(data.vitals.find((v: { vital_id: number }) => v.vital_id === 1)).toMatchObject({
      critical_low: 90,
    });
  });

  it("gives the organisation's new patients its bounds and another organisation's patients role 5's", async () => {
    const saved = await injectCall(
      t.app,
      updateProtocolDefaults,
      {
        body: {
          organization_id: riverside,
          reading_days: 20,
          check_in_frequency: 'weekly',
          vitals: [systolic],
        },
      },
      lead,
    );
    expect(saved.json().message).toBe(MSG.updatedSuccessfully);
    const after = (await injectCall(t.app, getProtocolDefaults, { query: {} }, lead)).json().data;
    expect(after).toMatchObject({ own: true, reading_days: 20, check_in_frequency: 'weekly' });
    expect(after.vitals.find((v: { vital_id: number }) => v.vital_id === 1)).toMatchObject(systolic);
    const defaultsFor = async (patientId: number) =>
      (
        await injectCall(
          t.app,
          getVitalsDefaults,
          { query: { role_id: 8, device_type_id: 1, patient_id: patientId } },
          admin,
        )
      ).json().data[0];
    expect(await defaultsFor(await patientOf(riverside))).toMatchObject({
      source: 'protocol',
      critical_low: 70,
      abnormal_low: 85,
    });
    expect(await defaultsFor(await patientOf(northwind))).toMatchObject({
      source: 'protocol',
      critical_low: 90,
    });
    expect(await auditsOf('update_protocol_defaults')).toEqual([
      { user_id: lead.user.user_id, entity_id: String(riverside) },
    ]);
  });

  it('refuses bounds breaking the rules, days out of range (400 naming the field) and another organisation', async () => {
    const body = {
      organization_id: riverside,
      reading_days: 16,
      check_in_frequency: 'monthly' as const,
      vitals: [systolic],
    };
    const crossed = await injectCall(
      t.app,
      updateProtocolDefaults,
      { body: { ...body, vitals: [{ ...systolic, critical_low: 100 }] } },
      lead,
    );
    expect([crossed.statusCode, crossed.json().field]).toEqual([400, 'vitals.0.abnormal_low']);
    const days = await injectUnchecked(
      t.app,
      updateProtocolDefaults,
      { body: { ...body, reading_days: 32 } },
      lead,
    );
    expect([days.statusCode, days.json().field]).toEqual([400, 'reading_days']);
    const other = await injectCall(
      t.app,
      updateProtocolDefaults,
      { body: { ...body, organization_id: northwind } },
      lead,
    );
    expect([other.statusCode, other.json().field]).toEqual([403, 'organization_id']);
  });

  it('is refused to users 000 §6.2 hides it from: a physician and an administrator', async () => {
    const physician = await signIn(t.app, 'role6@demo.test');
    for (const who of [physician, admin]) {
      expect((await injectCall(t.app, getProtocolDefaults, { query: {} }, who)).statusCode).toBe(403);
    }
  });
});

describe('Notes Defaults (000 §6.2: role 5, or 6 when not a dentist)', () => {
  it("saves the user's own category and comment, one audit row", async () => {
    const before = (await injectCall(t.app, getNotesDefaults, {}, lead)).json().data;
    expect(before).toMatchObject({ category_id: null, comment_id: null });
    const clinical = before.categories.find((c: { name: string }) => c.name === 'Clinical');
    const device = before.categories.find((c: { name: string }) => c.name === 'Device');
    const comment = before.comments.find(
      (c: { category_id: number }) => c.category_id === clinical.category_id,
    );
    const body = { category_id: clinical.category_id, comment_id: comment.comment_id };
    expect((await injectCall(t.app, updateNotesDefaults, { body }, lead)).statusCode).toBe(200);
    expect((await injectCall(t.app, getNotesDefaults, {}, lead)).json().data).toMatchObject(body);
    // Per user: a physician's stay unset.
    const physician = await signIn(t.app, 'role6@demo.test');
    expect((await injectCall(t.app, getNotesDefaults, {}, physician)).json().data.category_id).toBeNull();
    const mismatch = await injectCall(
      t.app,
      updateNotesDefaults,
      { body: { category_id: device.category_id, comment_id: comment.comment_id } },
      lead,
    );
    expect([mismatch.statusCode, mismatch.json().field]).toEqual([400, 'comment_id']);
    const unknown = await injectCall(
      t.app,
      updateNotesDefaults,
      { body: { category_id: 999999, comment_id: null } },
      lead,
    );
    expect([unknown.statusCode, unknown.json().field]).toEqual([400, 'category_id']);
    expect(await auditsOf('update_notes_defaults')).toEqual([
      { user_id: lead.user.user_id, entity_id: String(lead.user.user_id) },
    ]);
  });

  it('is refused to a nurse and a dentist', async () => {
    for (const username of ['role8@demo.test', 'dentist@demo.test']) {
      const who = await signIn(t.app, username);
      expect((await injectCall(t.app, getNotesDefaults, {}, who)).statusCode).toBe(403);
      const save = await injectCall(
        t.app,
        updateNotesDefaults,
        { body: { category_id: null, comment_id: null } },
        who,
      );
      expect(save.statusCode).toBe(403);
    }
  });
});

describe('Insurance Defaults (000 §6.2: the insurance-role list, not dentists or sleep-lab users)', () => {
  it("saves one of the organisation's accepted plans, one audit row", async () => {
    const biller = await signIn(t.app, 'role11@demo.test'); // Riverside
    const before = (await injectCall(t.app, getInsuranceDefaults, { query: {} }, biller)).json().data;
    expect(before).toMatchObject({
      organization_id: riverside,
      own: false,
      plan_id: null,
    });
    expect(before).not.toHaveProperty('amount_source');
    const [first, second] = before.plans;
    const body = { organization_id: riverside, plan_id: first.plan_id };
    expect((await injectCall(t.app, updateInsuranceDefaults, { body }, biller)).statusCode).toBe(200);
    expect((await injectCall(t.app, getInsuranceDefaults, { query: {} }, biller)).json().data).toMatchObject({
      ...body,
      own: true,
    });
    await t.db
      .updateTable('organization_insurances')
      .set({ active: false })
      .where('organization_id', '=', riverside)
      .where('plan_id', '=', second.plan_id)
      .execute();
    const unaccepted = await injectCall(
      t.app,
      updateInsuranceDefaults,
      { body: { ...body, plan_id: second.plan_id } },
      biller,
    );
    expect([unaccepted.statusCode, unaccepted.json().field]).toEqual([400, 'plan_id']);
    const other = await injectCall(
      t.app,
      updateInsuranceDefaults,
      { body: { ...body, organization_id: northwind, plan_id: null } },
      biller,
    );
    expect([other.statusCode, other.json().field]).toEqual([403, 'organization_id']);
    const badPlan = await injectUnchecked(
      t.app,
      updateInsuranceDefaults,
      { body: { ...body, plan_id: 'first' } },
      biller,
    );
    expect([badPlan.statusCode, badPlan.json().field]).toEqual([400, 'plan_id']);
    expect(await auditsOf('update_insurance_defaults')).toEqual([
      { user_id: biller.user.user_id, entity_id: String(riverside) },
    ]);
  });

  it('is refused to a nurse and a sleep-lab user', async () => {
    for (const username of ['role8@demo.test', 'sleeplab@demo.test']) {
      const who = await signIn(t.app, username);
      expect((await injectCall(t.app, getInsuranceDefaults, { query: {} }, who)).statusCode).toBe(403);
    }
  });
});
