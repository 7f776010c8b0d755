import {
  BILLING_CODES,
  type BillingCode,
  codeField,
  PROGRAM_BILLING_STATUS,
  type ProgramReport,
  programCodeColumns,
  programField,
  REPORT_PROGRAMS,
} from '@rpm/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { codeTextSql, notBillableSql } from './period-sql.js';

/**
 * The program billing reports' rows (0047), written beside a patient-month's period codes by refreshPeriod: a report
 * lists a patient-month whose codes of its programs reached a rule, or whose first program had activity ('Not yet
 * eligible', with what it still needs). The lists read these rows as they are (program-list-store.ts).
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

/** A program's billed codes of a row in declaration order, each as its cell text: '98980, 98981 ×2'. */
const codesOf = (program: string) => {
  const order = BILLING_CODES.filter((rule) => rule.program === program).map((rule) => rule.id);
  return sql<string | null>`(select string_agg(${codeTextSql('pc')}, ', '
      order by array_position(${order}::text[], pc.rule_id))
    from billing_period_codes pc where pc.summary_id = s.id and pc.program = ${program} and pc.status = 'billed')`;
};

const [BILLABLE, BLOCKED, NOT_YET] = PROGRAM_BILLING_STATUS.map((status) => status.value);

/** The rows of one report for the summary rows `ids`, as one INSERT … SELECT. */
function insertReport(report: ProgramReport, ids: readonly number[]) {
  const programs = REPORT_PROGRAMS[report];
  const primary = primaryOf(report);
  const seconds = sql.ref(`s.${SECONDS[primary]}`);
  const active =
    primary === 'RPM'
      ? sql`(s.reading_days > 0 or ${seconds} > 0 or s.setup_date is not null)`
      : sql`${seconds} > 0`;
  // The first program's code columns from its billed lines; each other program as one cell of its codes.
  const cells = [
    ...programCodeColumns([primary]).map(
      (column) =>
        sql`${sql.lit(codeField(column))}::text, c.cells ->> ${sql.lit(column.ruleIds[0] as string)}`,
    ),
    ...programs.slice(1).map((program) => sql`${sql.lit(programField(program))}::text, ${codesOf(program)}`),
  ];
  return sql`insert into billing_period_reports (summary_id, report, patient_id, month, organization_id, practice_id,
      location_id, status, cents, seconds, cells, still_needs)
    select s.id, ${report}, s.patient_id, s.month, s.organization_id, s.practice_id, s.location_id,
      case when c.billed then ${BILLABLE} when c.reached then ${BLOCKED} else ${NOT_YET} end,
      c.cents, ${seconds}, jsonb_strip_nulls(jsonb_build_object(${sql.join(cells)})),
      nullif(concat_ws('; ', ${notBillableSql(programs)}, ${stillNeedsSql(primary)}), '')
    from patient_month_summary s
    join patients p on p.patient_id = s.patient_id
    cross join lateral (
      select jsonb_object_agg(pc.rule_id, ${codeTextSql('pc')}) filter (where pc.status = 'billed') as cells,
        coalesce(sum(pc.cents) filter (where pc.status = 'billed'), 0) as cents,
        coalesce(bool_or(pc.status = 'billed'), false) as billed,
        count(*) > 0 as reached
      from billing_period_codes pc
      where pc.summary_id = s.id and pc.program = any(${[...programs]}::text[]) and pc.status <> 'excluded') c
    where s.id = any(${[...ids]}::integer[]) and (c.reached or ${active})`;
}

/** Replaces the report rows of the summary rows `ids` from their period codes (written first). */
export async function writePeriodReports(db: Db, ids: readonly number[]): Promise<void> {
  await db.deleteFrom('billing_period_reports').where('summary_id', 'in', ids).execute();
  for (const report of Object.keys(REPORT_PROGRAMS) as ProgramReport[])
    await insertReport(report, ids).execute(db);
}
