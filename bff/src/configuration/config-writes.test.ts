import { CONFIG_TABLES, getMessageTemplates, isoDay, MSG, shiftMonths } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthPrices } from '../billing/report.js';
import { visibleOrganizations } from '../scope.js';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { rowCounts } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let admin: Signed; // role 1: every page, every organisation
let biller: Signed; // role 10: Insurances Default Amount and Insurance Plans Tables, its organisations only
let nurse: Signed; // role 8: no configuration page

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, 'role1@demo.test');
  biller = await signIn(t.app, 'role10@demo.test');
  nurse = await signIn(t.app, 'role8@demo.test');
});
afterAll(async () => t.close());

const { 'device-types': deviceTypes, vitals } = CONFIG_TABLES;
const thisMonth = () => `${isoDay(t.clock.now()).slice(0, 7)}-01`;
const lastAudit = () =>
  t.db.selectFrom('audit_log').selectAll().orderBy('audit_id', 'desc').limit(1).executeTakeFirstOrThrow();

describe('DeviceType and Vitals (000 §2.4): add, edit, deactivate', () => {
  it('adds a device type once per Idempotency-Key with its audit row, edits and deactivates it', async () => {
    const before = await rowCounts(t.db, ['device_types', 'audit_log']);
    const send = () =>
      injectCall(
        t.app,
        deviceTypes.add,
        { body: { device_type: ' Thermometer ' }, headers: { 'idempotency-key': 'type-thermo-1' } },
        admin,
      );
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 1, message: MSG.addedSuccessfully });
    expect((await send()).json()).toEqual(first.json());
    expect(await rowCounts(t.db, ['device_types', 'audit_log'])).toEqual({
      device_types: before.device_types + 1,
      audit_log: before.audit_log + 1,
    });
    const id = first.json().data.id as number;
    expect(await lastAudit()).toMatchObject({
      action: 'add_device_type',
      entity_id: String(id),
      user_id: admin.user.user_id,
    });

    const edit = await injectCall(
      t.app,
      deviceTypes.update!,
      { body: { id, device_type: 'Thermometer T-1', active: false } },
      admin,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().message).toBe(MSG.updatedSuccessfully);
    const row = await t.db
      .selectFrom('device_types')
      .selectAll()
      .where('device_type_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ device_type: 'Thermometer T-1', active: false });
    const list = await injectCall(
      t.app,
      deviceTypes.list.calls.list,
      { query: { search: 'Thermometer' } },
      admin,
    );
    expect(list.json().data).toEqual([
      expect.objectContaining({ device_type_id: id, active: false, status: 'Inactive' }),
    ]);

    // An inactive type takes no new vitals: 400 naming the field, nothing written.
    const vital = await injectCall(
      t.app,
      vitals.add,
      { body: { vital_type: 'temperature', device_type_id: id, unit: '°F' } },
      admin,
    );
    expect(vital.statusCode).toBe(400);
    expect(vital.json()).toMatchObject({ field: 'device_type_id', message: 'Select an active device type.' });
  });

  it('refuses a name that exists in another case with 409 naming the field, writing nothing', async () => {
    const before = await rowCounts(t.db, ['device_types', 'vitals', 'audit_log']);
    const type = await injectCall(t.app, deviceTypes.add, { body: { device_type: 'blood pressure' } }, admin);
    expect(type.statusCode).toBe(409);
    expect(type.json()).toMatchObject({ field: 'device_type', message: 'This device type already exists.' });
    const vital = await injectCall(
      t.app,
      vitals.update!,
      { body: { id: 1, vital_type: 'Diastolic', unit: 'mmHg', active: true } },
      admin,
    );
    expect(vital.statusCode).toBe(409);
    expect(vital.json().field).toBe('vital_type');
    expect(await rowCounts(t.db, ['device_types', 'vitals', 'audit_log'])).toEqual(before);
  });

  it.each([
    ['an empty name', { device_type: '   ' }, 'device_type'],
    ['a name over 100 characters', { device_type: 'x'.repeat(101) }, 'device_type'],
    ['a NUL character', { device_type: 'a\u0000b' }, 'device_type'],
  ])('refuses %s with 400 naming the field', async (_what, body, field) => {
    const res = await injectUnchecked(t.app, deviceTypes.add, { body }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().field ?? res.body).toContain(field);
  });

  it("keeps a vital's device type (readings stay with it) and answers 404 for an unknown row", async () => {
    const res = await injectUnchecked(
      t.app,
      vitals.update!,
      { body: { id: 3, vital_type: 'pulse', unit: 'bpm', active: true, device_type_id: 2 } },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('vitals')
      .selectAll()
      .where('vital_id', '=', 3)
      .executeTakeFirstOrThrow();
    expect(row.device_type_id).toBe(1);
    const unknown = await injectCall(
      t.app,
      vitals.update!,
      { body: { id: 99_999, vital_type: 'x', unit: 'y', active: true } },
      admin,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('needs the table’s page: 403 for a nurse', async () => {
    const res = await injectCall(t.app, deviceTypes.add, { body: { device_type: 'Nurse type' } }, nurse);
    expect(res.statusCode).toBe(403);
  });
});

describe('Insurances Default Amount (000 §2.4): prices by effective date, read by billing', () => {
  const prices = CONFIG_TABLES['insurances-default'];

  it('has no edit call: a price is only added', () => {
    expect(prices.update).toBeUndefined();
  });

  it('adds a price from this month, which billing reads for this month and not for the last', async () => {
    const month = thisMonth();
    const lastMonth = shiftMonths(month, -1);
    const before = (await monthPrices(t.db, lastMonth)).get('99454');
    const res = await injectCall(
      t.app,
      prices.add,
      { body: { cpt_code: '99454', amount: 51.25, effective_from: month } },
      biller,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await monthPrices(t.db, month)).get('99454')).toBe(5125);
    expect((await monthPrices(t.db, lastMonth)).get('99454')).toBe(before);
    const twice = await injectCall(
      t.app,
      prices.add,
      { body: { cpt_code: '99454', amount: 52, effective_from: month } },
      biller,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().field).toBe('effective_from');
  });

  it.each([
    ['a past month', () => ({ effective_from: shiftMonths(thisMonth(), -1) }), 'effective_from'],
    [
      'a day that is not the first',
      () => ({ effective_from: `${thisMonth().slice(0, 8)}15` }),
      'effective_from',
    ],
    ['a negative amount', () => ({ amount: -1 }), 'amount'],
    ['three decimals', () => ({ amount: 1.005 }), 'amount'],
    ['an unknown code', () => ({ cpt_code: '12345' }), 'cpt_code'],
  ])('refuses %s with 400 naming the field, writing nothing', async (_what, change, field) => {
    const before = await rowCounts(t.db, ['insurance_default_amounts', 'audit_log']);
    const body = { cpt_code: '99457', amount: 50, effective_from: shiftMonths(thisMonth(), 1), ...change() };
    const res = await injectUnchecked(t.app, prices.add, { body }, biller);
    expect(res.statusCode).toBe(400);
    expect(res.json().field ?? res.body).toContain(field);
    expect(await rowCounts(t.db, ['insurance_default_amounts', 'audit_log'])).toEqual(before);
  });
});

describe('Messages Category and Message Template: the chart composer offers active ones only', () => {
  const categories = CONFIG_TABLES['messages-category'];
  const templates = CONFIG_TABLES['messages-template'];
  const offered = async () => {
    const res = await injectCall(t.app, getMessageTemplates, {}, nurse);
    return res.json().data as { name: string; templates: { title: string }[] }[];
  };

  it('adds a category and a template, then hides each from the picker when deactivated', async () => {
    const category = await injectCall(t.app, categories.add, { body: { name: 'Surveys' } }, admin);
    expect(category.statusCode, category.body).toBe(200);
    const categoryId = category.json().data.id as number;
    const template = await injectCall(
      t.app,
      templates.add,
      { body: { title: 'Survey', category_id: categoryId, body: 'Hello {first_name}, how are we doing?' } },
      admin,
    );
    expect(template.statusCode, template.body).toBe(200);
    const templateId = template.json().data.id as number;
    expect((await offered()).find((c) => c.name === 'Surveys')?.templates.map((x) => x.title)).toEqual([
      'Survey',
    ]);

    const duplicate = await injectCall(
      t.app,
      templates.add,
      { body: { title: 'SURVEY', category_id: categoryId, body: 'Again' } },
      admin,
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      field: 'title',
      message: 'A template with this title already exists in the category.',
    });

    await injectCall(
      t.app,
      templates.update!,
      { body: { id: templateId, title: 'Survey', category_id: categoryId, body: 'Hello', active: false } },
      admin,
    );
    expect((await offered()).find((c) => c.name === 'Surveys')?.templates).toEqual([]);
    await injectCall(
      t.app,
      categories.update!,
      { body: { id: categoryId, name: 'Surveys', active: false } },
      admin,
    );
    expect((await offered()).some((c) => c.name === 'Surveys')).toBe(false);
  });
});

describe('Insurance Plans and the Insurance Table (an organisation’s accepted plans)', () => {
  const plans = CONFIG_TABLES['insurance-plans'];
  const accepted = CONFIG_TABLES['insurance-table'];

  it("is scoped to the caller's organisations: 403 creating in another, 404 editing another's row", async () => {
    const plan = await injectCall(
      t.app,
      plans.add,
      { body: { payer: 'Acme Health', plan_name: 'Acme Gold', plan_type: 'Commercial' } },
      biller,
    );
    expect(plan.statusCode, plan.body).toBe(200);
    const planId = plan.json().data.id as number;
    const mine = await visibleOrganizations(t.db, { userId: biller.user.user_id, roleid: [10] });
    expect(mine).not.toBe('all');
    const own = (mine as number[])[0] as number;
    const other = await t.db
      .selectFrom('organizations')
      .select('organization_id')
      .where('organization_id', 'not in', mine as number[])
      .executeTakeFirstOrThrow();

    const ok = await injectCall(
      t.app,
      accepted.add,
      { body: { organization_id: own, plan_id: planId } },
      biller,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await injectCall(
      t.app,
      accepted.add,
      { body: { organization_id: own, plan_id: planId } },
      biller,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().field).toBe('plan_id');

    const before = await rowCounts(t.db, ['organization_insurances', 'audit_log']);
    const foreign = await injectCall(
      t.app,
      accepted.add,
      { body: { organization_id: other.organization_id, plan_id: planId } },
      biller,
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().field).toBe('organization_id');
    const theirs = await injectCall(
      t.app,
      accepted.add,
      { body: { organization_id: other.organization_id, plan_id: planId } },
      admin,
    );
    expect(theirs.statusCode).toBe(200);
    const edit = await injectCall(
      t.app,
      accepted.update!,
      { body: { id: theirs.json().data.id, active: false } },
      biller,
    );
    expect(edit.statusCode).toBe(404);
    expect(await rowCounts(t.db, ['organization_insurances', 'audit_log'])).toEqual({
      organization_insurances: before.organization_insurances + 1,
      audit_log: before.audit_log + 1,
    });
    const list = await injectCall(t.app, accepted.list.calls.list, { query: {} }, biller);
    const shown = (list.json().data as { organization_id: number }[]).map((r) => r.organization_id);
    expect(shown).toContain(own);
    expect(shown).not.toContain(other.organization_id);
  });

  it('refuses a duplicate plan of a payer with 409 naming plan_name and an unknown type with 400', async () => {
    const dup = await injectCall(
      t.app,
      plans.add,
      { body: { payer: 'cms', plan_name: 'MEDICARE PART B', plan_type: 'Medicare' } },
      admin,
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      field: 'plan_name',
      message: 'This plan already exists for the payer.',
    });
    const bad = await injectUnchecked(
      t.app,
      plans.add,
      { body: { payer: 'X', plan_name: 'Y', plan_type: 'Gold' } },
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field ?? bad.body).toContain('plan_type');
  });
});
