import {
  type CallDef,
  generateMonthlyReport,
  getComplianceInfo,
  getReportMonths,
  lastDayOf,
  monthsBefore,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordReadings } from '../billing/summary.js';
import { type ChartWorld, type Signed, startChartWorld, stripMonth } from '../chart/chart-test-world.js';
import { injectCall, injectUnchecked, signIn } from '../test-app.js';
import { pdfText } from '../test-pdf.js';
import { rowCounts } from '../test-rows.js';

let w: ChartWorld;
/** The nurse's full name as the report prints who acknowledged. */
let nurseName: string;
/** The month of the world's sixteen reading days (three months back). */
let fullMonth: string;

beforeAll(async () => {
  w = await startChartWorld({ history: true });
  fullMonth = stripMonth(-3, 1).slice(0, 7);
  const nurse = await w.t.db
    .selectFrom('users')
    .select(['firstname', 'lastname'])
    .where('user_id', '=', w.nurse.user.user_id)
    .executeTakeFirstOrThrow();
  nurseName = `${nurse.lastname}, ${nurse.firstname}`;
  // Two high readings in the full month: one alert acknowledged by the nurse with a note, one still open.
  await w.t.db.transaction().execute(async (trx) => {
    const ids = await recordReadings(trx, [
      {
        patient_id: w.patient,
        device_assign_id: w.bp.deviceAssignId,
        vital_id: 1,
        value: 182,
        taken_at: `${stripMonth(-3, 5)}T09:00:00Z`,
      },
      {
        patient_id: w.patient,
        device_assign_id: w.bp.deviceAssignId,
        vital_id: 1,
        value: 176,
        taken_at: `${stripMonth(-3, 6)}T09:00:00Z`,
      },
      {
        patient_id: w.patient,
        device_assign_id: w.bp.deviceAssignId,
        vital_id: 3,
        value: 71,
        taken_at: `${stripMonth(-3, 6)}T09:00:00Z`,
      },
    ]);
    await trx
      .insertInto('alerts')
      .values([
        {
          patient_id: w.patient,
          reading_id: ids[0] as number,
          vital_id: 1,
          level: 'critical',
          direction: 'high',
          value: 182,
          bound: 180,
          taken_at: `${stripMonth(-3, 5)}T09:00:00Z`,
          created_at: `${stripMonth(-3, 5)}T09:00:01Z`,
          acknowledged_at: `${stripMonth(-3, 5)}T10:00:00Z`,
          acknowledged_by: w.nurse.user.user_id,
          acknowledge_note: 'Called, retook 150',
        },
        {
          patient_id: w.patient,
          reading_id: ids[1] as number,
          vital_id: 1,
          level: 'abnormal',
          direction: 'high',
          value: 176,
          bound: 160,
          taken_at: `${stripMonth(-3, 6)}T09:00:00Z`,
          created_at: `${stripMonth(-3, 6)}T09:00:01Z`,
        },
      ])
      .execute();
  });
});
afterAll(async () => w.t.close());

const report = (month: string, who: Signed = w.nurse, patient = w.patient) =>
  injectCall(w.t.app, generateMonthlyReport, { query: { patient_id: patient, month } }, who);

