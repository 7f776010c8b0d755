// Over 300 lines: every case reads one seeded 80-patient database, which takes most of the file's run to build.
import { BILLING_CODES, REPORT_PROGRAMS } from '@rpm/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/schema.js';
import { testDatabase } from '../db/test-database.js';
import type { ListViewer } from '../lists/source.js';
import { countSummary } from './counts.js';
import { monthClose } from './month-close.js';
import { refreshPeriod } from './period-store.js';
import { programBillingSources } from './program-list-store.js';
import { monthPrices, programTotals, reportTotals } from './report.js';
import { type BillingFilter, billingScope, resolveBillingFilter } from './scope.js';
import { recordTimeLogs } from './summary.js';

/** The seeded history ends on TEST_TODAY (2026-11-15): a whole month and the current one. */
const MONTHS = [
  { month: 10, year: 2026 },
  { month: 11, year: 2026 },
];
const NOW = new Date('2026-11-15T12:00:00Z');

let db: Db;
let close: () => Promise<void>;
const admin = { userId: 1, roleid: [1] };

beforeAll(async () => {
  ({ db, close } = await testDatabase({ seedPatients: 80 }));
});
afterAll(async () => close());

const filterOf = async (headers: {
  month: number;
  year: number;
  practice?: string;
}): Promise<BillingFilter> => (await resolveBillingFilter(db, await billingScope(db, admin), headers)).filter;

