-- Sleep consults and sleep appointments (000 §2.4 Sleep Consults, Sleep Appointments; the
-- Technician Calendar, 000 §2.2). Codes are the spec's (001 §2.4): consult types 1 Evaluation, 2 Impression,
-- 3 Evaluation & Impression, 4 Insertion, 5 Follow up; statuses 2 Scheduled, 3 Completed, 4 No Show,
-- 6 Connectivity Issue. A cancelled visit keeps its row (cancelled_at) and leaves the lists and the calendar.

-- A consult with a sleep physician.
create table sleep_consults (
  consult_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  physician_id integer not null references users,
  consult_type smallint not null check (consult_type between 1 and 5),
  status smallint not null default 2 check (status in (2, 3, 4, 6)),
  scheduled_at timestamptz not null,
  duration_minutes smallint not null check (duration_minutes between 5 and 480),
  notes text not null default '' check (length(notes) <= 1000),
  created_by integer not null references users,
  created_at timestamptz not null,
  updated_by integer not null references users,
  updated_at timestamptz not null,
  cancelled_by integer references users,
  cancelled_at timestamptz,
  check ((cancelled_by is null) = (cancelled_at is null))
);
create index sleep_consults_patient_id_idx on sleep_consults (patient_id);
create index sleep_consults_physician_id_idx on sleep_consults (physician_id);
create index sleep_consults_scheduled_at_idx on sleep_consults (scheduled_at) where cancelled_at is null;
create index sleep_consults_created_by_idx on sleep_consults (created_by);
create index sleep_consults_updated_by_idx on sleep_consults (updated_by);
create index sleep_consults_cancelled_by_idx on sleep_consults (cancelled_by);

-- An appointment with a sleep technician (device set-up, titration, download, mask fitting...).
create table sleep_appointments (
  appointment_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  technician_id integer not null references users,
  status smallint not null default 2 check (status in (2, 3, 4, 6)),
  scheduled_at timestamptz not null,
  duration_minutes smallint not null check (duration_minutes between 5 and 480),
  notes text not null default '' check (length(notes) <= 1000),
  created_by integer not null references users,
  created_at timestamptz not null,
  updated_by integer not null references users,
  updated_at timestamptz not null,
  cancelled_by integer references users,
  cancelled_at timestamptz,
  check ((cancelled_by is null) = (cancelled_at is null))
);
create index sleep_appointments_patient_id_idx on sleep_appointments (patient_id);
create index sleep_appointments_technician_id_idx on sleep_appointments (technician_id);
create index sleep_appointments_scheduled_at_idx on sleep_appointments (scheduled_at) where cancelled_at is null;
create index sleep_appointments_created_by_idx on sleep_appointments (created_by);
create index sleep_appointments_updated_by_idx on sleep_appointments (updated_by);
create index sleep_appointments_cancelled_by_idx on sleep_appointments (cancelled_by);

-- Both kinds of visit as one relation for reading (the lists, the calendar); writes go to the tables.
create view sleep_visits as
  select 'consult'::text as kind, consult_id as visit_id, patient_id, physician_id as staff_id, consult_type,
    status, scheduled_at, duration_minutes, notes, cancelled_at
  from sleep_consults
  union all
  select 'appointment'::text, appointment_id, patient_id, technician_id, null::smallint, status, scheduled_at,
    duration_minutes, notes, cancelled_at
  from sleep_appointments;
