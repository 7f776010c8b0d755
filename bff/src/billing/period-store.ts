import {
  type BillingNeed,
  type BillingProgram,
  evaluatePeriod,
  isoDay,
  type PeriodFacts,
  type PriceList,
} from '@rpm/shared';
import { sql } from 'kysely';
import { carePlanSigned } from '../careplan/signed.js';
import type { Db } from '../db/schema.js';
import { writePeriodReports } from './period-reports.js';
import { monthPrices } from './report.js';
import { type BillingFilter, filterCondition } from './scope.js';

/**
 * The period results (decisions.md "Billing period results"): the engine's codes of every patient-month in a
 * filter's scope, written to billing_period_codes, so every billing screen, PDF, CSV and the dashboard read one
 * answer. Every billing read refreshes the rows of its scope whose inputs changed first.
 */

/** One summary row with the facts the engine needs, gathered in one query. */
interface FactRow {
  readonly id: number;
  readonly inputs_version: number;
  readonly patient_id: number;
  readonly month: Date;
  readonly organization_id: number;
  readonly practice_id: number;
  readonly location_id: number;
  readonly reading_days: number;
  readonly setup_date: Date | null;
  readonly rpm_seconds: number;
  readonly rtm_seconds: number;
  readonly ccm_seconds: number;
  readonly bhi_seconds: number;
  readonly pcm_seconds: number;
  /** Seconds the patient's own physician logged, by program. */
  readonly physician: Record<string, number> | null;
  readonly ccm_type: 1 | 2;
  readonly consented: string[];
  readonly care_plan_signed: boolean;
  readonly interactive: boolean;
  readonly authorization_expired: boolean;
  readonly most_devices_of_a_type: number;
  readonly last_visit: Date | null;
  readonly conditions: number;
  readonly other_practice: boolean;
}

/** Rows evaluated and written per statement. */
const CHUNK = 2000;

/** The filter without its search: a refresh covers the whole scope, whatever one page searches for. */
const wholeScope = (filter: BillingFilter): BillingFilter => ({ ...filter, searchWords: [], searchId: null });

function factsQuery(filter: BillingFilter, after: number) {
  return sql<FactRow>`
    select s.id, s.inputs_version, s.patient_id, s.month, s.organization_id, s.practice_id, s.location_id, s.reading_days,
      s.setup_date, s.rpm_seconds, s.rtm_seconds, s.ccm_seconds, s.bhi_seconds, s.pcm_seconds,
      (select jsonb_object_agg(t.program, t.seconds) from (
        select tl.program, sum(tl.seconds)::integer as seconds from time_logs tl
        where tl.patient_id = s.patient_id and tl.user_id = p.physician_id
          and tl.logged_at >= s.month and tl.logged_at < s.month + interval '1 month'
        group by tl.program) t) as physician,
      p.ccm_type,
      array(select distinct o.program from enrollment_orders o
        where o.patient_id = s.patient_id and o.consent_date < s.month + interval '1 month') as consented,
      ${carePlanSigned('p')} as care_plan_signed,
      (exists (select 1 from call_records c where c.patient_id = s.patient_id
        and c.started_at >= s.month and c.started_at < s.month + interval '1 month'
        and c.outcome in ('Accepted', 'Called') and coalesce(c.duration_seconds, 0) > 0)
        -- decisions.md "Care time entries": time logged as an interactive contact counts too.
        or exists (select 1 from time_logs it where it.patient_id = s.patient_id and it.interactive
          and it.logged_at >= s.month and it.logged_at < s.month + interval '1 month')) as interactive,
      (exists (select 1 from order_authorizations a where a.patient_id = s.patient_id)
        and not exists (select 1 from order_authorizations a where a.patient_id = s.patient_id
          and a.start_date < s.month + interval '1 month' and a.end_date >= s.month)) as authorization_expired,
      coalesce((select max(n)::integer from (select count(*) as n from device_assignments da
        join devices d on d.inventory_id = da.inventory_id
        where da.patient_id = s.patient_id and da.assigned_at < s.month + interval '1 month'
          and (da.unassigned_at is null or da.unassigned_at >= s.month)
        group by d.device_type_id) per_type), 0) as most_devices_of_a_type,
      (select max(o.order_date) from enrollment_orders o
        where o.patient_id = s.patient_id and o.order_date < s.month + interval '1 month') as last_visit,
      (select count(*)::integer from patient_diagnoses g
        where g.patient_id = s.patient_id and g.resolved_at is null) as conditions,
      exists (select 1 from patients q
        join patient_month_summary o on o.patient_id = q.patient_id and o.month = s.month
        where lower(q.lastname) = lower(p.lastname) and lower(q.firstname) = lower(p.firstname) and q.dob = p.dob
          and q.merged_into_id is null and q.practice_id <> p.practice_id
          and (o.reading_days > 0 or o.rpm_seconds > 0)) as other_practice
    from patient_month_summary s
    join patients p on p.patient_id = s.patient_id
    where ${filterCondition(filter)} and s.codes_version <> s.inputs_version and s.id > ${after}
    order by s.id
    limit ${CHUNK}`;
}

const yearsBefore = (month: string, years: number) =>
  `${Number(month.slice(0, 4)) - years}${month.slice(4, 10)}`;

