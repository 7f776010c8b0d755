-- Billing (spec 001 §2.1, §3, §9; DESIGN.md "Data": billing is computed from data, priced from the insurance
-- default amounts). The billing page never reads raw readings: it reads patient_month_summary, kept up to date in
-- the same transaction as every reading, time log and device assignment (bff/src/billing/summary.ts).

-- ── Prices ────────────────────────────────────────────────────────────────────────────────────────────────

-- The insurance default amount of each code from a date of service on. The rows below are DEMO DEFAULTS: rounded
-- national-average Medicare amounts of the CY2025 and CY2026 Physician Fee Schedules, for an administrator to edit
-- ('Insurances Default Amount Table'). The first set applies from 2020, the first billing year (001 §9).
create table insurance_default_amounts (
  cpt_code text not null check (cpt_code ~ '^[0-9]{5}$'),
  amount numeric(10, 2) not null check (amount >= 0),
  effective_from date not null,
  primary key (cpt_code, effective_from)
);
insert into insurance_default_amounts (cpt_code, amount, effective_from) values
  ('99453', 19.73, '2020-01-01'),
  ('99454', 43.02, '2020-01-01'),
  ('99457', 47.87, '2020-01-01'),
  ('99458', 38.49, '2020-01-01'),
  ('98980', 49.04, '2020-01-01'),
  ('98981', 39.65, '2020-01-01'),
  ('99490', 60.49, '2020-01-01'),
  ('99439', 45.93, '2020-01-01'),
  ('99426', 60.32, '2020-01-01'),
  ('99427', 45.03, '2020-01-01'),
  ('99453', 22.10, '2026-01-01'),
  ('99454', 47.20, '2026-01-01'),
  ('99445', 47.20, '2026-01-01'),
  ('99457', 52.10, '2026-01-01'),
  ('99470', 26.05, '2026-01-01'),
  ('99458', 41.40, '2026-01-01'),
  ('98980', 50.50, '2026-01-01'),
  ('98981', 40.10, '2026-01-01'),
  ('99490', 62.05, '2026-01-01'),
  ('99439', 47.20, '2026-01-01'),
  ('99426', 61.80, '2026-01-01'),
  ('99427', 46.30, '2026-01-01');

-- ── Device episodes ───────────────────────────────────────────────────────────────────────────────────────

-- The start of each device episode, 99453 being billed once per episode (decisions.md "Device episodes"), in UTC
-- calendar days (decisions.md "UTC days").
create view device_episodes as
select patient_id, (assigned_at at time zone 'UTC')::date as episode_start
from (
  select patient_id, assigned_at,
    max(coalesce(unassigned_at, 'infinity'::timestamptz)) over (
      partition by patient_id order by assigned_at, device_assign_id
      rows between unbounded preceding and 1 preceding
    ) as covered_until
  from device_assignments
) assignments
where covered_until is null or covered_until < assigned_at - interval '30 days';

-- ── Per patient per month ─────────────────────────────────────────────────────────────────────────────────

-- How the report sorts patient names: 'lastname, firstname', lower-cased (the name the report shows, 001 §2.1).
create function billing_sort_name(lastname text, firstname text) returns text
  language sql immutable parallel safe
  as $$ select lower(lastname) || ', ' || lower(firstname) $$;

-- Distinct days with a reading: inserting a day that is already there is a no-op, so the month's reading_days
-- grows only on a patient's first reading of a day.
create table patient_reading_days (
  patient_id integer not null references patients on delete cascade,
  day date not null,
  primary key (patient_id, day)
);