describe('the dashboard and the reports read one result', () => {
  it('for every practice and month of the seed, the dashboard total is the sum of the reports and of its bars', async () => {
    const practices = await db.selectFrom('practices').select('practice_id').execute();
    let billedSomewhere = 0;
    for (const period of MONTHS)
      for (const { practice_id } of [...practices, { practice_id: null }]) {
        const filter = await filterOf({
          ...period,
          ...(practice_id ? { practice: String(practice_id) } : {}),
        });
        await refreshPeriod(db, filter, NOW);
        const summary = await countSummary(db, filter);
        const reports = await Promise.all(
          Object.values(REPORT_PROGRAMS).map((programs) => programTotals(db, filter, programs)),
        );
        const cents = (dollars: number) => Math.round(dollars * 100);
        const sum = reports.reduce((total, r) => total + cents(r.total), 0);
        expect(cents(summary.total)).toBe(sum);
        expect(summary.codes.reduce((total, bar) => total + cents(bar.amount), 0)).toBe(sum);
        expect((await reportTotals(db, filter)).total).toBe(summary.reports[0]?.amount);
        billedSomewhere += sum;
      }
    expect(billedSomewhere).toBeGreaterThan(0);
  });

  it("each program billing list's total is its report's share of the dashboard, on screen as in its rows", async () => {
    const filter = await filterOf(MONTHS[0] as { month: number; year: number });
    const summary = await countSummary(db, filter);
    const viewer = { auth: admin, now: NOW } as unknown as ListViewer;
    const view = { orderby: 'patient_id', order: 'asc' as const, filters: { month: ['2026-10'] } };
    const sources = programBillingSources();
    for (const [report, programs] of Object.entries(REPORT_PROGRAMS)) {
      const source = sources[`${report}-billing` as keyof typeof sources];
      const listed = await source.total?.(db, viewer, view);
      expect(listed, report).toBe((await programTotals(db, filter, programs)).total);
      expect(listed, report).toBe(summary.reports.find((r) => r.report === report)?.amount);
      const page = await source.page(db, viewer, { ...view, page: 0, rowsPerPage: 100 });
      expect(page.total).toBe(listed);
    }
  });

  it('a refresh re-evaluates only the patient-months whose inputs changed, and replaces their rows', async () => {
    const filter = await filterOf(MONTHS[0] as { month: number; year: number });
    await refreshPeriod(db, filter, NOW);
    const count = async () =>
      (await sql<{ n: number }>`select count(*)::integer as n from billing_period_codes`.execute(db)).rows[0]
        ?.n;
    const before = await count();
    expect((await refreshPeriod(db, filter, NOW)).rows).toBe(0);
    // A diagnosis added to one patient: that patient's months alone are evaluated again.
    const patient = await db
      .selectFrom('patient_month_summary')
      .select('patient_id')
      .where('month', '=', sql<Date>`'2026-10-01'::date`)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('patient_diagnoses')
      .values({
        patient_id: patient.patient_id,
        icd10_code: 'Z99.89',
        description: 'Dependence on other enabling machines and devices',
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    expect((await refreshPeriod(db, filter, NOW)).rows).toBe(1);
    expect(await count()).toBe(before);
  });
});

describe('month close', () => {
  it('closes the last whole month: ready, blocked and sent add up, and a claim sent moves a patient from ready to sent', async () => {
    const scope = await filterOf({ month: 11, year: 2026 });
    const before = await monthClose(db, scope, NOW);
    expect(before.month).toBe('2026-10');
    // On the 1st, just after midnight and on the month's last day, it is still the last whole month.
    expect((await monthClose(db, scope, new Date('2026-12-01T00:05:00Z'))).month).toBe('2026-11');
    expect((await monthClose(db, scope, new Date('2026-11-30T23:55:00Z'))).month).toBe('2026-10');
    const reached = (
      await sql<{ n: number }>`select count(distinct summary_id)::integer as n from billing_period_codes
        where month = '2026-10-01' and status in ('billed', 'blocked')`.execute(db)
    ).rows[0]?.n;
    expect(before.ready + before.blocked + before.sent).toBe(reached);
    expect(before.ready).toBeGreaterThan(0);
    const consent = before.reasons.find((r) => r.need === 'consent');
    expect(consent?.text).toBe('No consent on file');
    expect(consent?.reports.reduce((sum, r) => sum + r.patients, 0)).toBeGreaterThan(0);
    const ready = await db
      .selectFrom('billing_period_codes')
      .select(['patient_id', 'month'])
      .where('month', '=', sql<Date>`'2026-10-01'::date`)
      .where('status', '=', 'billed')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('billing_claims as bc')
              .select('bc.claim_id')
              .whereRef('bc.patient_id', '=', 'billing_period_codes.patient_id')
              .whereRef('bc.month', '=', 'billing_period_codes.month'),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    await db
      .insertInto('billing_claims')
      .values({ patient_id: ready.patient_id, month: '2026-10-01', claimed_at: NOW, claimed_by: 1 })
      .execute();
    const after = await monthClose(db, scope, NOW);
    expect([after.ready, after.sent]).toEqual([before.ready - 1, before.sent + 1]);
  });
});

describe('prices', () => {
  it('every declared code has a default amount in force, so no billed code is priced $0', async () => {
    const prices = await monthPrices(db, '2026-11-01');
    for (const rule of BILLING_CODES) expect(prices.get(rule.code), rule.code).toBeGreaterThan(0);
  });
});

describe('minutes belong to one program', () => {
  it("a month's logged seconds sum the same by program as in total, and as the summary's per-program sums", async () => {
    const rows = (
      await sql<{ program: string; seconds: number }>`select program, sum(seconds)::integer as seconds
        from time_logs where logged_at >= '2026-10-01' and logged_at < '2026-11-01' group by program`.execute(
        db,
      )
    ).rows;
    const total = (
      await sql<{ seconds: number }>`select sum(seconds)::integer as seconds from time_logs
        where logged_at >= '2026-10-01' and logged_at < '2026-11-01'`.execute(db)
    ).rows[0]?.seconds;
    expect(rows.reduce((sum, row) => sum + row.seconds, 0)).toBe(total);
    const summary = (
      await sql<
        Record<string, number>
      >`select sum(rpm_seconds)::integer as "RPM", sum(rtm_seconds)::integer as "RTM",
        sum(ccm_seconds)::integer as "CCM", sum(bhi_seconds)::integer as "BHI", sum(pcm_seconds)::integer as "PCM"
        from patient_month_summary where month = '2026-10-01'`.execute(db)
    ).rows[0];
    for (const row of rows) expect(summary?.[row.program], row.program).toBe(row.seconds);
  });
});

/** A code billed in October 2026 for some patient, and a reader of its status in that patient-month. */
async function billedInOctober(ruleId: string) {
  const line = await db
    .selectFrom('billing_period_codes')
    .select(['patient_id', 'summary_id'])
    .where('rule_id', '=', ruleId)
    .where('status', '=', 'billed')
    .where('month', '=', sql<Date>`'2026-10-01'::date`)
    .executeTakeFirstOrThrow();
  const status = () =>
    db
      .selectFrom('billing_period_codes')
      .select(['status', 'unmet'])
      .where('summary_id', '=', line.summary_id)
      .where('rule_id', '=', ruleId)
      .executeTakeFirstOrThrow();
  return { line, status };
}

describe('what is on file decides whether a reached code bills', () => {
  it('without a consent on file the device code is blocked for that reason, and bills once consent is recorded', async () => {
    const filter = await filterOf(MONTHS[0] as { month: number; year: number });
    await refreshPeriod(db, filter, NOW);
    const { line, status } = await billedInOctober('99454');
    const orders = await db
      .selectFrom('enrollment_orders')
      .selectAll()
      .where('patient_id', '=', line.patient_id)
      .execute();
    await db
      .updateTable('enrollment_orders')
      .set({ consent_date: '2026-11-20' })
      .where('patient_id', '=', line.patient_id)
      .execute();
    await refreshPeriod(db, filter, NOW);
    expect(await status()).toEqual({ status: 'blocked', unmet: ['consent'] });
    for (const order of orders)
      await db
        .updateTable('enrollment_orders')
        .set({ consent_date: order.consent_date.toISOString().slice(0, 10) })
        .where('order_id', '=', order.order_id)
        .execute();
    await refreshPeriod(db, filter, NOW);
    expect(await status()).toEqual({ status: 'billed', unmet: [] });
  });

  it('time logged as an interactive contact counts as one for 99457, like an answered call', async () => {
    const filter = await filterOf(MONTHS[0] as { month: number; year: number });
    await refreshPeriod(db, filter, NOW);
    const { line, status } = await billedInOctober('99457');
    // The patient's calls move a year back, out of the month, and return afterwards.
    const moveCalls = (days: number) =>
      sql`update call_records set started_at = started_at + ${days} * interval '1 day',
        ended_at = ended_at + ${days} * interval '1 day' where patient_id = ${line.patient_id}`.execute(db);
    await moveCalls(-400);
    await db
      .updateTable('time_logs')
      .set({ interactive: false })
      .where('patient_id', '=', line.patient_id)
      .execute();
    await refreshPeriod(db, filter, NOW);
    expect(await status()).toEqual({ status: 'blocked', unmet: ['interactiveContact'] });
    await db.transaction().execute((trx) =>
      recordTimeLogs(trx, [
        {
          patient_id: line.patient_id,
          user_id: 1,
          program: 'RPM',
          seconds: 60,
          logged_at: new Date('2026-10-20T12:00:00Z'),
          interactive: true,
          manual: true,
          category: 'Patient call',
        },
      ]),
    );
    await refreshPeriod(db, filter, NOW);
    expect(await status()).toEqual({ status: 'billed', unmet: [] });
    await moveCalls(400);
  });
});

describe('APCM bills by enrolment', () => {
  it('an APCM order with consent bills its code by condition count on the CCM report, and excludes CCM that month', async () => {
    const filter = await filterOf(MONTHS[0] as { month: number; year: number });
    await refreshPeriod(db, filter, NOW);
    const line = await db
      .selectFrom('billing_period_codes')
      .select(['patient_id', 'summary_id'])
      .where('rule_id', '=', '99490')
      .where('status', '=', 'billed')
      .where('month', '=', sql<Date>`'2026-10-01'::date`)
      .executeTakeFirstOrThrow();
    const codes = async () =>
      Object.fromEntries(
        (
          await db
            .selectFrom('billing_period_codes')
            .select(['rule_id', 'status', 'excluded_by'])
            .where('summary_id', '=', line.summary_id)
            .where('program', 'in', ['CCM', 'APCM'])
            .execute()
        ).map((row) => [row.rule_id, { status: row.status, excluded_by: row.excluded_by }]),
      );
    expect(Object.keys(await codes()).some((id) => id.startsWith('G'))).toBe(false);

    await sql`insert into enrollment_orders (patient_id, program, ordering_provider, diagnosis_codes, order_date,
        consent_date, consent_method, created_by, created_at, updated_at)
      select patient_id, 'APCM', ordering_provider, diagnosis_codes, order_date, consent_date, consent_method,
        created_by, created_at, updated_at
      from enrollment_orders where patient_id = ${line.patient_id} and program = 'CCM' limit 1`.execute(db);
    await refreshPeriod(db, filter, NOW);

    const { conditions } = await db
      .selectFrom('patient_diagnoses')
      .select((eb) => eb.fn.countAll<number>().as('conditions'))
      .where('patient_id', '=', line.patient_id)
      .where('resolved_at', 'is', null)
      .executeTakeFirstOrThrow();
    const apcm = Number(conditions) >= 2 ? 'G0557' : 'G0556';
    const after = await codes();
    expect(after[apcm]).toEqual({ status: 'billed', excluded_by: null });
    expect(after['99490']).toEqual({ status: 'excluded', excluded_by: 'APCM' });

    const viewer = { auth: admin, now: NOW } as unknown as ListViewer;
    const page = await programBillingSources()['ccm-billing'].page(db, viewer, {
      orderby: 'patient_id',
      order: 'asc',
      filters: { month: ['2026-10'] },
      page: 0,
      rowsPerPage: 100,
    });
    const row = page.rows.find((r) => (r as { summary_id: number }).summary_id === line.summary_id) as
      | Record<string, unknown>
      | undefined;
    expect(row?.apcm_codes).toBe(apcm);
    expect(row?.status).toBe('Billable');
  });
});