/** The engine's facts of one row. */
function periodFacts(row: FactRow): PeriodFacts {
  const month = isoDay(row.month);
  const physician = row.physician ?? {};
  const seconds = (program: BillingProgram, any: number) => ({ any, physician: physician[program] ?? 0 });
  const lastVisit = row.last_visit ? isoDay(row.last_visit) : null;
  const met: Record<BillingNeed, (program: BillingProgram) => boolean> = {
    consent: (program) => row.consented.includes(program === 'CoCM' ? 'BHI' : program),
    carePlan: () => row.care_plan_signed,
    interactiveContact: () => row.interactive,
    authorization: () => !row.authorization_expired,
    oneDevicePerType: () => row.most_devices_of_a_type <= 1,
    onePractice: () => !row.other_practice,
    visitWithinYear: () => lastVisit !== null && lastVisit >= yearsBefore(month, 1),
    visitWithin3Years: () => lastVisit !== null && lastVisit >= yearsBefore(month, 3),
  };
  return {
    dateOfService: month,
    days: { RPM: row.reading_days },
    seconds: {
      RPM: seconds('RPM', row.rpm_seconds),
      RTM: seconds('RTM', row.rtm_seconds),
      CCM: seconds('CCM', row.ccm_seconds),
      BHI: seconds('BHI', row.bhi_seconds),
      PCM: seconds('PCM', row.pcm_seconds),
    },
    setupDate: row.setup_date ? isoDay(row.setup_date) : null,
    ccmType: row.ccm_type,
    rtmKind: null,
    firstMonthOf: [],
    // Enrolment without minutes (APCM) is an order of the program with its consent on file.
    enrolled: row.consented.filter((program): program is BillingProgram => program === 'APCM'),
    chronicConditions: row.conditions,
    qmb: false,
    complexCare: false,
    met: (need, program) => met[need](program),
  };
}

/** The rows to store for one summary row. */
function periodRows(row: FactRow, prices: PriceList) {
  const result = evaluatePeriod(periodFacts(row));
  const base = {
    summary_id: row.id,
    patient_id: row.patient_id,
    month: isoDay(row.month),
    organization_id: row.organization_id,
    practice_id: row.practice_id,
    location_id: row.location_id,
  };
  const priced = (line: { id: string; code: string; program: string; units: number }) => ({
    ...base,
    rule_id: line.id,
    code: line.code,
    program: line.program,
    units: line.units,
    cents: (prices.get(line.code) ?? 0) * line.units,
  });
  return [
    ...result.billed.map((line) => ({
      ...priced(line),
      status: 'billed' as const,
      unmet: [],
      excluded_by: null,
    })),
    ...result.blocked.map((line) => ({
      ...priced(line),
      status: 'blocked' as const,
      unmet: [...line.unmet],
      excluded_by: null,
    })),
    ...result.excluded.map((line) => ({
      ...priced(line),
      status: 'excluded' as const,
      unmet: [],
      excluded_by: line.by,
    })),
  ];
}

/**
 * Evaluates the patient-months of the filter's scope and month whose inputs changed since their results were stored
 * (0042's versions: nothing to do is one index probe) and replaces their results and report rows (period-reports.ts),
 * in one transaction under a per-month lock (two refreshes of a month never interleave). Answers the rows evaluated.
 */
export async function refreshPeriod(db: Db, filter: BillingFilter, now: Date): Promise<{ rows: number }> {
  const scope = wholeScope(filter);
  // Nothing changed (every read but the first after a change): one probe of 0042's partial index, no lock. Its
  // order makes the planner take that index; without it, it expects the month's other stale rows ahead of a scan.
  const { rows: stale } = await sql`select 1 from patient_month_summary s
    where ${filterCondition(scope)} and s.codes_version <> s.inputs_version
    order by s.month, s.practice_id limit 1`.execute(db);
  if (stale.length === 0) return { rows: 0 };
  const prices = await monthPrices(db, filter.month);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('billing_period'), hashtext(${filter.month}))`.execute(
      trx,
    );
    let after = 0;
    let rows = 0;
    for (;;) {
      const page = (await factsQuery(scope, after).execute(trx)).rows;
      const last = page.at(-1);
      if (!last) break;
      const ids = page.map((row) => row.id);
      await trx.deleteFrom('billing_period_codes').where('summary_id', 'in', ids).execute();
      const values = page.flatMap((row) => periodRows(row, prices));
      for (let start = 0; start < values.length; start += CHUNK)
        await trx
          .insertInto('billing_period_codes')
          .values(values.slice(start, start + CHUNK))
          .execute();
      await writePeriodReports(trx, ids);
      await sql`update patient_month_summary s set codes_version = v.version
        from unnest(${ids}::integer[], ${page.map((row) => row.inputs_version)}::integer[]) as v(id, version)
        where s.id = v.id`.execute(trx);
      rows += page.length;
      after = last.id;
    }
    await trx
      .insertInto('billing_periods')
      .values({ month: filter.month, evaluated_at: now })
      .onConflict((oc) => oc.column('month').doUpdateSet({ evaluated_at: now }))
      .execute();
    return { rows };
  });
}