-- One row per patient and calendar month with any reading, logged minutes or device set-up. The patient's place
-- and sort name are copied here (and follow the patient, see the trigger below) so each sort key of the report has
-- an index within a practice and month. The *_cpt columns are the codes of shared/src/billing (RPM and RTM: they
-- depend on this row alone), written by summary.ts together with the counts they come from.
create table patient_month_summary (
  id integer generated always as identity primary key,
  patient_id integer not null references patients on delete cascade,
  month date not null check (extract(day from month) = 1),
  organization_id integer not null references organizations,
  practice_id integer not null references practices,
  location_id integer not null references locations,
  -- Byte order ("C"), so PGlite and PostgreSQL sort names alike whatever their default collation.
  sort_name text collate "C" not null,
  -- The start of the device episode in force in the month (device_episodes), shown as the report's Setup Date.
  setup_date date,
  reading_days integer not null default 0 check (reading_days between 0 and 31),
  rpm_seconds integer not null default 0 check (rpm_seconds >= 0),
  rtm_seconds integer not null default 0 check (rtm_seconds >= 0),
  ccm_seconds integer not null default 0 check (ccm_seconds >= 0),
  bhi_seconds integer not null default 0 check (bhi_seconds >= 0),
  pcm_seconds integer not null default 0 check (pcm_seconds >= 0),
  setup_cpt text,
  compliance_cpt text,
  activity_time_cpt text,
  more_activity_time_cpt text,
  activity_time_60_cpt text,
  rtm_cpt text,
  rtm_40_cpt text,
  rtm_60_cpt text,
  -- Rows the RPM billing report lists: readings, RPM minutes or a set-up in the month.
  rpm_listed boolean generated always as (reading_days > 0 or rpm_seconds > 0 or setup_cpt is not null) stored,
  constraint patient_month_summary_patient_month_key unique (patient_id, month)
);
-- One index per sort key of the report (001 §2.1: RPM ID, Patient Name, Setup Date) within a practice and month,
-- and within a month for users who see every practice; patient_id breaks ties so paging is stable. The patient-id
-- indexes also carry the code columns, so the report's count and total read the index alone.
create index patient_month_summary_practice_id_idx on patient_month_summary (practice_id, month, patient_id)
  include (id, setup_cpt, compliance_cpt, activity_time_cpt, more_activity_time_cpt, activity_time_60_cpt)
  where rpm_listed;
create index patient_month_summary_practice_name_idx
  on patient_month_summary (practice_id, month, sort_name, patient_id) include (id) where rpm_listed;
create index patient_month_summary_practice_setup_idx
  on patient_month_summary (practice_id, month, setup_date, patient_id) include (id) where rpm_listed;
create index patient_month_summary_month_id_idx on patient_month_summary (month, patient_id)
  include (id, setup_cpt, compliance_cpt, activity_time_cpt, more_activity_time_cpt, activity_time_60_cpt)
  where rpm_listed;
create index patient_month_summary_month_name_idx on patient_month_summary (month, sort_name, patient_id)
  include (id) where rpm_listed;
create index patient_month_summary_month_setup_idx on patient_month_summary (month, setup_date, patient_id)
  include (id) where rpm_listed;
-- Foreign keys, and the dashboard's counts per practice or organisation (all rows, RTM included).
create index patient_month_summary_practice_month_idx on patient_month_summary (practice_id, month);
create index patient_month_summary_organization_id_idx on patient_month_summary (organization_id, month);
create index patient_month_summary_location_id_idx on patient_month_summary (location_id);

-- A patient who is renamed or moves practice takes the summary rows along, whoever changes the patients row.
create function patient_month_summary_follow_patient() returns trigger
  language plpgsql
  as $$
begin
  update patient_month_summary
     set organization_id = new.organization_id,
         practice_id = new.practice_id,
         location_id = new.location_id,
         sort_name = billing_sort_name(new.lastname, new.firstname)
   where patient_id = new.patient_id;
  return null;
end
$$;
create trigger patients_follow_billing
  after update of firstname, lastname, organization_id, practice_id, location_id on patients
  for each row
  when (old.firstname is distinct from new.firstname or old.lastname is distinct from new.lastname
    or old.organization_id is distinct from new.organization_id or old.practice_id is distinct from new.practice_id
    or old.location_id is distinct from new.location_id)
  execute function patient_month_summary_follow_patient();

-- ── Claims ────────────────────────────────────────────────────────────────────────────────────────────────

-- 'Claim Sent' of the billing report (001 §2.1, §4 Billing): recorded once per patient and month. Keyed by
-- patient and month, not by the summary row, so rebuilding summaries never loses a claim.
create table billing_claims (
  claim_id integer generated always as identity primary key,
  patient_id integer not null references patients on delete cascade,
  month date not null check (extract(day from month) = 1),
  claimed_at timestamptz not null,
  claimed_by integer not null references users,
  -- The administrator behind a temporary login.
  acting_user_id integer references users,
  constraint billing_claims_patient_month_key unique (patient_id, month)
);
create index billing_claims_claimed_by_idx on billing_claims (claimed_by);
create index billing_claims_acting_user_id_idx on billing_claims (acting_user_id);
