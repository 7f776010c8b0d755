import { isoDay } from '@rpm/shared';
import { sql } from 'kysely';
import type { Db } from '../schema.js';
import { DEMO_NURSE } from './demo-users.js';
import { TASK_TITLES } from './seed-activity.js';

/** The demo sign-ins whose My Tasks list pages (at least 35 tasks each). */
const WORKLIST_DEMO_USERS = [
  'role5@demo.test',
  'role6@demo.test',
  DEMO_NURSE,
  'role9@demo.test',
  'role13@demo.test',
] as const;

/** Tasks added for each of {@link WORKLIST_DEMO_USERS}. */
export const DEMO_TASKS_EACH = 36;

/** Open alerts of each level the demo nurse's practices keep at least (when their readings raised that many). */
const OPEN_ALERTS_PER_LEVEL = 20;

/**
 * Worklist demo data, set-based: {@link DEMO_TASKS_EACH} tasks for each of {@link WORKLIST_DEMO_USERS} in every
 * state and due date, and {@link OPEN_ALERTS_PER_LEVEL} open alerts of each level in the demo nurse's practices
 * (the newest acknowledged ones reopened where fewer are open).
 */
export async function seedWorklists(trx: Db, input: { today: Date; adminId: number }): Promise<void> {
  const today = isoDay(input.today);
  await sql`
    with staff as (
      select user_id from users where username = any(${[...WORKLIST_DEMO_USERS]}::text[])
    ), pool as (
      select s.user_id, p.patient_id, p.firstname, p.lastname,
        row_number() over (partition by s.user_id order by p.patient_id) - 1 as k,
        count(*) over (partition by s.user_id) as total
      from staff s join patients p on exists (select 1 from user_practices up
        where up.user_id = s.user_id and up.practice_id = p.practice_id
          and (up.location_id is null or up.location_id = p.location_id))
    ), planned as (
      select s.user_id, g, pt.patient_id, pt.firstname, pt.lastname,
        (array['open', 'in_progress', 'open', 'completed'])[1 + g % 4] as status,
        ${today}::date - ((g * 11) % 25 + 3) + interval '9 hours' as created_at
      from staff s cross join generate_series(0, ${DEMO_TASKS_EACH - 1}) g
      left join pool pt on pt.user_id = s.user_id and g % 5 <> 4 and pt.k = (g * 13) % pt.total
    )
    insert into tasks (assigned_to, patient_id, title, description, status, due_at, completed_at, created_by,
      created_at)
    select user_id, patient_id,
      case when patient_id is null then 'Team huddle follow-up'
        else (${TASK_TITLES}::text[])[1 + (g + user_id) % ${TASK_TITLES.length}] end,
      case when patient_id is null then 'Follow up on the items raised at the weekly team huddle.'
        else 'For ' || firstname || ' ' || lastname || '.' end,
      status,
      case when g % 6 <> 5 then ${today}::date + ((g * 7) % 19 - 9) + interval '17 hours' end,
      case when status = 'completed' then created_at + interval '2 days' end,
      case when g % 3 = 0 then ${input.adminId} else user_id end,
      created_at
    from planned
    order by planned.user_id, planned.g`.execute(trx);

  await sql`
    with mine as (
      select al.alert_id, al.level, al.taken_at, al.acknowledged_at from alerts al
      join patients p on p.patient_id = al.patient_id
      where exists (select 1 from user_practices up join users u on u.user_id = up.user_id
        where u.username = ${DEMO_NURSE} and up.practice_id = p.practice_id
          and (up.location_id is null or up.location_id = p.location_id))
    ), open_counts as (
      select level, count(*) as n from mine where acknowledged_at is null group by level
    ), newest as (
      select alert_id, level, row_number() over (partition by level order by taken_at desc, alert_id desc) as k
      from mine where acknowledged_at is not null
    )
    update alerts set acknowledged_at = null, acknowledged_by = null
    from newest r left join open_counts o on o.level = r.level
    where alerts.alert_id = r.alert_id and r.k <= ${OPEN_ALERTS_PER_LEVEL} - coalesce(o.n, 0)`.execute(trx);
}
