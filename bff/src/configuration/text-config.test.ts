import { CONFIG_TABLES, getMessageTemplates } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleOrganizations } from '../scope.js';
import { injectCall, injectUnchecked } from '../test-app.js';
import { rowCounts } from '../test-rows.js';
import { type ConfigWorld, startConfigWorld, updateOf } from './config-test-world.js';

let w: ConfigWorld;
let t: ConfigWorld['t'];
let admin: ConfigWorld['admin'];
let biller: ConfigWorld['biller'];
let nurse: ConfigWorld['nurse'];

beforeAll(async () => {
  w = await startConfigWorld();
  ({ t, admin, biller, nurse } = w);
});
afterAll(async () => t.close());

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
      updateOf(templates),
      { body: { id: templateId, title: 'Survey', category_id: categoryId, body: 'Hello', active: false } },
      admin,
    );
    expect((await offered()).find((c) => c.name === 'Surveys')?.templates).toEqual([]);
    await injectCall(
      t.app,
      updateOf(categories),
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
      updateOf(accepted),
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
