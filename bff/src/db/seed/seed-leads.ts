import { isoDay, LEAD_STAGES } from '@rpm/shared';
import { sql } from 'kysely';
import type { Db } from '../schema.js';

/** Leads per organisation: several pages of the Leads list at its default size. */
export const DEMO_LEADS_EACH = 24;

const PLACES = [
  'Cedar',
  'Maple',
  'Harbor',
  'Summit',
  'Lakeview',
  'Riverbend',
  'Oak Park',
  'Pinecrest',
  'Westfield',
];
const KINDS = ['Family Medicine', 'Cardiology', 'Internal Medicine', 'Primary Care', 'Heart Center'];
const FIRST = ['Maria', 'James', 'Linda', 'Robert', 'Patricia', 'Michael', 'Susan', 'David'];
const LAST = ['Lopez', 'Nguyen', 'Patel', 'Johnson', 'Kim', 'Garcia', 'Brown'];

/** The demo's leads (decisions.md "Leads"): 24 practices per organisation, every stage, follow-ups near today. */
export async function seedLeads(trx: Db, today: Date): Promise<void> {
  const texts = (values: readonly string[]) => sql`array[${sql.join(values.map((v) => sql.lit(v)))}]::text[]`;
  await sql`insert into leads (organization_id, practice_name, contact_name, contact_phone, contact_email, stage,
      next_follow_up, active)
    select o.organization_id, x.practice, x.contact,
      '(555) ' || (100 + n) || '-' || lpad((o.organization_id * 1000 + n * 37)::text, 4, '0'),
      lower(split_part(x.contact, ' ', 1)) || '@' || regexp_replace(lower(x.practice), '[^a-z]+', '', 'g') || '.example.com',
      (${texts(LEAD_STAGES)})[1 + n % ${sql.lit(LEAD_STAGES.length)}],
      ${isoDay(today)}::date + (n % 22 - 7), n % 17 <> 0
    from organizations o cross join generate_series(1, ${sql.lit(DEMO_LEADS_EACH)}) n
    cross join lateral (select
      (${texts(PLACES)})[1 + (n - 1) % ${sql.lit(PLACES.length)}] || ' ' ||
        (${texts(KINDS)})[1 + ((n - 1) / ${sql.lit(PLACES.length)}) % ${sql.lit(KINDS.length)}] as practice,
      (${texts(FIRST)})[1 + n % ${sql.lit(FIRST.length)}] || ' ' ||
        (${texts(LAST)})[1 + (n + o.organization_id) % ${sql.lit(LAST.length)}] as contact) x
    order by o.organization_id, n`.execute(trx);
}

/**
 * Who brought the demo's practices in (decisions.md "Sales Practice Dashboard"): each organisation's leads are its
 * first sales rep's, and its Won leads, in order, became its practices, in order.
 */
export async function seedLeadPractices(trx: Db): Promise<void> {
  await sql`update leads l set added_by = (select min(u.user_id) from users u
      join user_roles r on r.user_id = u.user_id and r.role_id = 14
      where u.organization_id = l.organization_id or exists (select 1 from user_practices up
        join practices p on p.practice_id = up.practice_id
        where up.user_id = u.user_id and p.organization_id = l.organization_id))`.execute(trx);
  await sql`update leads l set practice_id = x.practice_id
    from (select w.lead_id, p.practice_id
      from (select lead_id, organization_id, row_number() over (partition by organization_id order by lead_id) as n
        from leads where stage = 'Won' and active) w
      join (select practice_id, organization_id,
          row_number() over (partition by organization_id order by practice_id) as n from practices) p
        on p.organization_id = w.organization_id and p.n = w.n) x
    where l.lead_id = x.lead_id`.execute(trx);
}
