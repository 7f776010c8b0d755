-- decisions.md "Alert snooze": a rule's abnormal bound of one vital and direction may be snoozed for at most 24
-- hours with a reason; critical readings always raise. A snooze ends by itself, or earlier when cancelled.
create table alert_snoozes (
  snooze_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  notification_rule_id integer not null references notification_rules,
  vital_id integer not null references vitals,
  direction text not null check (direction in ('low', 'high')),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  reason text not null check (length(trim(reason)) > 0),
  created_by integer not null references users,
  acting_user_id integer references users,
  cancelled_at timestamptz,
  cancelled_by integer references users,
  check (ends_at > starts_at and ends_at <= starts_at + interval '24 hours'),
  check ((cancelled_at is null) = (cancelled_by is null))
);
-- The intake's probe: a rule's snoozes still running.
create index alert_snoozes_rule_idx on alert_snoozes (notification_rule_id, ends_at) where cancelled_at is null;

-- A held reading is held by an acknowledged alert or by a snooze.
alter table suppressed_readings
  alter column alert_id drop not null,
  add column snooze_id integer references alert_snoozes,
  add constraint suppressed_readings_one_holder check (num_nonnulls(alert_id, snooze_id) = 1);
create index suppressed_readings_snooze_idx on suppressed_readings (snooze_id) where snooze_id is not null;
