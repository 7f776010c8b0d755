import { sql } from 'kysely';
import type { Db } from '../schema.js';

/** Days of readings the demo's Device Data logs hold. */
const LOG_DAYS = 7;

/** The demo's Device Data logs (000 §2.4): the last week's measurements as the demo vendor's devices posted them. */
export async function seedDeviceLogs(trx: Db, today: Date): Promise<void> {
  await sql`
    insert into reading_messages (inventory_id, taken_at, device_assign_id, key_id, payload_hash, received_at,
      payload)
    select x.inventory_id, x.taken_at, x.device_assign_id, x.key_id, encode(sha256(convert_to(x.payload::text, 'UTF8')), 'hex'),
      x.taken_at + interval '1 minute', x.payload
    from (
      select a.inventory_id, r.taken_at, r.device_assign_id, (select min(key_id) from device_vendor_keys) as key_id,
        jsonb_build_object('imei', d.imei, 'taken_at', r.taken_at,
          'values', jsonb_object_agg(v.vital_type, r.value)) as payload
      from readings r
      join device_assignments a on a.device_assign_id = r.device_assign_id
      join devices d on d.inventory_id = a.inventory_id
      join vitals v on v.vital_id = r.vital_id
      where r.taken_at >= ${today}::timestamptz - make_interval(days => ${LOG_DAYS})
      group by a.inventory_id, r.taken_at, r.device_assign_id, d.imei
    ) x
    order by x.taken_at, x.inventory_id
    on conflict (inventory_id, taken_at) do nothing`.execute(trx);
}
