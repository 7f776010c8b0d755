import {
  CONFIG_TABLES,
  getSalesDashboard,
  isoDay,
  LEAD_STAGES,
  type LeadRow,
  type LeadStage,
  OPEN_LEAD_STAGES,
  type SalesDashboard,
  shiftDay,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateOf } from '../configuration/config-test-world.js';
import { DEMO_LEADS_EACH } from '../db/seed/seed-leads.js';
import { visibleOrganizations } from '../scope.js';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { rowCounts } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;
const leads = CONFIG_TABLES.leads;

let t: TestApp;
let rep: Signed; // role 14: 'Leads', Northwind
let nurse: Signed; // role 8: no 'Leads'
let own: number;
let other: number;

const lead = (over: Partial<Record<string, unknown>> & { stage?: LeadStage } = {}) => ({
  organization_id: own,
  practice_name: 'Bayside Family Medicine',
  contact_name: 'Nora Diaz',
  contact_phone: '(555) 010-2030',
  contact_email: 'nora@bayside.example.com',
  stage: 'New' as LeadStage,
  next_follow_up: '2026-12-03',
  ...over,
});
const listed = async (query: Record<string, string> = {}) =>
  (
    await injectCall(
      t.app,
      leads.list.calls.list,
      { query: { rowsPerPage: 100, lead_stage: '', ...query } as Record<string, unknown> },
      rep,
    )
  ).json().data as LeadRow[];

beforeAll(async () => {
  t = await startTestApp();
  rep = await signIn(t.app, 'role14@demo.test');
  nurse = await signIn(t.app, 'role8@demo.test');
  const mine = await visibleOrganizations(t.db, { userId: rep.user.user_id, roleid: [14] });
  if (mine === 'all') throw new Error('the sales rep sees every organisation');
  own = mine[0] as number;
  other = (
    await t.db
      .selectFrom('organizations')
      .select('organization_id')
      .where('organization_id', 'not in', mine)
      .executeTakeFirstOrThrow()
  ).organization_id;
});
afterAll(async () => t.close());

describe('Leads (000 §2.4 Leads; decisions.md "Leads")', () => {
  it("lists the seeded leads of the rep's organisations only, the soonest follow-up first", async () => {
    const rows = await listed();
    expect(rows.length).toBe(DEMO_LEADS_EACH);
    expect(rows.every((r) => r.organization_id === own)).toBe(true);
    const days = rows.map((r) => r.next_follow_up);
    expect(days).toEqual([...days].sort());
    // By default the leads still being worked (the stage chip), every stage with the chip removed.
    const open = (await injectCall(t.app, leads.list.calls.list, { query: { rowsPerPage: 100 } }, rep)).json()
      .data as LeadRow[];
    expect(open.length).toBeGreaterThan(0);
    expect(open.length).toBeLessThan(rows.length);
    expect(open.every((r) => (OPEN_LEAD_STAGES as readonly string[]).includes(r.stage))).toBe(true);
    const demos = await listed({ lead_stage: 'Demo,Proposal' });
    expect(demos.length).toBeGreaterThan(0);
    expect(demos.every((r) => r.stage === 'Demo' || r.stage === 'Proposal')).toBe(true);
  });

  it('adds a lead, moves it through its stages with audit rows, and refuses a second lead for the practice', async () => {
    const before = await rowCounts(t.db, ['leads', 'audit_log']);
    const added = await injectCall(t.app, leads.add, { body: lead() }, rep);
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.id as number;
    const moved = await injectCall(
      t.app,
      updateOf(leads),
      { body: { ...lead({ stage: 'Demo', next_follow_up: '2026-12-10' }), id, active: true } },
      rep,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const row = (await listed({ search: 'Bayside' })).find((r) => r.lead_id === id);
    expect(row).toMatchObject({ stage: 'Demo', next_follow_up: '2026-12-10', status: 'Active' });
    // The same practice again, in other letter case: 409 naming the practice.
    const twin = await injectCall(
      t.app,
      leads.add,
      { body: lead({ practice_name: 'BAYSIDE family medicine' }) },
      rep,
    );
    expect(twin.statusCode).toBe(409);
    expect(twin.json().field).toBe('practice_name');
    expect(await rowCounts(t.db, ['leads', 'audit_log'])).toEqual({
      leads: before.leads + 1,
      audit_log: before.audit_log + 2,
    });
  });

  it('refuses bad input naming the field, another organisation with 403, and users without the page', async () => {
    const before = await rowCounts(t.db, ['leads']);
    for (const [body, field] of [
      [lead({ contact_email: 'not-an-email' }), 'contact_email'],
      [{ ...lead(), stage: 'Maybe' }, 'stage'],
      [lead({ next_follow_up: '2026-02-30' }), 'next_follow_up'],
      [lead({ practice_name: '' }), 'practice_name'],
    ] as const) {
      const res = await injectUnchecked(t.app, leads.add, { body }, rep);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const foreign = await injectCall(
      t.app,
      leads.add,
      { body: lead({ organization_id: other, practice_name: 'Elsewhere Clinic' }) },
      rep,
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().field).toBe('organization_id');
    expect((await injectUnchecked(t.app, leads.add, { body: lead() }, nurse)).statusCode).toBe(403);
    expect((await injectUnchecked(t.app, leads.list.calls.list, { query: {} }, nurse)).statusCode).toBe(403);
    expect(await rowCounts(t.db, ['leads'])).toEqual(before);
  });
});

describe('the Sales Rep Dashboard (000 §2.4, §6.1; decisions.md "Leads")', () => {
  it("counts the rep's active leads by stage and their follow-ups, as the leads themselves say", async () => {
    const res = await injectCall(t.app, getSalesDashboard, {}, rep);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as SalesDashboard;
    const today = isoDay(t.clock.now());
    expect(data.today).toBe(today);
    const rows = (await listed()).filter((r) => r.active);
    expect(data.stages.map((s) => s.stage)).toEqual([...LEAD_STAGES]);
    for (const { stage, count } of data.stages)
      expect(count).toBe(rows.filter((r) => r.stage === stage).length);
    const open = rows.filter((r) => (OPEN_LEAD_STAGES as readonly string[]).includes(r.stage));
    expect(data.overdue).toBe(open.filter((r) => r.next_follow_up < today).length);
    expect(data.due_this_week).toBe(
      open.filter((r) => r.next_follow_up >= today && r.next_follow_up <= shiftDay(today, 6)).length,
    );
    expect(data.overdue).toBeGreaterThan(0);
    const soonest = [...open].sort((a, b) => a.next_follow_up.localeCompare(b.next_follow_up)).slice(0, 10);
    expect(data.follow_ups.map((f) => f.next_follow_up)).toEqual(soonest.map((r) => r.next_follow_up));
    expect(data.follow_ups.every((f) => (OPEN_LEAD_STAGES as readonly string[]).includes(f.stage))).toBe(
      true,
    );
    expect((await injectUnchecked(t.app, getSalesDashboard, {}, nurse)).statusCode).toBe(403);
  });
});
