-- The patient chart (spec 000 §2.3, 001 §2.2-2.3, §2.6, §2.9, §3-5, §7, §9): status lists and status
-- history, vital defaults and per-patient vital configuration, notification rules with their vital bounds, the
-- reading intake (vendor keys, received device messages), alerts, missed-reading outreach, the activity timer and
-- notes. Same conventions as 0001: integer identity keys, timestamptz, every foreign key indexed, CHECKs.

-- ── Status lists (001 §2.3, §3: "Status lists for RPM, CCM and BHI come from the server (contents not shown)") ──

-- decisions.md "Status lists". hidden/disabled follow shared/src/api/chart.ts (statusAvailability); a test keeps
-- the two in step.
create table patient_status_options (
  program text not null check (program in ('RPM', 'CCM', 'BHI')),
  status_id integer not null check (status_id between 1 and 999),
  label text not null,
  sort_order integer not null,
  hidden boolean not null default false,
  disabled boolean not null default false,
  description text not null,
  primary key (program, status_id)
);
insert into patient_status_options (program, status_id, label, sort_order, hidden, disabled, description) values
  ('RPM', 1, 'Enrolled', 1, false, false, 'Signed up for remote monitoring; enrollment details recorded'),
  ('RPM', 2, 'Contacted', 2, false, false, 'Reached by the care team about monitoring'),
  ('RPM', 3, 'Consented', 3, false, false, 'Consent obtained; devices to be set up'),
  ('RPM', 4, 'Device Setup', 4, false, false, 'Devices set up; readings expected'),
  ('RPM', 5, 'Active', 5, false, false, 'Sending readings under monitoring'),
  ('RPM', 6, 'On Hold', 6, true, false, 'Paused by the monitoring service; never chosen in the selector'),
  ('RPM', 7, 'Discharged', 7, false, false, 'Monitoring ended'),
  ('RPM', 8, 'Deceased', 8, false, false, 'The patient has died'),
  ('RPM', 9, 'Rejected', 9, false, false, 'Declined monitoring; reason and comment recorded'),
  ('RPM', 10, 'Transferred', 10, false, false, 'Moved to another practice or program'),
  ('RPM', 13, 'Not Eligible', 11, false, false, 'Rejected by the practice (insurance or clinical criteria)'),
  ('CCM', 1, 'Eligible', 1, false, false, 'May be enrolled in chronic care management'),
  ('CCM', 2, 'Enrolled', 2, false, true, 'Set when the care plan is created; not chosen in the selector'),
  ('CCM', 3, 'Active', 3, false, false, 'Receiving care management'),
  ('CCM', 4, 'Discharged', 4, false, false, 'Care management ended; discharge recorded'),
  ('CCM', 5, 'Declined', 5, false, false, 'Declined care management'),
  ('CCM', 6, 'On Hold', 6, true, false, 'Paused by the care team service; never chosen in the selector'),
  ('CCM', 30, 'Not Applicable', 30, false, false, 'Not a care-management patient (hides the CCM tab)'),
  ('BHI', 1, 'Eligible', 1, false, false, 'May be enrolled in behavioural health integration'),
  ('BHI', 2, 'Enrolled', 2, false, false, 'Enrolled in behavioural health integration'),
  ('BHI', 3, 'Active', 3, false, false, 'Receiving behavioural health care'),
  ('BHI', 4, 'Discharged', 4, false, false, 'Behavioural health care ended'),
  ('BHI', 5, 'Declined', 5, false, false, 'Declined behavioural health integration');

-- Every status change with what its dialog recorded (enrollment, rejected/reject reason, discharge).
create table patient_status_changes (
  change_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  program text not null check (program in ('RPM', 'CCM', 'BHI')),
  from_status integer,
  to_status integer not null,
  details jsonb,
  changed_by integer not null references users,
  acting_user_id integer references users,
  changed_at timestamptz not null
);
create index patient_status_changes_patient_id_idx on patient_status_changes (patient_id, program, changed_at);
create index patient_status_changes_changed_by_idx on patient_status_changes (changed_by);
create index patient_status_changes_acting_user_id_idx on patient_status_changes (acting_user_id);

-- ── Vitals: intervals, defaults, per-patient configuration (001 §2.6, §3, §7, §9) ─────────────────────────

-- A rule expects `interval` readings per Day, Week or Month (001 §3: interval, interval_type, fk_interval_id).
create table reading_intervals (
  interval_id integer primary key,
  interval_type text not null unique,
  days integer not null check (days > 0)
);
insert into reading_intervals (interval_id, interval_type, days) values (1, 'Day', 1), (2, 'Week', 7), (3, 'Month', 30);

