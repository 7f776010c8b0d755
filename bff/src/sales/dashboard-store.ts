import {
  isoDay,
  LEAD_STAGES,
  OPEN_LEAD_STAGES,
  SALES_FOLLOW_UPS,
  type SalesDashboard,
  shiftDay,
} from '@rpm/shared';
import { sql } from 'kysely';
import type { AuthContext } from '../auth/guard.js';
import type { Db } from '../db/schema.js';
import { dayText } from '../db/sql-day.js';
import { organizationScope } from '../lists/organization-scope.js';

/** The Sales Rep Dashboard's figures (000 §6.1; decisions.md "Leads"): lead counts, then the next follow-ups. */
export async function salesDashboard(
  db: Db,
  auth: Pick<AuthContext, 'userId' | 'roleid'>,
  now: Date,
): Promise<SalesDashboard> {
  const today = isoDay(now);
  const weekEnd = shiftDay(today, 6);
  const scope = await organizationScope(db, auth, 'l.organization_id');
  const open = sql`l.stage = any(${[...OPEN_LEAD_STAGES]}::text[])`;
  const { rows: counts } = await sql<{ stage: string; n: number; overdue: number; week: number }>`
    select l.stage, count(*)::int as n,
      count(*) filter (where ${open} and l.next_follow_up < ${today}::date)::int as overdue,
      count(*) filter (where ${open} and l.next_follow_up between ${today}::date and ${weekEnd}::date)::int as week
    from leads l where l.active and ${scope} group by l.stage`.execute(db);
  const { rows: followUps } = await sql<SalesDashboard['follow_ups'][number]>`
    select l.lead_id, l.practice_name, l.contact_name, l.contact_phone, l.stage,
      ${dayText('l.next_follow_up')} as next_follow_up
    from leads l where l.active and ${open} and ${scope}
    order by l.next_follow_up, lower(l.practice_name), l.lead_id
    limit ${SALES_FOLLOW_UPS}`.execute(db);
  const byStage = new Map(counts.map((row) => [row.stage, row]));
  return {
    today,
    stages: LEAD_STAGES.map((stage) => ({ stage, count: byStage.get(stage)?.n ?? 0 })),
    overdue: counts.reduce((sum, row) => sum + row.overdue, 0),
    due_this_week: counts.reduce((sum, row) => sum + row.week, 0),
    follow_ups: followUps,
  };
}
