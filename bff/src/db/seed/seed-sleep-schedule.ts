import { isoDay, SLEEP_CONSULT_TYPE } from '@rpm/shared';
import { sql } from 'kysely';
import type { Db } from '../schema.js';

/**
 * Sleep consults and appointments this month and next, on weekdays 13:00–21:00 UTC, set-based: past ones closed,
 * later ones Scheduled; appointments to each practice's technician, consults to its sleep physicians.
 */
export async function seedSleepSchedule(trx: Db, input: { today: Date; adminId: number }): Promise<void> {
  const today = isoDay(input.today);
  const visits = (
    table: 'sleep_consults' | 'sleep_appointments',
    roles: readonly number[],
    limit: number,
  ) => sql`
    with staff as (
      select up.practice_id, u.user_id, row_number() over (partition by up.practice_id order by u.user_id) as k,
        count(*) over (partition by up.practice_id) as staff_count
      from users u join user_practices up on up.user_id = u.user_id
      where u.active and exists (select 1 from user_roles r where r.user_id = u.user_id
        and r.role_id = any(${[...roles]}::int[]))
    ), picked as (
      select p.patient_id, s.user_id, row_number() over (order by p.patient_id) as n
      from patients p join staff s on s.practice_id = p.practice_id and s.k = 1 + p.patient_id % s.staff_count
    ), timed as (
      select patient_id, user_id, n,
        date_trunc('month', ${today}::date)::timestamp + ((n * 5) % 61) * interval '1 day'
          + (13 + n % 8) * interval '1 hour' + (n % 2) * interval '30 minutes' as at
      from picked where n <= ${limit}
    )
    insert into ${sql.table(table)} (patient_id, ${sql.ref(table === 'sleep_consults' ? 'physician_id' : 'technician_id')},
      ${table === 'sleep_consults' ? sql`consult_type,` : sql``} status, scheduled_at, duration_minutes, notes,
      created_by, created_at, updated_by, updated_at)
    select patient_id, user_id, ${table === 'sleep_consults' ? sql`1 + n % ${Object.keys(SLEEP_CONSULT_TYPE).length},` : sql``}
      case when at::date >= ${today}::date then 2 else (array[3, 3, 3, 4, 6])[1 + n % 5] end,
      at at time zone 'UTC', (array[30, 45, 60, 90])[1 + n % 4],
      (array['', 'Bring the CPAP mask and the device''s SD card.', 'New patient: review the sleep study first.',
        ''])[1 + n % 4],
      ${input.adminId}, ${input.today}, ${input.adminId}, ${input.today}
    from timed where extract(isodow from at) < 6
  `;
  await visits('sleep_appointments', [20], 80).execute(trx);
  await visits('sleep_consults', [6, 16], 120).execute(trx);
}
