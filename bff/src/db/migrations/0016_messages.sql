-- The chart's Messages and Reminder tabs (000 §2.3), the Messages Category and Message Template
-- configurations (000 §6.2), the SMS provider's webhook keys and the built-in outbox.

create table message_categories (
  category_id integer generated always as identity primary key,
  name text not null unique check (length(name) between 1 and 100),
  active boolean not null default true
);

create table message_templates (
  template_id integer generated always as identity primary key,
  category_id integer not null references message_categories,
  title text not null check (length(title) between 1 and 100),
  body text not null check (length(body) between 1 and 480),
  active boolean not null default true
);
create index message_templates_category_id_idx on message_templates (category_id);

-- Keys of the SMS provider's webhooks (header x-sms-key), kept as SHA-256 hex like device_vendor_keys.
create table sms_provider_keys (
  key_id integer generated always as identity primary key,
  provider_name text not null,
  key_hash text not null unique check (key_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);

create table patient_reminders (
  reminder_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  kind text not null check (kind in ('reading', 'appointment', 'medication', 'other')),
  message text not null check (length(message) between 1 and 480),
  frequency text not null check (frequency in ('once', 'daily', 'weekly', 'monthly')),
  repeat_interval integer not null check (repeat_interval between 1 and 12),
  -- Weekly reminders' days, RFC 5545 names comma-separated (MO,WE).
  weekdays text not null default '' check (weekdays ~ '^((MO|TU|WE|TH|FR|SA|SU)(,|$))*$'),
  start_date date not null,
  send_time text not null check (send_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  time_zone text not null,
  end_date date,
  active boolean not null default true,
  -- When the job sends it next; null once stopped or without a time left.
  next_at timestamptz,
  created_by integer not null references users,
  acting_user_id integer references users,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index patient_reminders_patient_id_idx on patient_reminders (patient_id, created_at);
create index patient_reminders_next_at_idx on patient_reminders (next_at) where active and next_at is not null;
create index patient_reminders_created_by_idx on patient_reminders (created_by);
create index patient_reminders_acting_user_id_idx on patient_reminders (acting_user_id);

create table patient_messages (
  message_id integer generated always as identity primary key,
  -- Null: an inbound text from a number no patient has.
  patient_id integer references patients,
  direction text not null check (direction in ('out', 'in')),
  body text not null check (length(body) between 1 and 1600),
  phone text not null,
  status text not null check (status in ('queued', 'sent', 'delivered', 'failed', 'not_sent', 'received')),
  status_detail text,
  provider_message_id text unique,
  template_id integer references message_templates,
  reminder_id integer references patient_reminders,
  sender_id integer references users,
  acting_user_id integer references users,
  created_at timestamptz not null,
  status_at timestamptz not null
);
create index patient_messages_patient_id_idx on patient_messages (patient_id, created_at);
create index patient_messages_template_id_idx on patient_messages (template_id);
create index patient_messages_reminder_id_idx on patient_messages (reminder_id, created_at);
create index patient_messages_sender_id_idx on patient_messages (sender_id);
create index patient_messages_acting_user_id_idx on patient_messages (acting_user_id);

-- What would have been sent when no SMS provider is configured (bff/src/messages/sms-adapter.ts).
create table sms_outbox (
  outbox_id integer generated always as identity primary key,
  message_id integer not null unique references patient_messages,
  phone text not null,
  body text not null,
  created_at timestamptz not null
);

-- The default configuration (decisions.md "Message templates"): '{first_name}' is the patient's first name.
insert into message_categories (name) values
  ('Reading Reminders'), ('Appointments'), ('Device Support'), ('Medication'), ('General');

insert into message_templates (category_id, title, body)
select c.category_id, t.title, t.body
from (values
  ('Reading Reminders', 'Missed reading',
   'Hello {first_name}, this is your care team. We have not received a reading from you today. Please take your reading when you can.'),
  ('Reading Reminders', 'Daily reading',
   'Hello {first_name}, a friendly reminder to take your reading today. Thank you.'),
  ('Appointments', 'Appointment reminder',
   'Hello {first_name}, this is a reminder of your upcoming appointment with your care team. Reply to this message if you need to reschedule.'),
  ('Appointments', 'Please call us',
   'Hello {first_name}, your care team would like to speak with you. Please call the clinic at your convenience.'),
  ('Device Support', 'Device not sending',
   'Hello {first_name}, your monitoring device has not sent readings recently. Please check that it is switched on and near you, or reply and we will help.'),
  ('Medication', 'Medication reminder',
   'Hello {first_name}, a reminder to take your medication as prescribed. Reply if you have any questions.'),
  ('General', 'Reading reviewed',
   'Hello {first_name}, your care team has reviewed your latest readings. Keep up the good work.')
) as t(category, title, body)
join message_categories c on c.name = t.category;