describe('Reports tab: the monthly RPM summary (issue 13)', () => {
  it('lists the months with data, newest first, with their figures, codes and alerts', async () => {
    const res = await injectCall(w.t.app, getReportMonths, { query: { patient_id: w.patient } }, w.nurse);
    expect(res.statusCode, res.body).toBe(200);
    const months = res.json().data as {
      month: string;
      reading_days: number;
      codes: string[];
      alerts: number;
    }[];
    expect(months.map((m) => m.month)).toEqual([...months.map((m) => m.month)].sort().reverse());
    expect(months.find((m) => m.month === fullMonth)).toMatchObject({ reading_days: 16, alerts: 2 });
    expect(months.find((m) => m.month === fullMonth)?.codes).toContain('99454');
    const ccmMonth = months.find((m) => m.month === stripMonth(-2, 1).slice(0, 7));
    expect(ccmMonth).toMatchObject({ ccm_seconds: 1500, alerts: 0 });
    // 25 CCM minutes without a signed care plan do not bill (decisions.md "CCM needs a signed care plan").
    expect(ccmMonth?.codes).not.toContain('99490');
    expect(months.find((m) => m.month === w.month)?.codes).toContain('99457');
    // Nothing was recorded five months back: not offered.
    expect(months.some((m) => m.month === monthsBefore(w.month, 5))).toBe(false);
  });

  it('counts the CCM code as met once a care plan is signed, as the billing report does', async () => {
    const codesOf = async (month: string) => {
      const res = await injectCall(w.t.app, getReportMonths, { query: { patient_id: w.patient } }, w.nurse);
      return (res.json().data as { month: string; codes: string[] }[]).find((m) => m.month === month)?.codes;
    };
    const ccmMonth = stripMonth(-2, 1).slice(0, 7);
    expect(await codesOf(ccmMonth)).not.toContain('99490');
    const at = new Date(`${stripMonth(-2, 2)}T10:00:00Z`);
    const plan = await w.t.db
      .insertInto('care_plan_versions')
      .values({
        patient_id: w.patient,
        version: 1,
        plan: JSON.stringify({}),
        author_id: w.nurse.user.user_id,
        created_at: at,
        signed_by: w.nurse.user.user_id,
        signed_at: at,
      })
      .returning('care_plan_version_id')
      .executeTakeFirstOrThrow();
    try {
      expect(await codesOf(ccmMonth)).toContain('99490');
    } finally {
      await w.t.db
        .deleteFrom('care_plan_versions')
        .where('care_plan_version_id', '=', plan.care_plan_version_id)
        .execute();
    }
  });

  it("prints the month's figures, readings, alerts with their handling and logged time, and audits the export", async () => {
    const before = await rowCounts(w.t.db, ['audit_log']);
    const res = await report(fullMonth);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="RPM_Monthly_Summary_${w.patient}_${fullMonth}.pdf"`,
    );
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Monthly RPM Summary');
    expect(text).toMatch(/Reading days:\s+16 of 16/);
    expect(text).toMatch(/Codes met:\s+99454/);
    expect(text).toMatch(/Alerts:\s+2 \(1 acknowledged\)/);
    expect(text).toContain('systolic (mmHg)');
    // 18 systolic readings: 16 at 120 (the last on the 16th), 182 and 176; the 6th also has a pulse of 71.
    expect(text).toMatch(/systolic \(mmHg\)\s+18\s+120\s+182\s+126.6\s+120/);
    expect(text).toMatch(/pulse \(bpm\)\s+1\s+71\s+71\s+71\s+71/);
    expect(text).toContain('critical high');
    expect(text).toContain(nurseName);
    expect(text).toContain('Called, retook 150');
    expect(text).toContain('Not acknowledged');
    expect(text).toContain('No Records Found'); // no time logged that month
    expect(await rowCounts(w.t.db, ['audit_log'])).toEqual({ audit_log: before.audit_log + 1 });
    const row = await w.t.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'entity_id', 'user_id'])
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      action: 'export',
      entity: 'monthly_report',
      entity_id: String(w.patient),
      user_id: w.nurse.user.user_id,
    });
  });

  it("prints the month's logged minutes and the codes they met", async () => {
    const text = await pdfText((await report(w.month)).rawPayload);
    expect(text).toMatch(/RPM minutes:\s+21 min/);
    expect(text).toMatch(/Codes met:.*99457/);
    expect(text).toContain('No readings this month.');
  });

  it.each<[string, string, number, string]>([
    ['a month not started yet', 'next', 400, 'month'],
    ['a month that is no month', '2026-13', 400, 'month'],
  ])('refuses %s', async (_, month, status, field) => {
    const asked = month === 'next' ? monthsBefore(w.month, -1) : month;
    const before = await rowCounts(w.t.db, ['audit_log']);
    const res = await injectUnchecked(
      w.t.app,
      generateMonthlyReport,
      { query: { patient_id: w.patient, month: asked } },
      w.nurse,
    );
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(w.t.db, ['audit_log'])).toEqual(before);
  });

  it.each<[string, CallDef, Record<string, unknown>]>([
    ['getReportMonths', getReportMonths, {}],
    ['generateMonthlyReport', generateMonthlyReport, { month: '2026-01' }],
    ['getComplianceInfo', getComplianceInfo, {}],
  ])('%s answers a patient outside the practice as unknown (404)', async (_, call, query) => {
    const res = await injectUnchecked(w.t.app, call, { query: { patient_id: w.foreign, ...query } }, w.nurse);
    expect(res.statusCode).toBe(404);
    expect(res.json().field).toBe('patient_id');
  });
});

describe('Compliance Info tab (001 §2.9, §9)', () => {
  type Info = {
    months: { month: string; reading_days: number; rpm_seconds: number; ccm_seconds: number }[];
    strip: { month: string; state: string }[];
    current: {
      month: string;
      reading_days: number;
      days_left: number;
      targets: { code: string; days: number; days_needed: number; reachable: boolean }[];
      progress: string;
    };
  };
  const info = async (who: Signed) =>
    (await injectCall(w.t.app, getComplianceInfo, { query: { patient_id: w.patient } }, who)).json()
      .data as Info;

  it('shows twelve months of reading days and minutes and the five-month strip', async () => {
    const data = await info(w.nurse);
    expect(data.months).toHaveLength(12);
    expect(data.months[0]).toMatchObject({ month: w.month, rpm_seconds: 1260 });
    expect(data.months[3]).toMatchObject({ month: fullMonth, reading_days: 16 });
    expect(data.months[2]).toMatchObject({ ccm_seconds: 1500 });
    expect(data.months[11]?.month).toBe(monthsBefore(w.month, 11));
    // 001 §4: set up four months back; sixteen days three months back.
    expect(data.strip.map((s) => s.state)).toEqual(['before', 'missed', 'met', 'missed', 'missed']);
    expect(data.strip[2]?.month).toBe(fullMonth);
  });

  it('on the last day of the month, 16 days are out of reach with one day recorded; 2 days for 99445 are not', async () => {
    const last = lastDayOf(w.month);
    w.t.clock.advance(Date.parse(`${last}T12:00:00Z`) - w.t.clock.now().getTime());
    await w.t.db.transaction().execute((trx) =>
      recordReadings(trx, [
        {
          patient_id: w.patient,
          device_assign_id: w.bp.deviceAssignId,
          vital_id: 1,
          value: 121,
          taken_at: `${last}T08:00:00Z`,
        },
      ]),
    );
    const data = await info(await signIn(w.t.app, 'role8@demo.test', undefined, w.t.clock.now()));
    expect(data.current).toMatchObject({
      month: w.month,
      reading_days: 1,
      days_left: 1,
      progress: 'unreachable',
    });
    expect(data.current.targets[0]).toEqual({ code: '99454', days: 16, days_needed: 15, reachable: false });
    // The CY2026 code set (shared/src/billing/codes.ts) adds 99445 at two reading days.
    if (w.month >= '2026-01')
      expect(data.current.targets[1]).toEqual({ code: '99445', days: 2, days_needed: 1, reachable: true });
    else expect(data.current.targets).toHaveLength(1);
  });
});
