import { sql } from 'kysely';
import { hashDeviceKey } from '../../alerts/device-keys.js';
import type { Db } from '../schema.js';

/** The demo key of the SMS provider's webhooks (header x-sms-key); demo data only, like DEMO_DEVICE_KEY. */
export const DEMO_SMS_KEY = 'sk_demo_Hq4wT7nZ2xV9bL5mR8cK3pJ6yF1gD0sA';

/** How many demo patients get a thread and a reminder. */
const PATIENTS_WITH_MESSAGES = 20;

/**
 * The Messages and Reminder tabs' demo data, set-based: for the first patients with a mobile number, a template text
 * from their coordinator (in the outbox), the patient's reply, and a daily reminder at 09:00 New York time.
 */
export async function seedMessages(trx: Db, today: Date): Promise<void> {
  await trx
    .insertInto('sms_provider_keys')
    .values({ provider_name: 'Demo SMS provider', key_hash: hashDeviceKey(DEMO_SMS_KEY), created_at: today })
    .execute();
  await sql`
    with chosen as (
      select p.patient_id, p.firstname, '+1' || right(regexp_replace(p.mobile, '\\D', '', 'g'), 10) as phone,
        coalesce(p.care_coordinator_id, p.physician_id) as sender
      from patients p
      where length(regexp_replace(coalesce(p.mobile, ''), '\\D', '', 'g')) >= 10
        and coalesce(p.care_coordinator_id, p.physician_id) is not null
      order by p.patient_id
      limit ${PATIENTS_WITH_MESSAGES}
    ), template as (
      select template_id, body from message_templates where title = 'Missed reading'
    ), sent as (
      insert into patient_messages (patient_id, direction, body, phone, status, status_detail, template_id,
        sender_id, created_at, status_at)
      select c.patient_id, 'out', replace(t.body, '{first_name}', c.firstname), c.phone, 'not_sent',
        'Not sent: no SMS provider configured', t.template_id, c.sender,
        ${today}::timestamptz - interval '1 day', ${today}::timestamptz - interval '1 day'
      from chosen c cross join template t
      returning message_id, phone, body, created_at
    ), outbox as (
      insert into sms_outbox (message_id, phone, body, created_at)
      select message_id, phone, body, created_at from sent
    ), replies as (
      insert into patient_messages (patient_id, direction, body, phone, status, provider_message_id, created_at,
        status_at)
      select c.patient_id, 'in', 'Thanks, I will take it this morning.', c.phone, 'received',
        'demo-in-' || c.patient_id, ${today}::timestamptz - interval '2 hours', ${today}::timestamptz - interval '2 hours'
      from chosen c
    )
    insert into patient_reminders (patient_id, kind, message, frequency, repeat_interval, start_date, send_time,
      time_zone, next_at, created_by, created_at, updated_at)
    select c.patient_id, 'reading', 'Good morning ' || c.firstname || ', please take your reading today.', 'daily', 1,
      (${today}::timestamptz at time zone 'America/New_York')::date + 1, '09:00', 'America/New_York',
      (((${today}::timestamptz at time zone 'America/New_York')::date + 1) + time '09:00')
        at time zone 'America/New_York',
      c.sender, ${today}, ${today}
    from chosen c`.execute(trx);
}
