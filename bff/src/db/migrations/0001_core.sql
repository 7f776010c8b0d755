-- Core schema: reference data, organisations, staff and access, sessions, patients, devices, readings, logged
-- time, notifications, tasks, audit. Runs unchanged on PostgreSQL 15+ and PGlite (PostgreSQL 18): no extensions.
-- Conventions: integer identity keys; timestamptz; every foreign-key column is indexed (alone or leading a
-- composite index); CHECK constraints where the set of values is fixed.

-- ── Reference data ────────────────────────────────────────────────────────────────────────────────────────

-- Role ids of spec 000 §6. The spec never shows role names, so the labels are neutral (7 is the patient role).
create table roles (
  role_id integer primary key,
  role text not null unique
);
insert into roles (role_id, role) values
  (1, 'Role 1'), (2, 'Role 2'), (3, 'Role 3'), (5, 'Role 5'), (6, 'Role 6'), (7, 'Patient'), (8, 'Role 8'),
  (9, 'Role 9'), (10, 'Role 10'), (11, 'Role 11'), (13, 'Role 13'), (14, 'Role 14'), (15, 'Role 15'),
  (16, 'Role 16'), (17, 'Role 17'), (18, 'Role 18'), (20, 'Role 20');

-- The access list ("pages") of each role: the page names of spec 000 §2.3/§2.4 that gate routes, menus and API.
create table role_pages (
  role_id integer not null references roles on delete cascade,
  page text not null,
  primary key (role_id, page)
);

-- Spec 000 §9: 1 is the default language (no translation), 2 Arabic, 3 Spanish.
create table languages (
  language_id integer primary key,
  language text not null unique
);
insert into languages (language_id, language) values (1, 'English'), (2, 'Arabic'), (3, 'Spanish');

create table programs (
  program_id integer primary key,
  program_name text not null unique check (program_name in ('RPM', 'CCM', 'BHI', 'PCM', 'RTM'))
);
insert into programs (program_id, program_name) values (1, 'RPM'), (2, 'CCM'), (3, 'BHI'), (4, 'PCM'), (5, 'RTM');

-- Type 2 is the weight scale: spec 001 §2.2 disables 'Monitoring Levels' for device type 2, and weight is the
-- one device alerted by gain/loss against dry weight (001 §2.6) rather than by per-vital thresholds.
create table device_types (
  device_type_id integer primary key,
  device_type text not null unique,
  icon text not null
);
insert into device_types (device_type_id, device_type, icon) values
  (1, 'Blood Pressure', 'bp.png'),
  (2, 'Weight Scale', 'weight.png'),
  (3, 'Glucometer', 'glucometer.png'),
  (4, 'Pulse Oximeter', 'pulse-oximeter.png'),
  (5, 'CPAP', 'cpap.png');

-- Vital 5 is AHI: spec 001 §9 names vital 5 as the sleep-apnea type whose high bounds default to 100.
create table vitals (
  vital_id integer primary key,
  vital_type text not null unique,
  device_type_id integer not null references device_types,
  unit text not null
);
create index vitals_device_type_id_idx on vitals (device_type_id);
insert into vitals (vital_id, vital_type, device_type_id, unit) values
  (1, 'systolic', 1, 'mmHg'),
  (2, 'diastolic', 1, 'mmHg'),
  (3, 'pulse', 1, 'bpm'),
  (4, 'weight', 2, 'lbs'),
  (5, 'ahi', 5, 'events/h'),
  (6, 'blood glucose', 3, 'mg/dL'),
  (7, 'spo2', 4, '%'),
  (8, 'usage', 5, 'hours'),
  (9, 'leaks', 5, 'L/min');

create table app_config (
  config_key text primary key,
  value text not null
);
insert into app_config (config_key, value) values ('rpm_version', '1.0.0');

-- ── Organisations and staff ───────────────────────────────────────────────────────────────────────────────

