-- Patients taken in: what registration records beyond the seed's columns, the version a stale edit is told
-- apart by, merging and deactivation, and the PCM and RTM programs' statuses. decisions.md "Patient registration".

-- The practice's own patient id (MRN), unique within the practice (case-insensitive); contact, address, insurance.
-- diagnosis_code keeps its name and holds one or more ICD-10-CM codes, comma-separated, the first the primary.
alter table patients add column mrn text check (mrn is null or mrn ~ '^[A-Za-z0-9-]{1,20}$');
alter table patients add column email text check (email is null or length(email) <= 254);
alter table patients add column address_line1 text check (address_line1 is null or length(address_line1) <= 100);
alter table patients add column address_line2 text check (address_line2 is null or length(address_line2) <= 100);
alter table patients add column city text check (city is null or length(city) <= 60);
alter table patients add column state text check (state is null or state ~ '^[A-Z]{2}$');
alter table patients add column zip text check (zip is null or zip ~ '^\d{5}(-\d{4})?$');
alter table patients add column insurance_plan_id integer references insurance_plans;
alter table patients add column insurance_member_id text
  check (insurance_member_id is null or length(insurance_member_id) between 1 and 40);
-- PCM and RTM enrolment (null: not in the program), with the status lists below.
alter table patients add column pcm_status integer;
alter table patients add column rtm_status integer;
-- Bumped by every demographics save: an edit names the version it read, and a stale one is refused (409).
alter table patients add column version integer not null default 1;
-- A record entered twice is merged into the other: its children move there, it stays, marked (no hard deletes).
alter table patients add column merged_into_id integer references patients;
alter table patients add column merged_at timestamptz;
alter table patients add column deactivated_at timestamptz;
alter table patients add constraint patients_not_merged_into_self check (merged_into_id <> patient_id);

create unique index patients_practice_mrn_key on patients (practice_id, lower(mrn)) where mrn is not null;
create index patients_organization_mrn_idx on patients (organization_id, lower(mrn)) where mrn is not null;
-- The duplicate check before saving: same last name and date of birth within the organisation.
create index patients_organization_dob_idx on patients (organization_id, dob, lower(lastname));
create index patients_insurance_plan_id_idx on patients (insurance_plan_id);
create index patients_merged_into_id_idx on patients (merged_into_id);

-- PCM and RTM statuses, the BHI list's shape (decisions.md "Patient registration").
alter table patient_status_options drop constraint patient_status_options_program_check;
alter table patient_status_options add constraint patient_status_options_program_check
  check (program in ('RPM', 'CCM', 'BHI', 'PCM', 'RTM'));
alter table patient_status_changes drop constraint patient_status_changes_program_check;
alter table patient_status_changes add constraint patient_status_changes_program_check
  check (program in ('RPM', 'CCM', 'BHI', 'PCM', 'RTM'));
insert into patient_status_options (program, status_id, label, sort_order, hidden, disabled, description) values
  ('PCM', 1, 'Eligible', 1, false, false, 'May be enrolled in principal care management'),
  ('PCM', 2, 'Enrolled', 2, false, false, 'Enrolled in principal care management'),
  ('PCM', 3, 'Active', 3, false, false, 'Receiving principal care management'),
  ('PCM', 4, 'Discharged', 4, false, false, 'Principal care management ended'),
  ('PCM', 5, 'Declined', 5, false, false, 'Declined principal care management'),
  ('RTM', 1, 'Eligible', 1, false, false, 'May be enrolled in remote therapeutic monitoring'),
  ('RTM', 2, 'Enrolled', 2, false, false, 'Enrolled in remote therapeutic monitoring'),
  ('RTM', 3, 'Active', 3, false, false, 'Receiving remote therapeutic monitoring'),
  ('RTM', 4, 'Discharged', 4, false, false, 'Remote therapeutic monitoring ended'),
  ('RTM', 5, 'Declined', 5, false, false, 'Declined remote therapeutic monitoring');
