import { REPORT_PROGRAMS } from '@rpm/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/schema.js';
import { testDatabase } from '../db/test-database.js';
import type { ListView, ListViewer } from '../lists/source.js';
import { programBillingSources } from './program-list-store.js';

/**
 * 0073's tallies: the program billing reports' count and total, read from them for a view they answer, equal the
 * report rows' own; triggers keep them through inserts, updates, deletes and a truncate.
 */

const NOW = new Date('2026-11-15T12:00:00Z');
const ADMIN = { userId: 1, roleid: [1] };
/** The demo's practice nurse (practice 1): a whole practice, then in the last case one of its locations. */
const NURSE = { userId: 6, roleid: [8] };

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await testDatabase({ seedPatients: 40 }));
});
afterAll(async () => close());

const viewerOf = (auth: { userId: number; roleid: number[] }) =>
  ({ auth, now: NOW }) as unknown as ListViewer;
const viewOf = (filters: Record<string, string[]>, search?: string): ListView =>
  ({ orderby: 'patient_id', order: 'asc', filters, ...(search ? { search } : {}) }) as ListView;

/** The groups the triggers keep, and the same groups counted from the report rows. */
async function groups() {
  const key = sql`report, to_char(month, 'YYYY-MM') as month, organization_id, practice_id, status`;
  const order = sql`order by 1, 2, 3, 4, 5`;
  const kept = await sql<Record<string, unknown>>`select ${key}, n, cents::integer as cents
    from billing_report_tallies where n <> 0 ${order}`.execute(db);
  const counted = await sql<Record<string, unknown>>`select ${key}, count(*)::integer as n,
      sum(cents)::integer as cents
    from billing_period_reports group by report, month, organization_id, practice_id, status ${order}`.execute(
    db,
  );
  return { kept: kept.rows, counted: counted.rows };
}

/** A report's rows the view holds and their amount, counted from the rows with the view's conditions. */
async function counted(
  report: string,
  where: ReturnType<typeof sql>,
): Promise<{ count: number; total: number }> {
  const { rows } = await sql<{ n: number; cents: number | null }>`select count(*)::integer as n,
      sum(r.cents)::integer as cents
    from billing_period_reports r where r.report = ${report} and ${where}`.execute(db);
  return { count: rows[0]?.n ?? 0, total: (rows[0]?.cents ?? 0) / 100 };
}

async function listed(report: string, auth: typeof ADMIN, view: ListView) {
  const source =
    programBillingSources()[`${report}-billing` as keyof ReturnType<typeof programBillingSources>];
  const page = await source.page(db, viewerOf(auth), { ...view, page: 0, rowsPerPage: 5 });
  return { count: page.count, total: page.total };
}

describe('billing report tallies', () => {
  it('hold each group of the seeded report rows', async () => {
    // A first read of each month brings its results up to date (and writes its report rows).
    for (const month of ['2026-10', '2026-11']) await listed('rpm', ADMIN, viewOf({ month: [month] }));
    const { kept, counted: fromRows } = await groups();
    expect(fromRows.length).toBeGreaterThan(4);
    expect(kept).toEqual(fromRows);
  });

  it('give each view the count and total of its rows, tallied or counted', async () => {
    const practice = 1;
    const cases = (
      programs: readonly string[],
    ): [string, typeof ADMIN, ListView, ReturnType<typeof sql>][] => [
      ['network, every month', ADMIN, viewOf({}), sql`true`],
      ['network, one month', ADMIN, viewOf({ month: ['2026-10'] }), sql`r.month = '2026-10-01'`],
      [
        'one practice and status',
        ADMIN,
        viewOf({ month: ['2026-10'], practice: [String(practice)], status: ['billable', 'not-yet'] }),
        sql`r.month = '2026-10-01' and r.practice_id = ${practice} and r.status in ('billable', 'not-yet')`,
      ],
      [
        "the nurse's practice",
        NURSE,
        viewOf({ month: ['2026-10'] }),
        sql`r.month = '2026-10-01' and r.practice_id = ${practice}`,
      ],
      // Conditions the tallies cannot hold: the rows are counted.
      [
        'a need',
        ADMIN,
        viewOf({ month: ['2026-10'], need: ['consent'] }),
        sql`r.month = '2026-10-01' and exists (select 1 from billing_period_codes nb where nb.summary_id = r.summary_id
          and nb.program = any(${[...programs]}::text[]) and nb.status = 'blocked' and 'consent' = any(nb.unmet))`,
      ],
    ];
    for (const report of ['rpm', 'ccm'] as const) {
      for (const [label, auth, view, where] of cases(REPORT_PROGRAMS[report]))
        expect(await listed(report, auth, view), `${report}: ${label}`).toEqual(await counted(report, where));
    }
    // A search counts the rows too: one patient's months.
    const { rows } = await sql<{ patient_id: number }>`select patient_id from billing_period_reports
      where report = 'rpm' and month = '2026-10-01' limit 1`.execute(db);
    const patientId = rows[0]?.patient_id as number;
    expect(await listed('rpm', ADMIN, viewOf({ month: ['2026-10'] }, String(patientId)))).toEqual(
      await counted('rpm', sql`r.month = '2026-10-01' and r.patient_id = ${patientId}`),
    );
  });

  it('a scope of some locations of a practice counts its rows', async () => {
    const { rows } = await sql<{ location_id: number; n: number }>`select location_id, count(*)::integer as n
      from billing_period_reports where report = 'rpm' and month = '2026-10-01' and practice_id = 1
      group by location_id order by n limit 1`.execute(db);
    const location = rows[0]?.location_id as number;
    await sql`delete from user_practices where user_id = ${NURSE.userId}`.execute(db);
    await sql`insert into user_practices (user_id, practice_id, location_id)
      values (${NURSE.userId}, 1, ${location})`.execute(db);
    const where = sql`r.month = '2026-10-01' and r.practice_id = 1 and r.location_id = ${location}`;
    const expected = await counted('rpm', where);
    expect(expected.count).toBe(rows[0]?.n);
    expect(await listed('rpm', NURSE, viewOf({ month: ['2026-10'] }))).toEqual(expected);
  });

  it('follow updates, deletes and a truncate of the report rows', async () => {
    await sql`update billing_period_reports set status = 'blocked', cents = cents + 123
      where summary_id in (select summary_id from billing_period_reports where report = 'rpm' limit 3)`.execute(
      db,
    );
    await sql`update billing_period_reports set practice_id = practice_id + 1
      where summary_id in (select summary_id from billing_period_reports where report = 'ccm' limit 2)`.execute(
      db,
    );
    await sql`delete from billing_period_reports
      where summary_id in (select summary_id from billing_period_reports order by summary_id desc limit 4)`.execute(
      db,
    );
    // Deleting a month summary cascades to its report rows.
    await sql`delete from patient_month_summary
      where id in (select summary_id from billing_period_reports order by summary_id limit 2)`.execute(db);
    const after = await groups();
    expect(after.kept).toEqual(after.counted);

    await sql`truncate billing_period_reports`.execute(db);
    expect((await groups()).kept).toEqual([]);
  });
});