create table users (
  user_id integer generated always as identity primary key,
  -- The sign-in name is an e-mail address, stored lower-cased (spec 000 §2.5 lowercases before sending).
  username text not null unique check (username = lower(username)),
  password_hash text not null,
  firstname text not null,
  lastname text not null,
  dob date,
  mobile text,
  phone text,
  fax text,
  profile_img text,
  aws_link text,
  is_dentist boolean not null default false,
  is_sleeplab_user boolean not null default false,
  is_onboarding boolean not null default false,
  is_interpreting_prac boolean not null default false,
  only_co_read boolean not null default false,
  is_external_care_coord boolean not null default false,
  is_external_sleep_coord boolean not null default false,
  dme_id integer,
  interpreting_physician_id integer references users,
  company_id integer,
  organization_id integer, -- the user's home organisation; foreign key added below (organizations references users)
  change_password boolean not null default false,
  password_changed_at timestamptz not null default now(),
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create index users_interpreting_physician_id_idx on users (interpreting_physician_id);
create index users_organization_id_idx on users (organization_id);

create table organizations (
  organization_id integer generated always as identity primary key,
  organization_name text not null,
  organization_details text not null,
  description_language_id integer not null default 1 references languages,
  translated_details text,
  created_by integer not null references users,
  modified_by integer references users,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Spec 000 §4.7 compares names case-insensitively after trimming: two organisations may not differ only so.
create unique index organizations_name_key on organizations (lower(btrim(organization_name)));
create index organizations_description_language_id_idx on organizations (description_language_id);
create index organizations_created_by_idx on organizations (created_by);
create index organizations_modified_by_idx on organizations (modified_by);

alter table users add constraint users_organization_id_fkey foreign key (organization_id) references organizations;

create table practices (
  practice_id integer generated always as identity primary key,
  organization_id integer not null references organizations,
  practice_name text not null
);
create index practices_organization_id_idx on practices (organization_id);

create table locations (
  location_id integer generated always as identity primary key,
  practice_id integer not null references practices,
  location_name text not null
);
create index locations_practice_id_idx on locations (practice_id);

create table location_programs (
  location_id integer not null references locations on delete cascade,
  program_id integer not null references programs,
  primary key (location_id, program_id)
);
create index location_programs_program_id_idx on location_programs (program_id);

create table user_roles (
  user_id integer not null references users on delete cascade,
  role_id integer not null references roles,
  primary key (user_id, role_id)
);
create index user_roles_role_id_idx on user_roles (role_id);

-- Practice memberships; a null location means every location of the practice.
create table user_practices (
  user_practice_id integer generated always as identity primary key,
  user_id integer not null references users on delete cascade,
  practice_id integer not null references practices,
  location_id integer references locations,
  constraint user_practices_membership_key unique nulls not distinct (user_id, practice_id, location_id)
);
create index user_practices_practice_id_idx on user_practices (practice_id);
create index user_practices_location_id_idx on user_practices (location_id);

create table user_programs (
  user_id integer not null references users on delete cascade,
  program_id integer not null references programs,
  primary key (user_id, program_id)
);
create index user_programs_program_id_idx on user_programs (program_id);

-- ── Sign-in ───────────────────────────────────────────────────────────────────────────────────────────────

-- A server-side session. Only hashes of the token and cookie are stored. acting_user_id is the administrator
-- behind a temporary login (spec 000 §4.4).
create table sessions (
  session_id bigint generated always as identity primary key,
  user_id integer not null references users,
  token_hash text not null unique,
  cookie_hash text not null,
  created_at timestamptz not null default now(),
  last_activity_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ended_at timestamptz,
  end_reason text check (end_reason in ('logout', 'replaced', 'expired', 'idle')),
  acting_user_id integer references users,
  ip text,
  user_agent text,
  check ((ended_at is null) = (end_reason is null))
);
create index sessions_user_id_idx on sessions (user_id, created_at);
create index sessions_open_user_id_idx on sessions (user_id) where ended_at is null;
create index sessions_acting_user_id_idx on sessions (acting_user_id);

-- Failed sign-ins, counted per user name and per client for rate limiting.
create table login_failures (
  id bigint generated always as identity primary key,
  username text not null,
  client text not null,
  failed_at timestamptz not null default now()
);
create index login_failures_username_idx on login_failures (username, failed_at);
create index login_failures_client_idx on login_failures (client, failed_at);

-- Captcha solutions already used (each is good once until it expires).
create table captcha_used (
  signature text primary key,
  expires_at timestamptz not null
);
create index captcha_used_expires_at_idx on captcha_used (expires_at);

-- ── Patients and devices ──────────────────────────────────────────────────────────────────────────────────

-- Status codes are integers whose lists come from the server (spec 001 §3, contents not shown); see schema.ts.
create table patients (
  patient_id integer generated always as identity primary key,
  organization_id integer not null references organizations,
  practice_id integer not null references practices,
  location_id integer not null references locations,
  firstname text not null,
  lastname text not null,
  dob date not null,
  gender text not null check (gender in ('M', 'F', 'O', 'U')),
  mobile text,
  phone text,
  language_id integer not null default 1 references languages,
  diagnosis_code text,
  rpm_status integer not null default 1,
  ccm_status integer,
  bhi_status integer,
  health_med_id text,
  setup_date date,
  auth_number text,
  physician_id integer references users,
  care_coordinator_id integer references users,
  -- Spec 001 §9: CCM type 1 bills 30/60 minutes (99426/99427), any other type 20/40 (99490/99439).
  ccm_type integer not null default 2 check (ccm_type in (1, 2)),
  reject_reason text,
  reject_comment text,
  created_at timestamptz not null default now()
);
create index patients_organization_id_idx on patients (organization_id);
create index patients_practice_id_idx on patients (practice_id);
create index patients_location_id_idx on patients (location_id);
create index patients_language_id_idx on patients (language_id);
create index patients_physician_id_idx on patients (physician_id);
create index patients_care_coordinator_id_idx on patients (care_coordinator_id);
create index patients_name_idx on patients (lower(lastname), lower(firstname));

-- Inventory. organization_id is null while a device is in stock, not yet allocated to an organisation.
create table devices (
  inventory_id integer generated always as identity primary key,
  imei text not null unique,
  device_type_id integer not null references device_types,
  device_name text not null,
  organization_id integer references organizations,
  status text not null default 'available' check (status in ('available', 'assigned', 'deactivated'))
);
create index devices_device_type_id_idx on devices (device_type_id);
create index devices_organization_id_idx on devices (organization_id, status);

create table device_assignments (
  device_assign_id integer generated always as identity primary key,
  inventory_id integer not null references devices,
  patient_id integer not null references patients,
  assigned_at timestamptz not null default now(),
  unassigned_at timestamptz,
  check (unassigned_at is null or unassigned_at >= assigned_at)
);
-- A device is with at most one patient at a time.
create unique index device_assignments_current_key on device_assignments (inventory_id) where unassigned_at is null;
create index device_assignments_inventory_id_idx on device_assignments (inventory_id);
create index device_assignments_patient_id_idx on device_assignments (patient_id);

-- One row per vital value; a blood-pressure measurement is three rows with the same taken_at.
create table readings (
  reading_id bigint generated always as identity primary key,
  patient_id integer not null references patients,
  device_assign_id integer not null references device_assignments,
  vital_id integer not null references vitals,
  value numeric not null,
  taken_at timestamptz not null
);
create index readings_patient_id_taken_at_idx on readings (patient_id, taken_at);
create index readings_device_assign_id_idx on readings (device_assign_id);
create index readings_vital_id_idx on readings (vital_id);

-- ── Care work ─────────────────────────────────────────────────────────────────────────────────────────────

-- Minutes of care logged against a program; billing counts them per patient per month.
create table time_logs (
  time_log_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  user_id integer not null references users,
  program text not null check (program in ('RPM', 'CCM', 'BHI', 'PCM', 'RTM')),
  seconds integer not null check (seconds > 0),
  logged_at timestamptz not null default now(),
  note text
);
create index time_logs_patient_id_logged_at_idx on time_logs (patient_id, logged_at);
create index time_logs_user_id_idx on time_logs (user_id);

-- Bell notifications (spec 000 §2.8): HTML message, read when opened, cleared by 'clear all'.
create table notifications (
  notification_id integer generated always as identity primary key,
  user_id integer not null references users,
  patient_id integer references patients,
  device_type_id integer references device_types,
  notification_message text not null,
  created_by integer references users,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  cleared_at timestamptz
);
create index notifications_user_id_idx on notifications (user_id, created_at);
create index notifications_open_user_id_idx on notifications (user_id) where cleared_at is null;
create index notifications_patient_id_idx on notifications (patient_id);
create index notifications_device_type_id_idx on notifications (device_type_id);
create index notifications_created_by_idx on notifications (created_by);

create table tasks (
  task_id integer generated always as identity primary key,
  assigned_to integer not null references users,
  patient_id integer references patients,
  title text not null,
  description text,
  status text not null default 'open' check (status in ('open', 'in_progress', 'completed')),
  due_at timestamptz,
  completed_at timestamptz,
  created_by integer not null references users,
  created_at timestamptz not null default now(),
  check ((status = 'completed') = (completed_at is not null))
);
create index tasks_assigned_to_idx on tasks (assigned_to);
-- The incomplete-task badge (spec 000 §7, polled every 10 minutes).
create index tasks_open_assigned_to_idx on tasks (assigned_to) where status <> 'completed';
create index tasks_patient_id_idx on tasks (patient_id);
create index tasks_created_by_idx on tasks (created_by);

-- Check-in entries made when roles 6, 8 and 13 open a patient chart (spec 000 §4.6).
create table check_ins (
  check_in_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  user_id integer not null references users,
  created_at timestamptz not null default now()
);
create index check_ins_patient_id_idx on check_ins (patient_id, created_at);
create index check_ins_user_id_idx on check_ins (user_id);

-- Every write records who did it; during a temporary login both identities.
create table audit_log (
  audit_id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  user_id integer references users,
  acting_user_id integer references users,
  action text not null,
  entity text not null,
  entity_id text,
  detail jsonb,
  ip text
);
create index audit_log_at_idx on audit_log (at);
create index audit_log_user_id_idx on audit_log (user_id);
create index audit_log_acting_user_id_idx on audit_log (acting_user_id);
create index audit_log_entity_idx on audit_log (entity, entity_id);
