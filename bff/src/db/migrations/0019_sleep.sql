-- Sleep and dental studies (000 §2.4 Sleep Tests, Sleep Tests Co-Read, Pulse Oximetry Tests, Spirometry
-- Test, Sleep Lab Table; 000 §6.2 Custom Interpretation Config): studies, their interpretations and the templates.

-- Templates of Custom Interpretation Config, per kind of study; organisation null: offered to every organisation.
create table interpretation_templates (
  template_id integer generated always as identity primary key,
  kind text not null check (kind in ('hst', 'psg', 'oximetry', 'spirometry')),
  name text not null check (length(name) between 1 and 100),
  findings text not null default '' check (length(findings) <= 4000),
  impression text not null default '' check (length(impression) <= 4000),
  recommendations text not null default '' check (length(recommendations) <= 4000),
  organization_id integer references organizations,
  created_by integer not null references users,
  created_at timestamptz not null,
  active boolean not null default true
);
create index interpretation_templates_kind_idx on interpretation_templates (kind) where active;
create index interpretation_templates_organization_id_idx on interpretation_templates (organization_id);
create index interpretation_templates_created_by_idx on interpretation_templates (created_by);

-- A study ordered for a patient: home sleep test (HST), in-lab polysomnography (PSG), overnight pulse oximetry or
-- spirometry. Status: ordered -> recorded -> awaiting_interpretation -> interpreted -> co_read.
create table sleep_studies (
  study_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  kind text not null check (kind in ('hst', 'psg', 'oximetry', 'spirometry')),
  status text not null check (status in ('ordered', 'recorded', 'awaiting_interpretation', 'interpreted', 'co_read')),
  ordering_physician_id integer references users,
  -- The reading (interpreting) physician assigned; a co-read adds a second reader on the interpretation.
  reader_id integer references users,
  needs_co_read boolean not null default false,
  device text check (length(device) <= 100),
  ordered_at timestamptz not null,
  -- The night (or day, for spirometry) the study was recorded.
  recorded_on date,
  -- Summary measures, null until recorded or not measured by the kind:
  ahi numeric(5, 1) check (ahi >= 0),                 -- apnea-hypopnea index, events per hour of sleep
  rdi numeric(5, 1) check (rdi >= 0),                 -- respiratory disturbance index, events per hour
  odi numeric(5, 1) check (odi >= 0),                 -- oxygen desaturation index (>= 3 %), events per hour
  spo2_nadir smallint check (spo2_nadir between 0 and 100),        -- lowest SpO2, percent
  spo2_mean numeric(4, 1) check (spo2_mean between 0 and 100),      -- mean SpO2, percent
  t88_minutes integer check (t88_minutes >= 0),       -- time with SpO2 below 88 %, minutes
  total_sleep_minutes integer check (total_sleep_minutes between 0 and 1440),  -- total sleep time, minutes
  sleep_efficiency numeric(4, 1) check (sleep_efficiency between 0 and 100),    -- TST / time in bed, percent
  fev1_l numeric(4, 2) check (fev1_l >= 0),           -- spirometry: forced expiratory volume in 1 s, litres
  fvc_l numeric(4, 2) check (fvc_l >= 0),             -- spirometry: forced vital capacity, litres
  created_at timestamptz not null,
  check (status = 'ordered' or recorded_on is not null)
);
create index sleep_studies_patient_id_idx on sleep_studies (patient_id);
create index sleep_studies_kind_status_idx on sleep_studies (kind, status, recorded_on);
create index sleep_studies_ordering_physician_id_idx on sleep_studies (ordering_physician_id);
create index sleep_studies_reader_id_idx on sleep_studies (reader_id);

-- A study's interpretation: drafted, signed by the reading physician, co-signed by a second reader for co-reads.
create table sleep_interpretations (
  study_id integer primary key references sleep_studies,
  template_id integer references interpretation_templates,
  findings text not null default '' check (length(findings) <= 4000),
  impression text not null default '' check (length(impression) <= 4000),
  recommendations text not null default '' check (length(recommendations) <= 4000),
  updated_by integer not null references users,
  updated_at timestamptz not null,
  signed_by integer references users,
  signed_at timestamptz,
  co_reader_id integer references users,
  co_signed_at timestamptz,
  check ((signed_by is null) = (signed_at is null)),
  check ((co_reader_id is null) = (co_signed_at is null)),
  check (co_signed_at is null or signed_at is not null),
  check (co_reader_id is null or co_reader_id <> signed_by)
);
create index sleep_interpretations_template_id_idx on sleep_interpretations (template_id);
create index sleep_interpretations_updated_by_idx on sleep_interpretations (updated_by);
create index sleep_interpretations_signed_by_idx on sleep_interpretations (signed_by);
create index sleep_interpretations_co_reader_id_idx on sleep_interpretations (co_reader_id);
