import { checkPageAccess, getMonthlyTargets, getOrgsForUser, getPatientDetailById } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn } from '../test-app.js';
import { placeElsewhere } from '../test-fixtures.js';
import { type ChartWorld, startChartWorld, stripMonth } from './chart-test-world.js';

let w: ChartWorld;

beforeAll(async () => {
  w = await startChartWorld({ history: true });
});
afterAll(async () => w.t.close());

describe('patient and session calls (001 §7)', () => {
  it('answers the demographics with the spec’s field names', async () => {
    const res = await injectCall(
      w.t.app,
      getPatientDetailById,
      { body: { patient_id: w.patient, type: 'demographics' } },
      w.nurse,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      patient_id: w.patient,
      lastname: 'Patient',
      loc_id: w.place.locationId,
      org_id: w.place.organizationId,
      prac_id: w.place.practiceId,
      phy_id: null,
      dob: '1950-03-04',
      language: 'English',
    });
  });

  it.each([
    [
      'a patient outside the practice',
      () => ({ patient_id: w.foreign, type: 'demographics' }),
      404, // as an unknown patient
      'patient_id',
    ],
    ['another type', () => ({ patient_id: w.patient, type: 'insurance' }), 400, 'type'],
    ['an unknown patient', () => ({ patient_id: 999_999, type: 'demographics' }), 404, 'patient_id'],
  ])('getdetailbyid refuses %s', async (_, body, status, field) => {
    const res = await injectUnchecked(w.t.app, getPatientDetailById, { body: body() }, w.nurse);
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
  });

  it('checkPageAccess: status 1 inside the practice, 403 outside (the blocked view)', async () => {
    const ok = await injectCall(w.t.app, checkPageAccess, { query: { patient_id: w.patient } }, w.nurse);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe(1);
    const denied = await injectCall(
      w.t.app,
      checkPageAccess,
      {
        query: { patient_id: w.foreign },
        // The organizations header of 001 §6 names the foreign organisation: the server does not trust it.
        headers: { organizations: String((await placeElsewhere(w.t.db, w.place)).organizationId) },
      },
      w.nurse,
    );
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('You do not have access to this patient.');
    const tech = await signIn(w.t.app, 'role20@demo.test');
    expect(
      (await injectCall(w.t.app, checkPageAccess, { query: { patient_id: w.patient } }, tech)).statusCode,
    ).toBe(403);
  });

  it('getOrgsForUser: the user’s organisations, all of them for role 1; a role not the user’s is refused', async () => {
    const orgs = (role: number, who = w.nurse) =>
      injectCall(w.t.app, getOrgsForUser, { query: { role } }, who);
    const mine = (await orgs(8)).json().data;
    expect(mine.map((o: { organization_id: number }) => o.organization_id)).toEqual([w.place.organizationId]);
    const all = (await orgs(1, w.admin)).json().data;
    expect(all.length).toBeGreaterThan(1);
    const res = await orgs(1);
    expect(res.statusCode).toBe(403);
    expect(res.json().field).toBe('role');
  });
});

describe('monthly targets and compliance strip (001 §2.3, §2.9, §4, §9)', () => {
  const targets = (month?: string) =>
    injectCall(w.t.app, getMonthlyTargets, { query: { patient_id: w.patient, month } }, w.nurse);

  it('answers this month’s targets from the billing summary', async () => {
    const res = await targets();
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.columns).toEqual([
      'Setup',
      '16 Days Readings',
      'RPM Time-20 mins',
      'RPM Time-40 mins',
      'RPM Time-60 mins',
    ]);
    expect(data.range.from).toBe(`${w.month}-01`);
    expect(data.compliance).toMatchObject({ target: 16 });
    expect(data.rpm_time).toEqual({ seconds: 1260, goal_minutes: 20, code: '99457' });
    expect(data.additional_rpm_time).toEqual({ seconds: 1260, goal_minutes: 40, code: null });
    expect(data.ccm_time).toMatchObject({ goal_minutes: 20 });
    expect(data.additional_ccm_time).toMatchObject({ goal_minutes: 40 });
  });

  it('colours the strip: before set-up, the 99454 month, the CCM month', async () => {
    const data = (await targets()).json().data;
    expect(data.strip.map((s: { month: string }) => s.month)).toEqual(
      [-5, -4, -3, -2, -1].map((n) => stripMonth(n, 1).slice(0, 7)),
    );
    const [m5, m4, m3, m2] = data.strip;
    expect(m5).toMatchObject({ before_setup: true });
    expect(m4).toMatchObject({ before_setup: false, rpm: false });
    expect(m3).toMatchObject({ rpm: true, ccm: false });
    expect(m2).toMatchObject({ rpm: false, ccm: true });
    expect(typeof m2.month_name).toBe('string');
    expect(data.cpt_history).toEqual(
      expect.arrayContaining([
        { date: stripMonth(-3, 1), code: '99454' },
        { date: `${w.month}-01`, code: '99457' },
      ]),
    );
    // The CCM month's minutes are met (the strip), but without a signed care plan 99490 does not bill.
    expect(data.cpt_history).not.toContainEqual({ date: stripMonth(-2, 1), code: '99490' });
  });

  it('answers another month and refuses a bad one', async () => {
    const other = await targets(stripMonth(-3, 1).slice(0, 7));
    expect(other.json().data.compliance).toEqual({ days: 16, target: 16, code: '99454' });
    const bad = await injectUnchecked(
      w.t.app,
      getMonthlyTargets,
      { query: { patient_id: w.patient, month: '2026-13' } },
      w.nurse,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('month');
  });
});
