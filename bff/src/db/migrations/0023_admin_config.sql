-- Notification Defaults (000 §2.2, §6.2; decisions.md "Notification defaults"): a user's own default bounds per
-- vital, which getVitalsDefaults answers before the role's and the protocol's. Each user changes only their own.
create table user_vital_defaults (
  user_id integer not null references users on delete cascade,
  vital_id integer not null references vitals,
  critical_low numeric(6, 1) not null,
  abnormal_low numeric(6, 1) not null,
  abnormal_high numeric(6, 1),
  critical_high numeric(6, 1),
  updated_at timestamptz not null,
  primary key (user_id, vital_id)
);
create index user_vital_defaults_vital_id_idx on user_vital_defaults (vital_id);
