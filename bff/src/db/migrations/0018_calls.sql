-- Call records of the softphone (000 §4.9, §7 rpm/aws/setCallStatus) and of the contact centre (queued
-- callbacks, voicemails, unattended calls), the seven call pages of 000 §2.4 (Aws Call row) are lists of them.

create table call_records (
  call_id integer generated always as identity primary key,
  -- Null: a caller no patient has the number of.
  patient_id integer references patients,
  -- The agent whose outcome this is; null for the contact centre's own records (callback, voicemail, unattended).
  agent_user_id integer references users,
  -- The administrator behind a temporary login (architecture.md "Security").
  acting_user_id integer references users,
  -- The agent name the softphone reported (000 §7), kept as sent.
  agent_name text check (length(agent_name) between 1 and 200),
  -- The contact centre's contact id (the spec's contract_id).
  contact_id text not null check (length(contact_id) between 1 and 100),
  direction text not null check (direction in ('inbound', 'outbound')),
  phone_number text not null check (phone_number ~ '^\+[1-9][0-9]{6,14}$'),
  outcome text check (outcome in ('Missed', 'Accepted', 'Called')),
  kind text not null check (kind in ('regular', 'callback', 'voicemail', 'unattended')),
  started_at timestamptz not null,
  ended_at timestamptz,
  duration_seconds integer check (duration_seconds >= 0),
  -- A queued callback: by when the caller asked to be called back.
  callback_due_at timestamptz,
  -- An inbound call (missed, callback, voicemail, unattended) returned by an agent's outbound call to its number.
  returned_by_call_id integer references call_records,
  returned_at timestamptz,
  -- The call's minutes in the patient's time log (once per call).
  time_log_id integer unique references time_logs,
  -- An agent's record has an outcome; the contact centre's have none and are not 'regular'.
  constraint call_records_agent_check check (
    (agent_user_id is null) = (outcome is null) and (kind = 'regular') = (agent_user_id is not null)),
  -- Called is the agent's outbound call; Missed and Accepted (and the contact centre's records) are inbound.
  constraint call_records_direction_outcome_check check (
    direction = case when outcome = 'Called' then 'outbound' else 'inbound' end),
  constraint call_records_end_check check (
    (ended_at is null) = (duration_seconds is null) and (ended_at is null or ended_at >= started_at)),
  constraint call_records_callback_check check (callback_due_at is null or kind = 'callback'),
  constraint call_records_returned_check check (
    (returned_at is null) = (returned_by_call_id is null) and (returned_at is null or direction = 'inbound')),
  constraint call_records_time_log_check check (
    time_log_id is null or (patient_id is not null and ended_at is not null)),
  -- setCallStatus is idempotent per agent, contact and status.
  constraint call_records_agent_contact_outcome_key unique (agent_user_id, contact_id, outcome)
);
-- One contact-centre record per contact.
create unique index call_records_centre_contact_key on call_records (contact_id) where agent_user_id is null;
create index call_records_patient_id_idx on call_records (patient_id, started_at);
create index call_records_acting_user_id_idx on call_records (acting_user_id);
create index call_records_returned_by_call_id_idx on call_records (returned_by_call_id);
-- The pages' default orders.
create index call_records_kind_started_idx on call_records (kind, started_at, call_id);
create index call_records_missed_started_idx on call_records (started_at, call_id) where outcome = 'Missed';
create index call_records_callback_due_idx on call_records (callback_due_at, call_id)
  where kind = 'callback' and returned_at is null;
-- Open inbound calls of a number, which an agent's outbound call to it returns.
create index call_records_open_number_idx on call_records (phone_number)
  where returned_at is null and direction = 'inbound';

-- getPatientIdByMobile (000 §7): a patient by the last ten digits of the mobile or phone number.
create index patients_mobile_digits_idx on patients ((right(regexp_replace(coalesce(mobile, ''), '\D', '', 'g'), 10)));
create index patients_phone_digits_idx on patients ((right(regexp_replace(coalesce(phone, ''), '\D', '', 'g'), 10)));
