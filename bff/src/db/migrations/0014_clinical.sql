-- The chart's Clinical tab: diagnoses (ICD-10-CM), medications and allergies. Rows are never deleted:
-- a resolved diagnosis, a stopped medication and an inactive allergy stay listed (decisions.md "Clinical history").
-- The patient's primary diagnosis is the source of patients.diagnosis_code, which the billing report and the lists
-- read; the clinical store writes both in one transaction (decisions.md "Primary diagnosis feeds billing").

create table patient_diagnoses (
  diagnosis_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  icd10_code text not null check (icd10_code ~ '^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$'),
  description text not null check (length(description) between 1 and 200),
  is_primary boolean not null default false,
  resolved_at timestamptz,
  -- null: recorded before this table existed (the backfill below).
  added_by integer references users,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check (not (is_primary and resolved_at is not null))
);
create index patient_diagnoses_patient_id_idx on patient_diagnoses (patient_id);
create index patient_diagnoses_added_by_idx on patient_diagnoses (added_by);
-- One primary diagnosis per patient; one open row per code.
create unique index patient_diagnoses_primary_idx on patient_diagnoses (patient_id) where is_primary;
create unique index patient_diagnoses_open_code_idx on patient_diagnoses (patient_id, icd10_code)
  where resolved_at is null;
-- The codes patients already carry become their primary diagnosis, so billing and the tab agree from the start.
insert into patient_diagnoses (patient_id, icd10_code, description, is_primary, added_by, created_at, updated_at)
select patient_id, upper(diagnosis_code), 'Diagnosis code recorded at enrolment', true, null, created_at, created_at
from patients
where upper(diagnosis_code) ~ '^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$';

create table patient_medications (
  medication_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  name text not null check (length(name) between 1 and 100),
  dose text not null check (length(dose) between 1 and 50),
  frequency text not null check (length(frequency) between 1 and 50),
  start_date date not null,
  stop_date date,
  added_by integer not null references users,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check (stop_date is null or stop_date >= start_date)
);
create index patient_medications_patient_id_idx on patient_medications (patient_id);
create index patient_medications_added_by_idx on patient_medications (added_by);

create table patient_allergies (
  allergy_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  substance text not null check (length(substance) between 1 and 100),
  reaction text not null check (length(reaction) between 1 and 200),
  severity text not null check (severity in ('mild', 'moderate', 'severe')),
  active boolean not null default true,
  added_by integer not null references users,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index patient_allergies_patient_id_idx on patient_allergies (patient_id);
create index patient_allergies_added_by_idx on patient_allergies (added_by);
