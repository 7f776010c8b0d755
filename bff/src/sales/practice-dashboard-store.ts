import {
  ENROLLED_RPM_STATUSES,
  ENROLMENT_PROGRAMS,
  type EnrolmentProgram,
  isoDay,
  monthsBefore,
  SALES_TREND_MONTHS,
  type SalesPracticeDashboard,
} from '@rpm/shared';
import { sql } from 'kysely';
import type { AuthContext } from '../auth/guard.js';
import { countSummary } from '../billing/counts.js';
import { refreshPeriod } from '../billing/period-store.js';
import type { BillingFilter } from '../billing/scope.js';
import type { Db } from '../db/schema.js';

/**
 * The statuses that count a patient as enrolled in each program: RPM 'Device Setup' and 'Active' (the patients the
 * month's targets apply to), the others 'Enrolled' and 'Active' (migrations 0004, 0033).
 */
const ENROLLED: Readonly<Record<EnrolmentProgram, readonly number[]>> = {
  RPM: ENROLLED_RPM_STATUSES,
  CCM: [2, 3],
  BHI: [2, 3],
  PCM: [2, 3],
  RTM: [2, 3],
};

const enrolledIn = (program: EnrolmentProgram) =>
  sql`p.${sql.ref(`${program.toLowerCase()}_status`)} = any(${[...ENROLLED[program]]}::integer[])`;

/** The billing engine's filter of one month over the practices (or one of them), as the billing dashboard reads. */
function billingFilter(
  month: string,
  practiceIds: readonly number[],
  practiceId: number | null,
): BillingFilter {
  return {
    month: `${month}-01`,
    practiceId,
    locationId: null,
    locationIds: null,
    organizationId: null,
    scope: { all: false, practices: new Map(practiceIds.map((id) => [id, null])) },
    searchWords: [],
    searchId: null,
  };
}

/** The month's billable revenue over the filter's practices: the billing dashboard's total (billing/counts.ts). */
async function revenueOf(db: Db, filter: BillingFilter, now: Date): Promise<number> {
  await refreshPeriod(db, filter, now);
  return (await countSummary(db, filter)).total;
}

/**
 * The Sales Practice Dashboard (000 §2.4; decisions.md "Sales Practice Dashboard"): the practices the signed-in user
 * brought in (their Won leads' practices), each with its patients enrolled now by program and this month's billable
 * revenue, and for the last six months the practices' patients on a program billing report and their revenue. A rep
 * sees only their own leads' practices, whoever else may read them.
 */
export async function salesPracticeDashboard(
  db: Db,
  auth: Pick<AuthContext, 'userId'>,
  now: Date,
): Promise<SalesPracticeDashboard> {
  const month = isoDay(now).slice(0, 7);
  const counts = sql.join(
    ENROLMENT_PROGRAMS.map(
      (program) => sql`count(*) filter (where ${enrolledIn(program)})::int as ${sql.ref(program)}`,
    ),
  );
  const anyProgram = sql.join(
    ENROLMENT_PROGRAMS.map((program) => enrolledIn(program)),
    sql` or `,
  );
  const { rows } = await sql<
    {
      practice_id: number;
      practice_name: string;
      organization_name: string;
      enrolled_total: number;
    } & Record<EnrolmentProgram, number>
  >`select pr.practice_id, pr.practice_name, o.organization_name, f.*
    from practices pr join organizations o on o.organization_id = pr.organization_id
    cross join lateral (select ${counts}, count(*) filter (where ${anyProgram})::int as enrolled_total
      from patients p
      where p.practice_id = pr.practice_id and p.merged_into_id is null and p.deactivated_at is null) f
    where pr.practice_id in (select l.practice_id from leads l
      where l.added_by = ${auth.userId} and l.stage = 'Won' and l.practice_id is not null)
    order by lower(pr.practice_name), pr.practice_id`.execute(db);
  const ids = rows.map((row) => row.practice_id);
  const months = Array.from({ length: SALES_TREND_MONTHS }, (_, n) =>
    monthsBefore(month, SALES_TREND_MONTHS - 1 - n),
  );
  const trend = [];
  for (const each of months) {
    const revenue = ids.length === 0 ? 0 : await revenueOf(db, billingFilter(each, ids, null), now);
    const { rows: patients } = await sql<{ n: number }>`select count(distinct r.patient_id)::int as n
      from billing_period_reports r
      where r.month = ${`${each}-01`}::date and r.practice_id = any(${ids}::integer[])`.execute(db);
    trend.push({ month: each, patients: patients[0]?.n ?? 0, revenue });
  }
  const practices = [];
  for (const row of rows) {
    // This month's results are fresh: the trend's last month refreshed every practice's.
    const revenue = (await countSummary(db, billingFilter(month, ids, row.practice_id))).total;
    practices.push({
      practice_id: row.practice_id,
      practice_name: row.practice_name,
      organization_name: row.organization_name,
      enrolled: ENROLMENT_PROGRAMS.map((program) => ({ program, patients: row[program] })),
      enrolled_total: row.enrolled_total,
      revenue,
    });
  }
  return { month, practices, revenue: trend.at(-1)?.revenue ?? 0, trend };
}
