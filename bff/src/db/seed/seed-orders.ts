import { sql } from 'kysely';
import { DEVICE_TYPE } from '../reference-ids.js';
import type { Db } from '../schema.js';
import { RPM_STATUS } from './patient-statuses.js';

/**
 * The demo's enrolment orders, set-based: an RPM order a week before each patient's first device, an authorisation
 * for every third patient, a device order per assignment, and open cuff orders for consented patients still waiting.
 */
export async function seedOrders(
  trx: Db,
  opts: { readonly adminId: number; readonly today: Date },
): Promise<void> {
  const today = opts.today.toISOString().slice(0, 10);
  // One order per patient, placed a week before the first device, or 1 to 12 days ago (10:00 UTC) for a consented
  // patient still without one; the order's day is the day it was placed, consent two days before.
  await sql`
    with placed as (
      select patient_id, min(assigned_at) - interval '7 days' as at from device_assignments group by patient_id
      union all
      select p.patient_id, (${today}::date - (1 + p.patient_id % 12)) + time '10:00' at time zone 'UTC'
      from patients p
      where p.rpm_status = ${RPM_STATUS.consented}
        and not exists (select 1 from device_assignments a where a.patient_id = p.patient_id))
    insert into enrollment_orders (patient_id, program, ordering_provider, diagnosis_codes, order_date,
      consent_date, consent_method, created_by, created_at, updated_at)
    select p.patient_id, 'RPM', coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), 'Referring Physician'),
      jsonb_build_array(coalesce(p.diagnosis_code, 'I10')),
      (placed.at at time zone 'UTC')::date, (placed.at at time zone 'UTC')::date - 2,
      case p.patient_id % 3 when 0 then 'written' when 1 then 'verbal' else 'electronic' end,
      coalesce(p.care_coordinator_id, p.physician_id, ${opts.adminId}), placed.at, placed.at
    from placed
    join patients p on p.patient_id = placed.patient_id
    left join users u on u.user_id = p.physician_id
    order by p.patient_id`.execute(trx);

  await sql`
    insert into order_authorizations (order_id, patient_id, authorization_number, start_date, end_date, recorded_by,
      recorded_at)
    select o.order_id, o.patient_id, 'PA-' || lpad(o.patient_id::text, 7, '0'), o.order_date,
      o.order_date + 364, o.created_by, o.created_at
    from enrollment_orders o
    where o.patient_id % 3 = 0
    order by o.order_id`.execute(trx);

  await sql`
    insert into device_orders (order_id, patient_id, device_type_id, status, tracking_number, ordered_by,
      ordered_at, shipped_at, delivered_at, returned_at, updated_at)
    select o.order_id, a.patient_id, d.device_type_id,
      case when a.unassigned_at is null then 'delivered' else 'returned' end,
      '1Z' || lpad(a.device_assign_id::text, 12, '0'), o.created_by, a.assigned_at - interval '5 days',
      a.assigned_at - interval '3 days', a.assigned_at, a.unassigned_at, coalesce(a.unassigned_at, a.assigned_at)
    from device_assignments a
    join devices d on d.inventory_id = a.inventory_id
    join enrollment_orders o on o.patient_id = a.patient_id
    order by a.device_assign_id`.execute(trx);

  // The orders still without a device: a blood-pressure cuff, shipped the next day for every other patient.
  await sql`
    insert into device_orders (order_id, patient_id, device_type_id, status, tracking_number, ordered_by,
      ordered_at, shipped_at, updated_at)
    select o.order_id, o.patient_id, ${DEVICE_TYPE.bloodPressure},
      case when o.patient_id % 2 = 0 then 'shipped' else 'ordered' end,
      case when o.patient_id % 2 = 0 then '1Z' || lpad(o.order_id::text, 12, '9') end, o.created_by,
      o.created_at, case when o.patient_id % 2 = 0 then o.created_at + interval '1 day' end,
      o.created_at + case when o.patient_id % 2 = 0 then interval '1 day' else interval '0' end
    from enrollment_orders o
    where not exists (select 1 from device_orders d where d.order_id = o.order_id)
    order by o.order_id`.execute(trx);

  // Care-management orders (CCM, PCM, BHI, RTM) for the patients with that program's minutes, placed three days
  // before the first; every fifth patient has none yet, so the month close shows 'No consent on file'.
  await sql`
    insert into enrollment_orders (patient_id, program, ordering_provider, diagnosis_codes, order_date,
      consent_date, consent_method, created_by, created_at, updated_at)
    select t.patient_id, t.program, coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), 'Referring Physician'),
      jsonb_build_array(coalesce(p.diagnosis_code, 'I10')), (t.first_at at time zone 'UTC')::date - 3,
      (t.first_at at time zone 'UTC')::date - 5, 'verbal', coalesce(p.care_coordinator_id, p.physician_id, ${opts.adminId}),
      t.first_at - interval '3 days', t.first_at - interval '3 days'
    from (select patient_id, program, min(logged_at) as first_at from time_logs
          where program in ('CCM', 'PCM', 'BHI', 'RTM') group by patient_id, program) t
    join patients p on p.patient_id = t.patient_id
    left join users u on u.user_id = p.physician_id
    where t.patient_id % 5 <> 0
    order by t.patient_id, t.program`.execute(trx);
}
