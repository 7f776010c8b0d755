import { ACTIVE_RPM_STATUS, type DashboardSummary, ENROLLED_RPM_STATUSES, isoDay } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { notFound } from '../domain-errors.js';
import type { ListViewer } from '../lists/source.js';
import {
  type MinutesBand,
  minutesBandSql,
  monthPace,
  type Progress,
  progressSql,
} from '../patients/progress.js';

/**
 * The dashboard's figures (000 §2.4 'Dashboard', §6.1) this month for the patients in scope, in three statements;
 * month figures and progress come from the lists' own sources, so each equals what its list's filter returns.
 */

interface PatientGroup {
  rpm_status: number;
  ccm_status: number | null;
  progress: Progress | null;
  band: MinutesBand | null;
  n: number;
}

interface WorkRow {
  critical: number;
  critical_oldest: Date | null;
  abnormal: number;
  abnormal_oldest: Date | null;
  outreach_open: number;
  outreach_mine: number;
}

/** The summary for `viewer`, or one practice of its scope (a practice that does not exist: not_found). */
export async function dashboardSummary(
  db: Db,
  viewer: ListViewer,
  practiceId?: number,
): Promise<DashboardSummary> {
  const month = isoDay(viewer.now).slice(0, 7);
  const pace = monthPace(month, viewer.now);

  if (practiceId !== undefined) {
    const found = await db
      .selectFrom('practices')
      .select('practice_id')
      .where('practice_id', '=', practiceId)
      .executeTakeFirst();
    if (!found) throw notFound(`Practice ${practiceId} does not exist.`, 'practice');
  }
  /** The patients counted: in scope, not merged away, and of the practice when one is named. */
  const counted = (alias: string): RawBuilder<SqlBool> => {
    const live = sql<SqlBool>`${viewer.scope.visible(alias)} and ${sql.ref(`${alias}.merged_into_id`)} is null`;
    return practiceId === undefined
      ? live
      : sql<SqlBool>`${live} and ${sql.ref(`${alias}.practice_id`)} = ${practiceId}`;
  };

  // Issue 45: for some practices, their patients lead and each one's month rows are read by its own key (one
  // practice at 20,000 patients: the month's alerts 90 → 17 ms); the planner would rather hash the whole network's
  // month, so `offset 0` keeps each subquery its own. The whole network's month is cheaper in one pass (alerts at
  // 20,000 patients: 300 against 700 ms).
  const wholeNetwork = viewer.scope.all && practiceId === undefined;
  const monthDay = sql`${`${month}-01`}::date`;
  const summary = wholeNetwork
    ? sql`left join patient_month_summary s on s.patient_id = p.patient_id and s.month = ${monthDay}`
    : sql`left join lateral (select s.reading_days, s.rpm_seconds from patient_month_summary s
        where s.patient_id = p.patient_id and s.month = ${monthDay} offset 0) s on true`;
  const enrolled = sql.join(ENROLLED_RPM_STATUSES.map((id) => sql.lit(id)));
  const readingDays = sql<number>`coalesce(s.reading_days, 0)`;
  const rpmSeconds = sql<number>`coalesce(s.rpm_seconds, 0)`;
  // One pass over the patients, grouped by every figure at once (a few hundred groups at most).
  const { rows: groups } = await sql<PatientGroup>`
    select p.rpm_status, p.ccm_status,
      case when p.rpm_status in (${enrolled}) then ${progressSql(readingDays, pace)} end as progress,
      case when p.rpm_status in (${enrolled}) then ${minutesBandSql(rpmSeconds)} end as band,
      count(*)::integer as n
    from patients p
    ${summary}
    where ${counted('p')}
    group by 1, 2, 3, 4`.execute(db);

  const { rows: work } = await sql<WorkRow>`
    select
      coalesce(sum(a.n) filter (where a.level = 'critical'), 0)::integer as critical,
      min(a.oldest) filter (where a.level = 'critical') as critical_oldest,
      coalesce(sum(a.n) filter (where a.level = 'abnormal'), 0)::integer as abnormal,
      min(a.oldest) filter (where a.level = 'abnormal') as abnormal_oldest,
      (select count(*)::integer from tasks t
        join missed_reading_outreach o on o.task_id = t.task_id
        join patients p on p.patient_id = t.patient_id
        where t.status <> 'completed' and ${counted('p')}) as outreach_open,
      (select count(*)::integer from tasks t
        join missed_reading_outreach o on o.task_id = t.task_id
        join patients p on p.patient_id = t.patient_id
        where t.status <> 'completed' and t.assigned_to = ${viewer.auth.userId} and ${counted('p')}) as outreach_mine
    from (
      select al.level, count(*) as n, min(al.created_at) as oldest
      from alerts al join patients p on p.patient_id = al.patient_id
      where al.acknowledged_at is null and ${counted('p')}
      group by al.level
    ) a`.execute(db);

  // Response figures: each level over the scope, then each practice's, of the alerts raised this month.
  const monthStart = sql`${`${month}-01`}::timestamptz`;
  const ofMonth = sql<SqlBool>`al.created_at >= ${monthStart} and al.created_at < ${monthStart} + interval '1 month'`;
  const monthAlerts = wholeNetwork
    ? sql`patients p join alerts al on al.patient_id = p.patient_id and ${ofMonth}`
    : sql`patients p cross join lateral (
          select al.level, al.created_at, al.acknowledged_at, al.escalation_tier from alerts al
          where al.patient_id = p.patient_id and ${ofMonth} offset 0) al`;
  const { rows: response } = await sql<ResponseRow>`
    select al.level, pr.practice_id, pr.practice_name, grouping(pr.practice_id) = 1 as overall,
      count(*)::integer as raised, count(al.acknowledged_at)::integer as acknowledged,
      percentile_cont(0.5) within group (order by extract(epoch from al.acknowledged_at - al.created_at) / 60)
        filter (where al.acknowledged_at is not null) as median_minutes,
      percentile_cont(0.9) within group (order by extract(epoch from al.acknowledged_at - al.created_at) / 60)
        filter (where al.acknowledged_at is not null) as p90_minutes,
      (count(*) filter (where al.escalation_tier > 0))::integer as escalated
    from ${monthAlerts}
    join practices pr on pr.practice_id = p.practice_id
    where ${counted('p')}
    group by grouping sets ((al.level), (al.level, pr.practice_id, pr.practice_name))
    order by grouping(pr.practice_id) desc, al.level = 'critical' desc, pr.practice_name,
      pr.practice_id`.execute(db);

  const options = await db
    .selectFrom('patient_status_options')
    .select(['program', 'status_id', 'label'])
    .where('program', 'in', ['RPM', 'CCM'])
    .orderBy('program')
    .orderBy('sort_order')
    .execute();

  const rpmCounts = new Map<number, number>();
  const ccmCounts = new Map<number, number>();
  const progress = { met: 0, on_track: 0, at_risk: 0, unreachable: 0 };
  const bands: Record<MinutesBand, number> = { under20: 0, '20to39': 0, '40plus': 0 };
  const add = (map: Map<number, number>, key: number, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  for (const g of groups) {
    add(rpmCounts, g.rpm_status, g.n);
    if (g.ccm_status !== null) add(ccmCounts, g.ccm_status, g.n);
    if (g.progress !== null) progress[g.progress] += g.n;
    if (g.band !== null) bands[g.band] += g.n;
  }
  const distribution = (program: 'RPM' | 'CCM', counts: Map<number, number>) =>
    options
      .filter((o) => o.program === program)
      .map((o) => ({ status_id: o.status_id, label: o.label, count: counts.get(o.status_id) ?? 0 }));
  const w = work[0];
  const iso = (at: Date | null | undefined) => (at ? new Date(at).toISOString() : null);

  return {
    month,
    days_left: pace.daysLeft,
    rpm_statuses: distribution('RPM', rpmCounts),
    ccm_statuses: distribution('CCM', ccmCounts),
    enrolled: ENROLLED_RPM_STATUSES.reduce((sum, id) => sum + (rpmCounts.get(id) ?? 0), 0),
    active: rpmCounts.get(ACTIVE_RPM_STATUS) ?? 0,
    alerts: {
      critical: { count: w?.critical ?? 0, oldest_at: iso(w?.critical_oldest) },
      abnormal: { count: w?.abnormal ?? 0, oldest_at: iso(w?.abnormal_oldest) },
    },
    progress,
    minutes: { under20: bands.under20, from20to39: bands['20to39'], from40: bands['40plus'] },
    outreach_tasks_open: w?.outreach_open ?? 0,
    outreach_tasks_mine: w?.outreach_mine ?? 0,
    response: response.map((r) => ({
      level: r.level,
      practice_id: r.overall ? null : r.practice_id,
      practice_name: r.overall ? null : r.practice_name,
      raised: r.raised,
      acknowledged: r.acknowledged,
      median_minutes: minutesOf(r.median_minutes),
      p90_minutes: minutesOf(r.p90_minutes),
      escalated: r.escalated,
    })),
  };
}

interface ResponseRow {
  level: 'critical' | 'abnormal';
  practice_id: number;
  practice_name: string;
  overall: boolean;
  raised: number;
  acknowledged: number;
  median_minutes: number | string | null;
  p90_minutes: number | string | null;
  escalated: number;
}

/** Whole minutes of a percentile, or null without any. */
const minutesOf = (value: number | string | null) => (value === null ? null : Math.round(Number(value)));
