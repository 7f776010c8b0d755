import {
  ESCALATION_CHAIN,
  getPracticeProtocol,
  getProtocolDefaults,
  updatePractice,
  updateProtocolDefaults,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let admin: Signed; // role 1
let orgAdmin: Signed; // role 2, Northwind: Practices Table
let lead: Signed; // role 5: RPM Protocol Defaults
let nurse: Signed; // role 8: one Northwind practice, reads only
let riversidePractice: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, 'role1@demo.test');
  orgAdmin = await signIn(t.app, 'role2@demo.test');
  lead = await signIn(t.app, 'role5@demo.test');
  nurse = await signIn(t.app, 'role8@demo.test');
  riversidePractice = (
    await t.db
      .selectFrom('practices as p')
      .innerJoin('organizations as o', 'o.organization_id', 'p.organization_id')
      .select('p.practice_id')
      .where('o.organization_name', '=', 'Riverside Family Health')
      .executeTakeFirstOrThrow()
  ).practice_id;
});
afterAll(async () => t.close());

const protocolOf = async (who: Signed, practiceId?: number) => {
  const res = await injectCall(
    t.app,
    getPracticeProtocol,
    { query: practiceId === undefined ? {} : { practice_id: practiceId } },
    who,
  );
  return res;
};

describe('Practice Protocol (decisions.md "Practice Protocol")', () => {
  it("shows the nurse's practice: levels with their source, reading days, escalation minutes and tiers, read-only", async () => {
    const res = await protocolOf(nurse);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const mine = await t.db
      .selectFrom('user_practices as up')
      .innerJoin('practices as p', 'p.practice_id', 'up.practice_id')
      .select(['p.practice_id', 'p.escalation_critical_minutes', 'p.escalation_abnormal_minutes'])
      .where('up.user_id', '=', nurse.user.user_id)
      .execute();
    expect(data.practices.map((p: { value: number }) => p.value).sort()).toEqual(
      mine.map((p) => p.practice_id).sort(),
    );
    const shown = mine.find((p) => p.practice_id === data.practice_id);
    expect(shown).toBeDefined();
    expect(data).toMatchObject({ can_edit_escalation: false, can_edit_levels: false, reading_days: 16 });
    expect(data.chain).toEqual(
      ESCALATION_CHAIN.map((tier, n) => ({
        tier: n + 1,
        role: tier.role,
        label: tier.label,
        critical_after_minutes: (n + 1) * (shown?.escalation_critical_minutes ?? 0),
        abnormal_after_minutes: (n + 1) * (shown?.escalation_abnormal_minutes ?? 0),
      })),
    );
    expect(data.vitals.length).toBeGreaterThan(0);
    for (const v of data.vitals) expect(['role', 'spec']).toContain(v.source);
  });

  it('answers a practice outside the caller’s scope 404 naming practice_id, and a bad id 400', async () => {
    const foreign = await protocolOf(nurse, riversidePractice);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().field).toBe('practice_id');
    const bad = await injectUnchecked(t.app, getPracticeProtocol, { query: { practice_id: 'x' } }, nurse);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('practice_id');
  });

  it('follows the organisation’s saved protocol and the practice’s new minutes, saved by the existing calls', async () => {
    const practiceId = (await protocolOf(lead)).json().data.practice_id as number;
    const before = (await protocolOf(lead, practiceId)).json().data;
    expect(before.can_edit_levels).toBe(true);
    expect(before.can_edit_escalation).toBe(false);
    const defaults = (
      await injectCall(
        t.app,
        getProtocolDefaults,
        { query: { organization_id: before.organization_id } },
        lead,
      )
    ).json().data;
    const vitals = defaults.vitals.map(
      (v: {
        vital_id: number;
        critical_low: number;
        abnormal_low: number;
        abnormal_high: number | null;
        critical_high: number | null;
      }) => ({
        vital_id: v.vital_id,
        critical_low: v.critical_low,
        abnormal_low: v.abnormal_low,
        abnormal_high: v.abnormal_high,
        critical_high: v.critical_high,
      }),
    );
    const saved = await injectCall(
      t.app,
      updateProtocolDefaults,
      {
        body: {
          organization_id: before.organization_id,
          reading_days: 20,
          check_in_frequency: 'weekly',
          vitals,
        },
      },
      lead,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const minutes = await injectCall(
      t.app,
      updatePractice,
      {
        body: {
          practice_id: practiceId,
          practice_name: before.practice_name,
          escalation_critical_minutes: 30,
          escalation_abnormal_minutes: 600,
        },
      },
      admin,
    );
    expect(minutes.statusCode, minutes.body).toBe(200);
    const after = (await protocolOf(admin, practiceId)).json().data;
    expect(after).toMatchObject({
      reading_days: 20,
      check_in_frequency: 'weekly',
      escalation_critical_minutes: 30,
      escalation_abnormal_minutes: 600,
      can_edit_escalation: true,
      can_edit_levels: false,
    });
    expect(after.chain.map((c: { critical_after_minutes: number }) => c.critical_after_minutes)).toEqual([
      30, 60, 90,
    ]);
    for (const v of after.vitals) expect(v.source).toBe('organization');
  });

  it('lets the organisation administrator edit minutes of their own practices only', async () => {
    const own = (await protocolOf(orgAdmin)).json().data;
    expect(own.can_edit_escalation).toBe(true);
    expect((await protocolOf(orgAdmin, riversidePractice)).statusCode).toBe(404);
  });
});
