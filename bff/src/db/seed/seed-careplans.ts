import { CARE_PLAN_REVIEW_MONTHS, isoDay, shiftDay, shiftMonths } from '@rpm/shared';
import { sql } from 'kysely';
import type { Db } from '../schema.js';
import { CCM_STATUS } from './patient-statuses.js';

/**
 * Demo care plans, set-based: two of every three CCM and PCM patients have a plan from the CCM Care Plan Defaults, written
 * three weeks ago and signed by their physician where they have one; the others show 'Care plan missing'.
 */
export async function seedCarePlans(trx: Db, input: { today: Date; adminId: number }): Promise<void> {
  const today = isoDay(input.today);
  const review = shiftMonths(today, CARE_PLAN_REVIEW_MONTHS);
  const written = `${shiftDay(today, -21)}T15:00:00Z`;
  const signed = `${shiftDay(today, -19)}T17:00:00Z`;
  await sql`insert into care_plan_versions (patient_id, version, plan, author_id, created_at, signed_by, signed_at)
    select p.patient_id, 1, d.plan || jsonb_build_object('review_date', ${review}::text),
      coalesce(p.care_coordinator_id, p.physician_id, ${input.adminId}), ${written}::timestamptz,
      p.physician_id, case when p.physician_id is not null then ${signed}::timestamptz end
    from patients p
    join care_plan_defaults d on d.organization_id is null
    where (p.ccm_status in (${CCM_STATUS.enrolled}, ${CCM_STATUS.active})
        or exists (select 1 from time_logs t where t.patient_id = p.patient_id and t.program = 'PCM'))
      and p.patient_id % 3 <> 0`.execute(trx);
}