-- Default bounds per role and vital (getVitalsDefaults). Role 5 holds the RPM protocol defaults (000 §6.2:
-- 'RPM Protocol Defaults' is role 5's); other roles fall back to them, then to the spec's 20/40/60/80 (001 §9).
-- The role-5 rows are clinical starting points for the demo, for a practice lead to edit.
create table vital_defaults (
  role_id integer not null references roles,
  vital_id integer not null references vitals,
  critical_low numeric(6, 1) not null,
  abnormal_low numeric(6, 1) not null,
  abnormal_high numeric(6, 1),
  critical_high numeric(6, 1),
  primary key (role_id, vital_id)
);
create index vital_defaults_vital_id_idx on vital_defaults (vital_id);
insert into vital_defaults (role_id, vital_id, critical_low, abnormal_low, abnormal_high, critical_high) values
  (5, 1, 90, 100, 140, 180),
  (5, 2, 50, 60, 90, 110),
  (5, 3, 40, 50, 110, 130),
  (5, 5, 0, 0, 5, 15),
  (5, 6, 54, 70, 180, 250),
  (5, 7, 85, 90, null, null),
  (5, 8, 2, 4, 20, 24),
  (5, 9, 0, 0, 24, 40);

-- The patient's vital configuration (addVitalConfigurations; the vital-threshold display of 001 §2.6).
create table patient_vital_thresholds (
  patient_id integer not null references patients on delete cascade,
  vital_id integer not null references vitals,
  critical_low numeric(6, 1) not null,
  abnormal_low numeric(6, 1) not null,
  abnormal_high numeric(6, 1),
  critical_high numeric(6, 1),
  updated_by integer not null references users,
  updated_at timestamptz not null,
  primary key (patient_id, vital_id)
);
create index patient_vital_thresholds_vital_id_idx on patient_vital_thresholds (vital_id);
create index patient_vital_thresholds_updated_by_idx on patient_vital_thresholds (updated_by);

-- Dry weight with the gain and loss that raise a weight alert (001 §2.6).
create table patient_weight_settings (
  patient_id integer primary key references patients on delete cascade,
  dry_weight numeric(6, 1) not null check (dry_weight > 0),
  gain numeric(6, 1) check (gain > 0),
  loss numeric(6, 1) check (loss > 0),
  updated_by integer not null references users,
  updated_at timestamptz not null
);
create index patient_weight_settings_updated_by_idx on patient_weight_settings (updated_by);

-- ── Notification rules (001 §2.2, §3, §4, §5) ─────────────────────────────────────────────────────────────

-- One rule watches one device assignment. Status 1 active, 2 inactive. Active rules of one assignment never
-- overlap in dates (checked by the BFF under a lock on the assignment row). interval_count is the spec's
-- `interval` (a type name in SQL).
create table notification_rules (
  notification_rule_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  device_assign_id integer not null references device_assignments,
  interval_id integer not null references reading_intervals,
  interval_count integer not null check (interval_count between 1 and 100),
  start_date date not null,
  end_date date not null,
  status integer not null check (status in (1, 2)),
  notification_mode text not null check (notification_mode in ('sms', 'ivr', 'sms_ivr')),
  notification_note text not null default '',
  sms_miss integer not null check (sms_miss between 1 and 365),
  call_miss integer not null check (call_miss between 1 and 365),
  gain numeric(6, 1) check (gain > 0),
  loss numeric(6, 1) check (loss > 0),
  previous_rule_id integer references notification_rules,
  created_by integer not null references users,
  created_at timestamptz not null,
  updated_by integer not null references users,
  updated_at timestamptz not null,
  terminated_by integer references users,
  terminated_at timestamptz,
  check (end_date > start_date),
  check ((terminated_at is null) = (terminated_by is null))
);
create index notification_rules_patient_id_idx on notification_rules (patient_id, end_date);
create index notification_rules_device_assign_id_idx on notification_rules (device_assign_id, status);
create index notification_rules_active_idx on notification_rules (status, start_date, end_date) where status = 1;
create index notification_rules_interval_id_idx on notification_rules (interval_id);
create index notification_rules_previous_rule_id_idx on notification_rules (previous_rule_id);
create index notification_rules_created_by_idx on notification_rules (created_by);
create index notification_rules_updated_by_idx on notification_rules (updated_by);
create index notification_rules_terminated_by_idx on notification_rules (terminated_by);

-- A rule's bounds per vital; spo2 has no high bounds (001 §2.6).
create table notification_rule_vitals (
  notification_rule_id integer not null references notification_rules on delete cascade,
  vital_id integer not null references vitals,
  critical_low numeric(6, 1) not null,
  abnormal_low numeric(6, 1) not null,
  abnormal_high numeric(6, 1),
  critical_high numeric(6, 1),
  primary key (notification_rule_id, vital_id)
);
create index notification_rule_vitals_vital_id_idx on notification_rule_vitals (vital_id);

-- ── Reading intake ────────────────────────────────────────────────────────────────────────────────────────

-- Keys of device vendors (header x-device-key). Only a SHA-256 of the key is stored: keys are long random
-- strings, so a fast hash is enough. organization_id null: the key may post for devices of every organisation.
create table device_vendor_keys (
  key_id integer generated always as identity primary key,
  vendor_name text not null,
  key_hash text not null unique check (key_hash ~ '^[0-9a-f]{64}$'),
  organization_id integer references organizations,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index device_vendor_keys_organization_id_idx on device_vendor_keys (organization_id);

-- Every measurement received, once: the unique key on device + time makes a retry a no-op (ON CONFLICT); the
-- retry is answered with the readings of the assignment at that time, which are the first delivery's.
create table reading_messages (
  message_id bigint generated always as identity primary key,
  inventory_id integer not null references devices,
  taken_at timestamptz not null,
  device_assign_id integer not null references device_assignments,
  key_id integer not null references device_vendor_keys,
  payload_hash text not null,
  received_at timestamptz not null,
  constraint reading_messages_device_time_key unique (inventory_id, taken_at)
);
create index reading_messages_device_assign_id_idx on reading_messages (device_assign_id);
create index reading_messages_key_id_idx on reading_messages (key_id);

-- ── Alerts ────────────────────────────────────────────────────────────────────────────────────────────────

-- A reading beyond a bound of the rule in force. One alert per reading at most (unique), so a reading is never
-- alerted twice, and an acknowledged alert stays acknowledged.
create table alerts (
  alert_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  reading_id bigint not null unique references readings,
  notification_rule_id integer references notification_rules,
  vital_id integer not null references vitals,
  level text not null check (level in ('abnormal', 'critical')),
  direction text not null check (direction in ('low', 'high')),
  value numeric not null,
  bound numeric not null,
  taken_at timestamptz not null,
  created_at timestamptz not null,
  acknowledged_at timestamptz,
  acknowledged_by integer references users,
  check ((acknowledged_at is null) = (acknowledged_by is null))
);
create index alerts_patient_id_idx on alerts (patient_id, created_at);
create index alerts_open_patient_id_idx on alerts (patient_id) where acknowledged_at is null;
create index alerts_notification_rule_id_idx on alerts (notification_rule_id);
create index alerts_vital_id_idx on alerts (vital_id);
create index alerts_acknowledged_by_idx on alerts (acknowledged_by);

-- ── Missed-reading outreach (001 §3 sms_miss, call_miss) ──────────────────────────────────────────────────

-- One task per rule, kind and streak of silence (streak_start: the last reading, or the rule's start).
create table missed_reading_outreach (
  outreach_id integer generated always as identity primary key,
  notification_rule_id integer not null references notification_rules,
  kind text not null check (kind in ('sms', 'call')),
  streak_start timestamptz not null,
  task_id integer references tasks,
  created_at timestamptz not null,
  constraint missed_reading_outreach_streak_key unique (notification_rule_id, kind, streak_start)
);
create index missed_reading_outreach_task_id_idx on missed_reading_outreach (task_id);

-- ── Activity timer and notes ──────────────────────────────────────────────────────────────────────────────

-- The chart's timer, measured on the server's clock; one running timer per user.
create table activity_timers (
  timer_id integer generated always as identity primary key,
  user_id integer not null references users,
  acting_user_id integer references users,
  patient_id integer not null references patients,
  program text not null check (program in ('RPM', 'CCM')),
  started_at timestamptz not null,
  stopped_at timestamptz,
  time_log_id integer references time_logs,
  check (stopped_at is null or stopped_at >= started_at)
);
create unique index activity_timers_running_key on activity_timers (user_id) where stopped_at is null;
create index activity_timers_user_id_idx on activity_timers (user_id);
create index activity_timers_acting_user_id_idx on activity_timers (acting_user_id);
create index activity_timers_patient_id_idx on activity_timers (patient_id);
create index activity_timers_time_log_id_idx on activity_timers (time_log_id);

create table patient_notes (
  note_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  author_id integer not null references users,
  acting_user_id integer references users,
  note text not null check (length(note) between 1 and 5000),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index patient_notes_patient_id_idx on patient_notes (patient_id, created_at);
create index patient_notes_author_id_idx on patient_notes (author_id);
create index patient_notes_acting_user_id_idx on patient_notes (acting_user_id);
