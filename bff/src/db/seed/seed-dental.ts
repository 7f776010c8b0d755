import { isoDay, SLEEP_STUDY_CPT } from '@rpm/shared';
import { sql } from 'kysely';
import type { Db } from '../schema.js';
import { DEMO_ORGANIZATIONS } from './demo-organizations.js';

const STAGES = ['referral', 'impression', 'insertion', 'follow_up_test'];
const SLEEP_ORGANIZATIONS = DEMO_ORGANIZATIONS.filter((o) => o.sleepFocus).map((o) => o.name);
/** Demo prices per code in dollars (HST Billing Configuration), for the sleep-focused organisations. */
const DEMO_PRICES: Readonly<Record<string, number>> = {
  '95800': 185,
  '95806': 160,
  '95810': 640,
  '95811': 690,
  '94762': 42.5,
  '94010': 36.75,
};
/** Vitals the demo's sleep organisations send to Athena: blood pressure, pulse, weight. */
const DEMO_ATHENA_VITALS = [1, 2, 3, 4];

/**
 * The demo's oral-appliance cases (every second patient of a practice with dental staff, over the four stages) and,
 * for the sleep-focused organisations, templates, prices for every sleep code and Athena vitals. Set-based.
 */
export async function seedDental(trx: Db, input: { today: Date; adminId: number }): Promise<void> {
  const today = isoDay(input.today);
  await sql`
    with dentists as (
      select up.practice_id, min(u.user_id) as dentist_id from users u
      join user_practices up on up.user_id = u.user_id
      where u.active and (u.is_dentist or exists (select 1 from user_roles r where r.user_id = u.user_id
        and r.role_id = 18))
      group by up.practice_id
    ), planned as (
      select p.patient_id, d.dentist_id, (${STAGES}::text[])[1 + p.patient_id / 2 % 4] as stage,
        ${today}::date - (10 + (p.patient_id * 7) % 80) as last_on, p.patient_id / 2 % 4 as reached
      from patients p join dentists d on d.practice_id = p.practice_id
      where p.patient_id % 2 = 0
    )
    insert into oral_appliance_cases (patient_id, dentist_id, stage, referred_on, impression_on, insertion_on,
      follow_up_test_on, created_at, updated_at)
    select patient_id, dentist_id, stage, last_on - 21 * reached,
      case when reached >= 1 then last_on - 21 * (reached - 1) end,
      case when reached >= 2 then last_on - 21 * (reached - 2) end,
      case when reached >= 3 then last_on end,
      ${input.today}, ${input.today}
    from planned order by patient_id`.execute(trx);

  const organizations = await trx
    .selectFrom('organizations')
    .select('organization_id')
    .where('organization_name', 'in', SLEEP_ORGANIZATIONS)
    .orderBy('organization_id')
    .execute();
  for (const { organization_id } of organizations) {
    await trx
      .insertInto('interpretation_templates')
      .values(
        Object.keys(SLEEP_STUDY_CPT).map((kind) => ({
          kind: kind as keyof typeof SLEEP_STUDY_CPT,
          name: `Practice ${kind === 'hst' || kind === 'psg' ? 'sleep study' : kind} template`,
          findings: 'Study reviewed by the practice reading physician.',
          organization_id,
          created_by: input.adminId,
          created_at: input.today,
        })),
      )
      .execute();
    await trx
      .insertInto('hst_billing_prices')
      .values(
        Object.entries(DEMO_PRICES).map(([cpt_code, usd]) => ({
          organization_id,
          cpt_code,
          price_cents: Math.round(usd * 100),
          updated_by: input.adminId,
          updated_at: input.today,
        })),
      )
      .execute();
    await trx
      .insertInto('athena_vital_exports')
      .values(
        DEMO_ATHENA_VITALS.map((vital_id) => ({
          organization_id,
          vital_id,
          updated_by: input.adminId,
          updated_at: input.today,
        })),
      )
      .execute();
  }
}
