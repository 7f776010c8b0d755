import {
  bhiBillingList,
  ccmBillingList,
  codeField,
  PROGRAM_BILLING_STATUS,
  type ProgramReport,
  pcmBillingList,
  programCodeColumns,
  programField,
  REPORT_PROGRAMS,
  rpmBillingList,
} from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { type ListContext, listSource } from '../lists/declare.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { labelSql } from '../lists/rank.js';
import type { ListView } from '../lists/source.js';
import { by, byPatientName, inIds, inTexts, practiceOptions } from '../lists/sql.js';
import { patientFields } from '../patients/identity-sql.js';
import { recentMonths } from '../patients/list-store.js';
import { refreshPeriod } from './period-store.js';
import { type BillingFilter, billingScope, filterCondition, parseBillingFilter } from './scope.js';

/**
 * The program billing reports' store (shared/src/lists/program-billing.ts): a patient-month of the month per row,
 * read from its report row (period-reports.ts, decisions.md "Billing period results"), refreshed for the viewer's
 * billing scope and month before the read.
 */

const STATUS_LABELS = Object.fromEntries(PROGRAM_BILLING_STATUS.map((s) => [s.value, s.label]));
const STATUS = labelSql('r.status', STATUS_LABELS);
const MONTH = sql<string>`to_char(r.month, 'YYYY-MM')`;
const AMOUNT = sql<number>`(r.cents::float8 / 100)`;

/** The months of the scope with results out of date (0042's versions; one index probe when none). */
async function staleMonths(db: Db, filter: BillingFilter): Promise<string[]> {
  const { rows } = await sql<{ month: string }>`select distinct to_char(s.month, 'YYYY-MM') as month
    from patient_month_summary s
    where s.codes_version <> s.inputs_version and ${filterCondition(filter, 's', true)}`.execute(db);
  return rows.map((row) => row.month);
}

/** The months the view names ('YYYY-MM'), or none for every month. */
const monthsOf = (view: ListView): string[] => {
  const value = view.filters.month;
  return typeof value === 'string' ? [value] : [...(value ?? [])];
};

function programSource(def: typeof rpmBillingList, report: ProgramReport) {
  const [primary, ...others] = REPORT_PROGRAMS[report];
  const cells = Object.fromEntries(
    [...programCodeColumns([primary]).map(codeField), ...others.map(programField)].map((field) => [
      field,
      sql`r.cells ->> ${sql.lit(field)}`,
    ]),
  );
  return listSource(def, {
    // The scope's results brought up to date for the months shown, every month's when the view names none.
    async prepare(db: Db, ctx: ListContext, view: ListView) {
      const scope = await billingScope(db, ctx.viewer.auth);
      const filterOf = (month: string) =>
        parseBillingFilter(scope, { year: Number(month.slice(0, 4)), month: Number(month.slice(5, 7)) });
      const scoped = filterOf(ctx.today.slice(0, 7));
      const months = monthsOf(view);
      for (const month of months.length > 0 ? months : await staleMonths(db, scoped))
        await refreshPeriod(db, filterOf(month), ctx.viewer.now);
      return scoped;
    },
    // Left joins by unique keys: a count or total that reads none of them scans the report's rows alone.
    from: sql`billing_period_reports r
      left join patients p on p.patient_id = r.patient_id
      left join practices pr on pr.practice_id = r.practice_id`,
    scope: ({ prepared }) => sql<SqlBool>`r.report = ${report} and ${filterCondition(prepared, 'r', true)}`,
    id: 'r.summary_id',
    select: () => ({
      summary_id: sql`r.summary_id`,
      ...patientFields(),
      practice_name: sql`pr.practice_name`,
      month: MONTH,
      minutes: sql`(r.seconds / 60)`,
      ...cells,
      status: STATUS,
      still_needs: sql`r.still_needs`,
      claim_sent: sql`(select to_char(bc.claimed_at at time zone 'UTC', 'YYYY-MM-DD') from billing_claims bc
        where bc.patient_id = r.patient_id and bc.month = r.month)`,
      amount: AMOUNT,
    }),
    sort: () => ({ patient_id: by(sql`r.patient_id`), patient_name: byPatientName }),
    where: {
      month: {
        shows: 'month',
        as: 'value',
        // One month as an equality: a page is then one range of the report's month index, in its order.
        when: (months: readonly string[]) =>
          months.length === 1
            ? sql<SqlBool>`r.month = ${`${months[0]}-01`}::date`
            : sql<SqlBool>`r.month = any(${months.map((month) => `${month}-01`)}::date[])`,
      },
      // The month's practice (the summary's), as the scope reads it.
      practice: {
        shows: 'practice_name',
        when: (practices: readonly number[]) => inIds('r.practice_id', practices),
      },
      // No row field shows a need alone: 'Still Needs' holds its text among others (lists.test.ts MATCHERS).
      need: (needs: readonly string[]) => sql<SqlBool>`exists (select 1 from billing_period_codes nb
        where nb.summary_id = r.summary_id and nb.program = any(${[...REPORT_PROGRAMS[report]]}::text[])
          and nb.status = 'blocked' and nb.unmet && ${[...needs]}::text[])`,
      status: {
        shows: 'status',
        when: (values: readonly string[]) => inTexts('r.status', values),
      },
    },
    // 0073's groups hold the scope's and these filters' columns under the rows' alias; a scope of some of a
    // practice's locations counts the rows.
    tally: {
      from: sql`billing_report_tallies r`,
      filters: ['month', 'practice', 'status'],
      applies: ({ prepared }) =>
        [...prepared.scope.practices.values()].every((locations) => locations === null),
      count: sql`r.n`,
      total: sql`(r.cents::float8 / 100)`,
    },
    search: (text: string) => patientSearchSql(text, 'r.patient_id'),
    options: async (db, viewer) => ({
      month: recentMonths(viewer.now),
      practice: await practiceOptions(db, viewer),
    }),
  });
}

/** The program billing reports' sources, by list name (bff/src/embedded.ts LIST_SOURCES). */
export const programBillingSources = () => ({
  'rpm-billing': programSource(rpmBillingList, 'rpm'),
  'ccm-billing': programSource(ccmBillingList, 'ccm'),
  'pcm-billing': programSource(pcmBillingList, 'pcm'),
  'bhi-billing': programSource(bhiBillingList, 'bhi'),
});
