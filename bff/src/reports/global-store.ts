import {
  CCM_TIME_GOALS,
  COMPLIANCE_TARGET_DAYS,
  ENROLLED_RPM_STATUSES,
  type GlobalReportRow,
  globalReportsList,
  isoDay,
  monthsBefore,
  RPM_TIME_GOAL_MIN,
} from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { CCM_STATUS } from '../db/seed/patient-statuses.js';
import { listSource } from '../lists/declare.js';
import type { ListView, ListViewer } from '../lists/source.js';
import { and, by, inIds, practiceOptions } from '../lists/sql.js';
import { optionValues } from '../lists/view-values.js';
import { recentMonths } from '../patients/list-store.js';

/**
 * Global Reports (shared/src/lists/global-reports.ts globalReportsList; decisions.md "Global Reports"): a row per
 * practice in scope with its month's figures, counted over the patients the viewer may read (a member of one
 * location of a practice counts that location's patients).
 */

/** The month of the view ('YYYY-MM'): the filter's, or this month. */
function monthOf(view: ListView, now: Date): string {
  return optionValues(view, 'month')?.[0] ?? isoDay(now).slice(0, 7);
}

const FROM = sql`practices pr join organizations o on o.organization_id = pr.organization_id`;

/** Each practice's patient figures for the month (patient_month_summary, the billing report's source). */
function patientFigures(viewer: ListViewer, month: string): RawBuilder<unknown> {
  const rpm = sql<SqlBool>`p.rpm_status in (${sql.join(ENROLLED_RPM_STATUSES.map((s) => sql.lit(s)))})`;
  const ccm = sql<SqlBool>`(p.ccm_status is not null and p.ccm_status <> ${sql.lit(CCM_STATUS.notApplicable)})`;
  const ccmGoal = sql`(case when p.ccm_type = 1 then ${sql.lit(CCM_TIME_GOALS.type1.time * 60)}
    else ${sql.lit(CCM_TIME_GOALS.other.time * 60)} end)`;
  return sql`left join lateral (select
      count(*) filter (where ${rpm})::int as rpm_patients,
      count(*) filter (where ${rpm} and s.reading_days >= ${sql.lit(COMPLIANCE_TARGET_DAYS)})::int as reading_days_met,
      count(*) filter (where ${rpm} and s.rpm_seconds >= ${sql.lit(RPM_TIME_GOAL_MIN * 60)})::int as rpm_minutes_met,
      count(*) filter (where ${ccm})::int as ccm_patients,
      count(*) filter (where ${ccm} and s.ccm_seconds >= ${ccmGoal})::int as ccm_minutes_met,
      (coalesce(sum(s.rpm_seconds + s.ccm_seconds), 0) / 60)::int as minutes_logged
    from patients p left join patient_month_summary s on s.patient_id = p.patient_id
      and s.month = ${`${month}-01`}::date
    where p.practice_id = pr.practice_id and p.merged_into_id is null and ${viewer.scope.visible('p')}) f on true
  left join lateral (select count(*)::int as alerts,
      count(*) filter (where a.acknowledged_at is null)::int as alerts_open
    from alerts a join patients p on p.patient_id = a.patient_id
    where p.practice_id = pr.practice_id and ${viewer.scope.visible('p')}
      and a.created_at >= ${`${month}-01`}::date and a.created_at < ${`${monthsBefore(month, -1)}-01`}::date) al on true`;
}

/** Each figure of the row and the lateral join (above) that counts it: the row's columns and sort keys both. */
const FIGURES = {
  rpm_patients: 'f',
  reading_days_met: 'f',
  rpm_minutes_met: 'f',
  ccm_patients: 'f',
  ccm_minutes_met: 'f',
  alerts: 'al',
  alerts_open: 'al',
  minutes_logged: 'f',
} as const satisfies Record<
  Exclude<keyof GlobalReportRow, 'practice_id' | 'practice_name' | 'organization_name' | 'month'>,
  'f' | 'al'
>;

/** Each figure's column, as `as` makes it (the row's field, its sort key). */
const figures = <T>(as: (column: RawBuilder<unknown>) => T) =>
  Object.fromEntries(
    Object.entries(FIGURES).map(([key, from]) => [key, as(sql.ref(`${from}.${key}`))]),
  ) as Record<keyof typeof FIGURES, T>;

export const globalReportSource = listSource(globalReportsList, {
  // The month's figures are counted in lateral joins on the view's month, so the month makes the FROM clause.
  prepare: (_db, { viewer }, view) => monthOf(view, viewer.now),
  from: ({ viewer, prepared: month }) => sql`${FROM} ${patientFigures(viewer, month)}`,
  scope: ({ viewer }) =>
    viewer.scope.all ? sql<SqlBool>`true` : inIds('pr.practice_id', viewer.scope.practiceIds),
  id: 'pr.practice_id',
  select: ({ prepared: month }) => ({
    practice_id: sql`pr.practice_id`,
    practice_name: sql`pr.practice_name`,
    organization_name: sql`o.organization_name`,
    month: sql`${month}::text`,
    ...figures((column) => column),
  }),
  sort: () => ({
    ...figures(by),
  }),
  where: {
    // Every practice has a row in any month: the month picks the figures (prepare), not the rows.
    month: { shows: 'month', as: 'value', when: () => and([]) },
    practice: { shows: 'practice_name', when: (practices) => inIds('pr.practice_id', practices) },
  },
  search: (text) => {
    const search = text.trim().toLowerCase();
    return search ? sql<SqlBool>`position(${search} in lower(pr.practice_name)) > 0` : undefined;
  },
  options: async (db, viewer) => ({
    month: recentMonths(viewer.now),
    practice: await practiceOptions(db, viewer),
  }),
});
