-- decisions.md "Re-alert suppression": an acknowledged alert holds further readings of its rule, vital and direction
-- (at its level or below) until a reading of that vital comes back in range; each held reading is kept and marked.
create table alert_suppressions (
  patient_id integer not null references patients,
  notification_rule_id integer not null references notification_rules,
  vital_id integer not null references vitals,
  direction text not null check (direction in ('low', 'high')),
  -- The highest level acknowledged: a reading beyond it (critical after an abnormal) still raises.
  level text not null check (level in ('abnormal', 'critical')),
  -- The acknowledged alert that holds the readings.
  alert_id integer not null references alerts,
  created_at timestamptz not null,
  primary key (patient_id, notification_rule_id, vital_id, direction)
);

-- Readings out of range that raised no alert because an acknowledged one held them.
create table suppressed_readings (
  reading_id bigint primary key references readings,
  alert_id integer not null references alerts,
  created_at timestamptz not null
);
create index suppressed_readings_alert_idx on suppressed_readings (alert_id);
