import { HOME_STUDY_KINDS, isoDay } from '@rpm/shared';
import { sql } from 'kysely';
import { DEVICE_TYPE } from '../reference-ids.js';
import type { Db } from '../schema.js';

/**
 * Who handed out the demo's devices and the returns of its home-study devices, set-based and without random
 * draws (decisions.md "Latest Assigned Devices", "Sleep Return Devices"):
 * - every assignment was made by whoever placed the patient's orders (seed-orders.ts: the care coordinator, else the
 *   physician, else the administrator);
 * - every other shipped cuff (seed-orders.ts) arrived two days after shipping and was handed over then, a spare cuff
 *   of the organisation's, and has sent no reading yet (the devices Latest Assigned Devices watches);
 * - a recorded home study's device came back 1 to 4 days after the night recorded, received by the same person,
 *   except every ninth, still out; a third of the home studies still waiting to be recorded were ordered 0 to 5 days
 *   ago, so some devices are out and not yet due.
 */
export async function seedDeviceReturns(trx: Db, opts: { readonly today: Date; readonly adminId: number }) {
  const today = isoDay(opts.today);
  await sql`
    update device_assignments a set assigned_by = coalesce(p.care_coordinator_id, p.physician_id, ${opts.adminId})
    from patients p where p.patient_id = a.patient_id and a.assigned_by is null`.execute(trx);
  await sql`
    with chosen as (
      select o.device_order_id, o.patient_id, o.ordered_by, o.shipped_at + interval '2 days' as at, p.organization_id,
        row_number() over (partition by p.organization_id order by o.device_order_id) as n
      from device_orders o join patients p on p.patient_id = o.patient_id
      where o.status = 'shipped' and o.device_type_id = ${DEVICE_TYPE.bloodPressure} and o.patient_id % 4 = 0
        and o.shipped_at + interval '2 days' <= ${opts.today}
    ), stock as (
      select d.inventory_id, d.organization_id,
        row_number() over (partition by d.organization_id order by d.inventory_id) as n
      from devices d where d.status = 'available' and d.device_type_id = ${DEVICE_TYPE.bloodPressure}
    ), pairs as (
      select c.*, s.inventory_id from chosen c join stock s on s.organization_id = c.organization_id and s.n = c.n
    ), delivered as (
      update device_orders o set status = 'delivered', delivered_at = pairs.at, updated_at = pairs.at
      from pairs where o.device_order_id = pairs.device_order_id returning o.device_order_id
    ), handed as (
      update devices d set status = 'assigned' from pairs where d.inventory_id = pairs.inventory_id
      returning d.inventory_id
    )
    insert into device_assignments (inventory_id, patient_id, assigned_at, assigned_by)
    select inventory_id, patient_id, at, ordered_by from pairs order by device_order_id`.execute(trx);
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
