import {
  CONFIG_TABLES,
  ENROLMENT_PROGRAMS,
  getBillingCountSummary,
  getSalesPracticeDashboard,
  isoDay,
  monthsBefore,
  type SalesPracticeDashboard,
} from '@rpm/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateOf } from '../configuration/config-test-world.js';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';

type Signed = Awaited<ReturnType<typeof signIn>>;
const leads = CONFIG_TABLES.leads;

let t: TestApp;
let rep: Signed; // role 14, Northwind: the seeded leads' rep
let admin: Signed; // role 1: has the page, brought nothing in
let nurse: Signed; // role 8: no 'Sales Practice Dashboard'

const dashboard = async (who: Signed) => {
  const res = await injectCall(t.app, getSalesPracticeDashboard, {}, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SalesPracticeDashboard;
};

/** The billing dashboard's total of one practice and month, as a role-1 user reads it there. */
const billingTotal = async (practiceId: number, month: string) => {
  const res = await injectCall(
    t.app,
    getBillingCountSummary,
    {
      headers: {
        month: String(Number(month.slice(5, 7))),
        year: month.slice(0, 4),
        practice: String(practiceId),
      },
    },
    admin,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total as number;
};

beforeAll(async () => {
  t = await startTestApp();
  rep = await signIn(t.app, 'role14@demo.test');
  admin = await signIn(t.app, 'role1@demo.test');
  nurse = await signIn(t.app, 'role8@demo.test');
});
afterAll(async () => t.close());

describe('Sales Practice Dashboard (000 §2.4; decisions.md "Sales Practice Dashboard")', () => {
  it("shows the rep's brought-in practices with enrolled patients by program and the billing engine's revenue", async () => {
    const data = await dashboard(rep);
    const month = isoDay(t.clock.now()).slice(0, 7);
    expect(data.month).toBe(month);
    const { rows: mine } = await sql<{ practice_id: number }>`select l.practice_id from leads l
      where l.added_by = ${rep.user.user_id} and l.stage = 'Won' and l.practice_id is not null`.execute(t.db);
    expect(mine.length).toBeGreaterThan(0);
    expect(data.practices.map((p) => p.practice_id).sort()).toEqual(mine.map((r) => r.practice_id).sort());
    for (const practice of data.practices) {
      expect(practice.enrolled.map((e) => e.program)).toEqual([...ENROLMENT_PROGRAMS]);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from patients p
        where p.practice_id = ${practice.practice_id} and p.merged_into_id is null and p.deactivated_at is null
          and p.rpm_status in (4, 5)`.execute(t.db);
      expect(practice.enrolled[0]).toEqual({ program: 'RPM', patients: rows[0]?.n });
      expect(practice.revenue).toBe(await billingTotal(practice.practice_id, month));
    }
    expect(data.practices.some((p) => p.enrolled_total > 0)).toBe(true);
    const sum = data.practices.reduce((cents, p) => cents + Math.round(p.revenue * 100), 0);
    expect(Math.round(data.revenue * 100)).toBe(sum);
    expect(data.trend.map((m) => m.month)).toEqual([5, 4, 3, 2, 1, 0].map((n) => monthsBefore(month, n)));
    expect(data.trend.at(-1)?.revenue).toBe(data.revenue);
    const last = data.trend[4];
    if (!last) throw new Error('no last month');
    const lastTotals = await Promise.all(data.practices.map((p) => billingTotal(p.practice_id, last.month)));
    expect(Math.round(last.revenue * 100)).toBe(lastTotals.reduce((c, v) => c + Math.round(v * 100), 0));
    expect(data.trend.some((m) => m.patients > 0 && m.revenue > 0)).toBe(true);
  });

  it("never shows another rep's practices: a lead's practice follows the user who added the lead", async () => {
    expect((await dashboard(admin)).practices).toEqual([]);
    const before = await dashboard(rep);
    const moved = before.practices[0];
    if (!moved) throw new Error('the rep brought in no practice');
    await sql`update leads set added_by = ${admin.user.user_id} where practice_id = ${moved.practice_id}`.execute(
      t.db,
    );
    try {
      expect((await dashboard(rep)).practices.map((p) => p.practice_id)).not.toContain(moved.practice_id);
      expect((await dashboard(admin)).practices.map((p) => p.practice_id)).toEqual([moved.practice_id]);
    } finally {
      await sql`update leads set added_by = ${rep.user.user_id} where practice_id = ${moved.practice_id}`.execute(
        t.db,
      );
    }
  });

  it('links a lead the rep adds to the practice of its name once it is Won, whichever comes first', async () => {
    const { rows } = await sql<{ organization_id: number }>`select p.organization_id from leads l
      join practices p on p.practice_id = l.practice_id where l.added_by = ${rep.user.user_id} limit 1`.execute(
      t.db,
    );
    const organizationId = rows[0]?.organization_id;
    if (organizationId === undefined) throw new Error('the rep has no organisation');
    const newPractice = async (name: string) =>
      (
        await sql<{ practice_id: number }>`insert into practices (organization_id, practice_name)
          values (${organizationId}, ${name}) returning practice_id`.execute(t.db)
      ).rows[0]?.practice_id ?? 0;
    const body = (practice_name: string, stage: 'Proposal' | 'Won') => ({
      organization_id: organizationId,
      practice_name,
      contact_name: 'Nora Diaz',
      contact_phone: '(555) 010-2030',
      contact_email: 'nora@example.com',
      stage,
      next_follow_up: '2026-12-03',
    });
    const shown = async (who: Signed) => (await dashboard(who)).practices.map((p) => p.practice_id);

    // The practice exists first: the lead links to it when it is Won (its name in any letter case).
    const tidewater = await newPractice('Tidewater Cardiology');
    const added = await injectCall(t.app, leads.add, { body: body('TIDEWATER cardiology', 'Proposal') }, rep);
    expect(added.statusCode, added.body).toBe(200);
    expect(await shown(rep)).not.toContain(tidewater);
    const id = added.json().data.id as number;
    const won = await injectCall(
      t.app,
      updateOf(leads),
      { body: { ...body('TIDEWATER cardiology', 'Won'), id, active: true } },
      rep,
    );
    expect(won.statusCode, won.body).toBe(200);
    expect(await shown(rep)).toContain(tidewater);
    expect(await shown(admin)).not.toContain(tidewater);

    // The lead is Won first: the practice created later under its name is the rep's.
    const early = await injectCall(t.app, leads.add, { body: body('Bayview Sleep Center', 'Won') }, rep);
    expect(early.statusCode, early.body).toBe(200);
    const bayview = await newPractice('Bayview Sleep Center');
    expect(await shown(rep)).toContain(bayview);
  });

  it('refuses a user without the page (403) and an anonymous caller (401)', async () => {
    expect((await injectUnchecked(t.app, getSalesPracticeDashboard, {}, nurse)).statusCode).toBe(403);
    expect((await injectUnchecked(t.app, getSalesPracticeDashboard, {}, null)).statusCode).toBe(401);
  });
});
