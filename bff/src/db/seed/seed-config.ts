import { sql } from 'kysely';
import type { Db } from '../schema.js';

/** The configuration tables' demo rows: two warehouses holding the devices, every plan accepted everywhere (0026). */
export async function seedConfig(trx: Db): Promise<void> {
  await trx
    .insertInto('warehouses')
    .values([
      { name: 'Main Warehouse', address: '100 Harbor Way, Newark, NJ 07102' },
      { name: 'West Coast Depot', address: '2500 Industrial Pkwy, Reno, NV 89502' },
    ])
    .execute();
  await sql`update devices set warehouse_id = (select warehouse_id from warehouses
    where name = case when devices.organization_id is null then 'Main Warehouse' else 'West Coast Depot' end)`.execute(
    trx,
  );
  await sql`insert into organization_insurances (organization_id, plan_id)
    select o.organization_id, p.plan_id from organizations o cross join insurance_plans p
    order by o.organization_id, p.plan_id`.execute(trx);
}
