-- The user-menu defaults pages (000 §2.2, §6.2; decisions.md "RPM Protocol Defaults",
-- "Notes Defaults", "Insurance Defaults").

-- RPM Protocol Defaults: what an organisation's new patients start from. Without a row, role 5's vital_defaults
-- and the CPT 99454 target apply.
create table organization_protocol_defaults (
  organization_id integer primary key references organizations,
  reading_days integer not null check (reading_days between 1 and 31),
  check_in_frequency text not null check (check_in_frequency in ('weekly', 'biweekly', 'monthly')),
  updated_by integer not null references users,
  updated_at timestamptz not null
);
create index organization_protocol_defaults_updated_by_idx on organization_protocol_defaults (updated_by);
create table organization_protocol_vitals (
  organization_id integer not null references organization_protocol_defaults on delete cascade,
  vital_id integer not null references vitals,
  critical_low numeric(6, 1) not null,
  abnormal_low numeric(6, 1) not null,
  abnormal_high numeric(6, 1),
  critical_high numeric(6, 1),
  primary key (organization_id, vital_id)
);
create index organization_protocol_vitals_vital_id_idx on organization_protocol_vitals (vital_id);

-- Notes Defaults: the user's default note category and comment.
create table user_note_defaults (
  user_id integer primary key references users on delete cascade,
  category_id integer references note_categories,
  comment_id integer references note_comments,
  updated_at timestamptz not null
);
create index user_note_defaults_category_id_idx on user_note_defaults (category_id);
create index user_note_defaults_comment_id_idx on user_note_defaults (comment_id);

-- Insurance Defaults: an organisation's default plan (one it accepts).
create table organization_insurance_defaults (
  organization_id integer primary key references organizations,
  plan_id integer references insurance_plans,
  updated_by integer not null references users,
  updated_at timestamptz not null
);
create index organization_insurance_defaults_plan_id_idx on organization_insurance_defaults (plan_id);
create index organization_insurance_defaults_updated_by_idx on organization_insurance_defaults (updated_by);
