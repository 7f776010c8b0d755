import { isoDay } from '@rpm/shared';
import { sql } from 'kysely';
import type { Db } from '../schema.js';

/** The demo call agent (demo-users.ts), whose patients' calls fill the seven call pages. */
const DEMO_AGENT = 'agent@demo.test';

/** Records of each kind (missed, callback, voicemail, unattended): more than a page of ten. */
const DEMO_CALLS_EACH = 14;

/** Open missed-reading outreach call tasks at most (aws-tasks beside the callbacks). */
const DEMO_OUTREACH_TASKS = 12;

/**
 * Call-page demo data, set-based and without random draws, over the demo agent's patients with a mobile number:
 * missed calls, callbacks, voicemails and unattended calls over four weeks (some from unknown numbers, a few
 * callbacks due tomorrow), every third inbound call returned, and open outreach call tasks (001 §3 call_miss).
 */
export async function seedCalls(trx: Db, input: { today: Date }): Promise<void> {
  const today = isoDay(input.today);
  await sql`
    with agent as (
      select user_id, firstname || ' ' || lastname as name from users where username = ${DEMO_AGENT}
    ), pool as (
      select p.patient_id, '+1' || right(regexp_replace(p.mobile, '\\D', '', 'g'), 10) as number,
        (row_number() over (order by p.patient_id))::int - 1 as k, (count(*) over ())::int as total
      from patients p cross join agent a
      where length(regexp_replace(coalesce(p.mobile, ''), '\\D', '', 'g')) >= 10
        and exists (select 1 from user_practices up where up.user_id = a.user_id and up.practice_id = p.practice_id
          and (up.location_id is null or up.location_id = p.location_id))
    ), planned as (
      select kinds.kind, kinds.n, g,
        case when kinds.kind in ('missed', 'unattended') and g % 7 = 6 then null else pt.patient_id end as patient_id,
        case when kinds.kind in ('missed', 'unattended') and g % 7 = 6
          then '+1888555' || lpad((kinds.n * 100 + g)::text, 4, '0') else pt.number end as number,
        ${today}::date - (1 + (g * 5 + kinds.n * 3) % 28) + make_interval(mins => 540 + (g * 37 + kinds.n * 11) % 480)
          as started_at
      from (values ('missed', 0), ('callback', 1), ('voicemail', 2), ('unattended', 3)) kinds(kind, n)
      cross join generate_series(0, ${DEMO_CALLS_EACH - 1}) g
      join pool pt on pt.k = (g * 7 + kinds.n * 3) % pt.total
    )
    insert into call_records (patient_id, agent_user_id, agent_name, contact_id, direction, phone_number, outcome,
      kind, started_at, ended_at, duration_seconds, callback_due_at)
    select pl.patient_id,
      case when pl.kind = 'missed' then a.user_id end,
      case when pl.kind = 'missed' then a.name end,
      'demo-' || pl.kind || '-' || pl.g, 'inbound', pl.number,
      case when pl.kind = 'missed' then 'Missed' end,
      case when pl.kind = 'missed' then 'regular' else pl.kind end,
      pl.started_at,
      case pl.kind when 'missed' then pl.started_at
        when 'voicemail' then pl.started_at + make_interval(secs => 20 + (pl.g * 7) % 70)
        when 'unattended' then pl.started_at + make_interval(secs => 30 + (pl.g * 23) % 270) end,
      case pl.kind when 'missed' then 0
        when 'voicemail' then 20 + (pl.g * 7) % 70
        when 'unattended' then 30 + (pl.g * 23) % 270 end,
      case when pl.kind = 'callback' then
        case when pl.g % 4 = 0 then ${today}::date + 1 + interval '10 hours' else pl.started_at + interval '4 hours' end
      end
    from planned pl cross join agent a
    order by pl.n, pl.g`.execute(trx);

  // The agent returns every third inbound call (a callback due tomorrow excepted) two hours after it came in.
  await sql`
    insert into call_records (patient_id, agent_user_id, agent_name, contact_id, direction, phone_number, outcome,
      kind, started_at, ended_at, duration_seconds)
    select c.patient_id, a.user_id, a.firstname || ' ' || a.lastname, 'demo-out-' || c.call_id, 'outbound',
      c.phone_number, 'Called', 'regular', c.started_at + interval '2 hours',
      c.started_at + interval '2 hours' + make_interval(secs => 60 + (c.call_id * 31) % 600),
      60 + (c.call_id * 31) % 600
    from call_records c cross join users a
    where a.username = ${DEMO_AGENT} and c.contact_id like 'demo-%' and c.direction = 'inbound'
      and c.call_id % 3 = 1 and (c.callback_due_at is null or c.callback_due_at < ${today}::date)
    order by c.call_id`.execute(trx);
  await sql`
    update call_records c set returned_by_call_id = o.call_id, returned_at = o.started_at
    from call_records o where o.contact_id = 'demo-out-' || c.call_id`.execute(trx);

  // Open outreach call tasks, as the missed-readings job makes them (jobs/missed-readings.ts).
  await sql`
    with agent as (select user_id from users where username = ${DEMO_AGENT}),
    rules as (
      select r.notification_rule_id, r.patient_id, r.call_miss, r.created_by,
        coalesce(p.care_coordinator_id, a.user_id) as assignee,
        ${today}::date - (r.call_miss + r.notification_rule_id % 6) as streak_start,
        (row_number() over (order by r.notification_rule_id))::int as k
      from notification_rules r join patients p on p.patient_id = r.patient_id cross join agent a
      where r.status = 1 and r.notification_mode <> 'sms'
        and exists (select 1 from user_practices up where up.user_id = a.user_id and up.practice_id = p.practice_id
          and (up.location_id is null or up.location_id = p.location_id))
    ), tasks_made as (
      insert into tasks (assigned_to, patient_id, title, description, status, due_at, created_by, created_at)
      select assignee, patient_id,
        'Call patient: no readings for ' || (${today}::date - streak_start) || ' days',
        'Rule ' || notification_rule_id || ' asks for outreach after ' || call_miss || ' days without readings.',
        'open', ${today}::date - (k % 3) + interval '8 hours', created_by,
        ${today}::date - (k % 3) + interval '8 hours'
      from rules where k <= ${DEMO_OUTREACH_TASKS}
      returning task_id, description, created_at
    )
    insert into missed_reading_outreach (notification_rule_id, kind, streak_start, task_id, created_at)
    select r.notification_rule_id, 'call', r.streak_start::timestamp at time zone 'UTC', t.task_id, t.created_at
    from rules r join tasks_made t on t.description like 'Rule ' || r.notification_rule_id || ' %'
    where r.k <= ${DEMO_OUTREACH_TASKS}`.execute(trx);
}
