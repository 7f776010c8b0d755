import { HOME_STUDY_KINDS, isoDay } from '@rpm/shared';
import { sql } from 'kysely';
import type { Db } from '../schema.js';
import { RPM_STATUS } from './patient-statuses.js';

/**
 * Who handed out the demo's devices (whoever placed the patient's orders; a few spares handed out days ago, with no
 * reading yet) and the returns of home-study devices (most back days after the night recorded, some still out):
 * decisions.md "Latest Assigned Devices", "Sleep Return Devices".
 */
export async function seedDeviceReturns(trx: Db, opts: { readonly today: Date; readonly adminId: number }) {
  const today = isoDay(opts.today);
  await sql`
    update device_assignments a set assigned_by = coalesce(p.care_coordinator_id, p.physician_id, ${opts.adminId})
    from patients p where p.patient_id = a.patient_id and a.assigned_by is null`.execute(trx);
  // Two of each organisation's spare devices were handed out in the last days to active patients who had none of
  // the kind, and have sent nothing yet.
  await sql`
    with stock as (
      select d.inventory_id, d.organization_id, d.device_type_id,
        row_number() over (partition by d.organization_id order by d.inventory_id) as n
      from devices d where d.status = 'available' and d.organization_id is not null
    ), takers as (
      select p.patient_id, p.organization_id,
        coalesce(p.care_coordinator_id, p.physician_id, ${opts.adminId}) as assigned_by,
        row_number() over (partition by p.organization_id order by p.patient_id desc) as n
      from patients p where p.rpm_status = ${RPM_STATUS.active}
    ), pairs as (
      select s.inventory_id, t.patient_id, t.assigned_by,
        (${today}::date - (1 + t.patient_id % 5)) + time '11:00' at time zone 'UTC' as at
      from stock s join takers t on t.organization_id = s.organization_id and t.n = s.n
      where s.n <= 2 and not exists (select 1 from device_assignments a join devices x on x.inventory_id = a.inventory_id
        where a.patient_id = t.patient_id and a.unassigned_at is null and x.device_type_id = s.device_type_id)
    ), handed as (
      update devices d set status = 'assigned' from pairs where d.inventory_id = pairs.inventory_id
      returning d.inventory_id
    )
    insert into device_assignments (inventory_id, patient_id, assigned_at, assigned_by)
    select inventory_id, patient_id, at, assigned_by from pairs order by inventory_id`.execute(trx);
  const home = [...HOME_STUDY_KINDS];
  await sql`
    update sleep_studies s
    set device_returned_at = (s.recorded_on + 1 + s.study_id % 4) + time '10:00' at time zone 'UTC',
      device_returned_by = coalesce(p.care_coordinator_id, p.physician_id, ${opts.adminId})
    from patients p
    where p.patient_id = s.patient_id and s.kind = any(${home}::text[]) and s.recorded_on is not null
      and s.study_id % 9 <> 0`.execute(trx);
  await sql`
    update sleep_studies s
    set ordered_at = (${today}::date - s.study_id % 6) + time '09:00' at time zone 'UTC',
      created_at = (${today}::date - s.study_id % 6) + time '09:00' at time zone 'UTC'
    where s.kind = any(${home}::text[]) and s.status = 'ordered' and s.study_id % 3 = 0`.execute(trx);
}
