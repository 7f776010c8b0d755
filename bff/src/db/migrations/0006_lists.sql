-- The patient lists (000 §2.4, 001 §2.3, §2.9): tags, each patient's last reading kept on the patient
-- row, and the indexes the lists' sorts and filters use (bff/src/patients/list-store.ts).

-- ── Tags (001 §2.3 filter 'Tags') ─────────────────────────────────────────────────────────────────────────

-- A tag is a record (the list filter's values are record ids, shared/src/lists/define-list.ts); the names are
-- free text, unique ignoring case.
create table tags (
  tag_id integer generated always as identity primary key,
  tag text not null check (length(btrim(tag)) between 1 and 60)
);
create unique index tags_tag_key on tags (lower(btrim(tag)));

create table patient_tags (
  patient_id integer not null references patients on delete cascade,
  tag_id integer not null references tags on delete cascade,
  primary key (patient_id, tag_id)
);
create index patient_tags_tag_id_idx on patient_tags (tag_id, patient_id);

-- ── Last reading ──────────────────────────────────────────────────────────────────────────────────────────

-- When the patient's latest reading was taken. The lists sort and filter by it ('Last Reading', 'Days Without
-- Reading', 'No Reading For'); computing max(taken_at) per patient for a whole practice on every page would read
-- every patient's readings. One statement-level trigger keeps it, so bulk inserts pay one update per statement.
alter table patients add column last_reading_at timestamptz;

create function patients_follow_readings() returns trigger
  language plpgsql
  as $$
begin
  update patients p
     set last_reading_at = greatest(p.last_reading_at, n.latest)
    from (select patient_id, max(taken_at) as latest from new_readings group by patient_id) n
   where p.patient_id = n.patient_id
     and p.last_reading_at is distinct from greatest(p.last_reading_at, n.latest);
  return null;
end
$$;
create trigger readings_follow_patients
  after insert on readings
  referencing new table as new_readings
  for each statement
  execute function patients_follow_readings();

update patients p
   set last_reading_at = r.latest
  from (select patient_id, max(taken_at) as latest from readings group by patient_id) r
 where p.patient_id = r.patient_id;

-- ── Sorts and filters of the lists ────────────────────────────────────────────────────────────────────────

-- Name order of the lists as of the billing report (billing_sort_name, byte order), overall and per practice;
-- patient_id breaks ties so paging is stable.
create index patients_sort_name_idx on patients ((billing_sort_name(lastname, firstname) collate "C"), patient_id);
create index patients_practice_sort_name_idx
  on patients (practice_id, (billing_sort_name(lastname, firstname) collate "C"), patient_id);
create index patients_last_reading_at_idx on patients (last_reading_at, patient_id);
create index patients_created_at_idx on patients (created_at, patient_id);
create index patients_rpm_status_idx on patients (rpm_status, practice_id);
create index patients_ccm_status_idx on patients (ccm_status, practice_id) where ccm_status is not null;
-- Current devices of a patient (the Devices column and the Device filter).
create index device_assignments_current_patient_idx on device_assignments (patient_id, inventory_id)
  where unassigned_at is null;
