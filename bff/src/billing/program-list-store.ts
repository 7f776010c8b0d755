import {
  BILLING_CODES,
  type BillingCode,
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
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { type ListContext, listSource } from '../lists/declare.js';
import { patientSearchSql } from '../lists/patient-search.js';
import type { ListView } from '../lists/source.js';
import { by, byPatientName, PRACTICE_FILTER, practiceOptions } from '../lists/sql.js';
import { patientFields } from '../patients/identity-sql.js';
import { recentMonths } from '../patients/list-store.js';
import { codeTextSql, notBillableSql } from './period-sql.js';
import { refreshPeriod } from './period-store.js';
import { type BillingFilter, billingScope, filterCondition, parseBillingFilter } from './scope.js';

/**
 * The program billing reports' store (shared/src/lists/program-billing.ts): a patient-month of the month per row,
 * its cells from the stored period results of the report's programs (decisions.md "Billing period results"),
 * refreshed for the viewer's billing scope and month before the read.
 */

/** The summary column of each minute-counting program. */
const SECONDS = {
  RPM: 'rpm_seconds',
  RTM: 'rtm_seconds',
  CCM: 'ccm_seconds',
  PCM: 'pcm_seconds',
  BHI: 'bhi_seconds',
};
type TimedProgram = keyof typeof SECONDS;

/** The program whose minutes and first codes a report shows (its first program). */
const primaryOf = (report: ProgramReport) => REPORT_PROGRAMS[report][0] as TimedProgram;

/** The months the view names ('YYYY-MM'), or none for every month. */
const monthsOf = (view: ListView): string[] => {
  const value = view.filters.month;
  return typeof value === 'string' ? [value] : [...(value ?? [])];
};

/** The months of the scope with results out of date (0042's versions; one index probe when none). */
async function staleMonths(db: Db, filter: BillingFilter): Promise<string[]> {
  const { rows } = await sql<{ month: string }>`select distinct to_char(s.month, 'YYYY-MM') as month
    from patient_month_summary s
    where s.codes_version <> s.inputs_version and ${filterCondition(filter, 's', true)}`.execute(db);
  return rows.map((row) => row.month);
}

/** The first codes of a program a patient works towards: the full device supply and the first time unit. */
function firstTargets(program: TimedProgram): BillingCode[] {
  const plain = (rule: BillingCode) =>
    rule.program === program &&
    rule.minutesOf === undefined &&
    !rule.when?.programMonth &&
    !rule.when?.complexCare;
  const days = BILLING_CODES.filter((rule) => plain(rule) && rule.measure.kind === 'days').slice(0, 1);
  const minutes = BILLING_CODES.filter(
    (rule) =>
      plain(rule) &&
      rule.measure.kind === 'minutes' &&
      rule.measure.by === 'any' &&
      rule.measure.below === undefined,
  );
  return [...days, ...minutes];
}

/** 'N more reading days for 99454; M more minutes for 99457' for what the month has not reached yet. */
function stillNeedsSql(program: TimedProgram): RawBuilder<string | null> {
  const parts = firstTargets(program).map((rule) => {
    const m = rule.measure;
    const ccm = rule.when?.ccmType;
    const type = ccm === 1 ? sql`p.ccm_type = 1` : ccm === 'other' ? sql`p.ccm_type <> 1` : sql`true`;
    if (m.kind === 'days')
      return sql`case when ${type} and s.reading_days < ${sql.lit(m.min)}
        then (${sql.lit(m.min)} - s.reading_days) || ${sql.lit(` more reading days for ${rule.code}`)} end`;
    if (m.kind !== 'minutes') return sql`null`;
    const seconds = sql.ref(`s.${SECONDS[program]}`);
    return sql`case when ${type} and ${seconds} < ${sql.lit(m.min * 60)}
      then ceil((${sql.lit(m.min * 60)} - ${seconds}) / 60.0)::integer || ${sql.lit(` more minutes for ${rule.code}`)} end`;
  });
  return sql<string | null>`nullif(concat_ws('; ', ${sql.join(parts)}), '')`;
}

/** The report's period results of a row, as one lateral row `c`. */
const resultsOf = (programs: readonly string[]) => sql`left join lateral (
    select jsonb_object_agg(pc.rule_id, ${codeTextSql('pc')})
        filter (where pc.status = 'billed') as cells,
      coalesce(sum(pc.cents) filter (where pc.status = 'billed'), 0) as cents,
      coalesce(bool_or(pc.status = 'billed'), false) as billed,
      count(*) > 0 as reached
    from billing_period_codes pc
    where pc.summary_id = s.id and pc.program = any(${[...programs]}::text[]) and pc.status <> 'excluded') c on true`;

/** A secondary program's billed codes of a row, in declaration order: '98980, 98981 ×2'. */
const codesOf = (program: string) => {
  const order = BILLING_CODES.filter((rule) => rule.program === program).map((rule) => rule.id);
  return sql<
    string | null
  >`(select string_agg(${codeTextSql('pc')}, ', ' order by array_position(${order}::text[], pc.rule_id))
    from billing_period_codes pc where pc.summary_id = s.id and pc.program = ${program} and pc.status = 'billed')`;
};

const STATUS = sql<string>`case when c.billed then ${sql.lit(PROGRAM_BILLING_STATUS[0].label)}
  when c.reached then ${sql.lit(PROGRAM_BILLING_STATUS[1].label)} else ${sql.lit(PROGRAM_BILLING_STATUS[2].label)} end`;
const STATUS_BY_VALUE = Object.fromEntries(PROGRAM_BILLING_STATUS.map((s) => [s.value, s.label]));
const MONTH = sql<string>`to_char(s.month, 'YYYY-MM')`;
const AMOUNT = sql<number>`(c.cents / 100.0)::float8`;

function programSource(def: typeof rpmBillingList, report: ProgramReport) {
  const programs = REPORT_PROGRAMS[report];
  const primary = primaryOf(report);
  const seconds = sql.ref(`s.${SECONDS[primary]}`);
  // A month with the program's activity but no code reached is 'Not yet eligible' (with what it still needs).
  const active =
    primary === 'RPM'
      ? sql`(s.reading_days > 0 or ${seconds} > 0 or s.setup_date is not null)`
      : sql`${seconds} > 0`;
  const cells = Object.fromEntries([
    ...programCodeColumns([primary]).map((column) => [
      codeField(column),
      sql`c.cells ->> ${sql.lit(column.ruleIds[0] as string)}`,
    ]),
    ...programs.slice(1).map((program) => [programField(program), codesOf(program)]),
  ]);
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
    from: sql`patient_month_summary s
      join patients p on p.patient_id = s.patient_id
      join practices pr on pr.practice_id = s.practice_id
      ${resultsOf(programs)}
      left join billing_claims bc on bc.patient_id = s.patient_id and bc.month = s.month`,
    scope: ({ prepared }) =>
      sql<SqlBool>`${filterCondition(prepared, 's', true)} and (c.reached or ${active})`,
    id: 's.id',
    select: () => ({
      summary_id: sql`s.id`,
      ...patientFields(),
      practice_name: sql`pr.practice_name`,
      month: MONTH,
      minutes: sql`(${seconds} / 60)`,
      ...cells,
      status: STATUS,
      still_needs: sql`nullif(concat_ws('; ', ${notBillableSql(programs)}, ${stillNeedsSql(primary)}), '')`,
      claim_sent: sql`to_char(bc.claimed_at at time zone 'UTC', 'YYYY-MM-DD')`,
      amount: AMOUNT,
    }),
    sort: () => ({ patient_id: by(sql`s.patient_id`), patient_name: byPatientName }),
    where: {
      month: {
        shows: 'month',
        as: 'value',
        when: (months: readonly string[]) => sql<SqlBool>`${MONTH} = any(${[...months]}::text[])`,
      },
      practice: PRACTICE_FILTER,
      // No row field shows a need alone: 'Still Needs' holds its text among others (lists.test.ts MATCHERS).
      need: (needs: readonly string[]) => sql<SqlBool>`exists (select 1 from billing_period_codes nb
        where nb.summary_id = s.id and nb.program = any(${[...programs]}::text[]) and nb.status = 'blocked'
          and nb.unmet && ${[...needs]}::text[])`,
      status: {
        shows: 'status',
        when: (values: readonly string[]) =>
          sql<SqlBool>`${STATUS} = any(${values.map((v) => STATUS_BY_VALUE[v] ?? v)}::text[])`,
      },
    },
    search: (text: string) => patientSearchSql(text, 's.patient_id'),
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
