-- A practice's patients in the Patients list's default order (decisions.md "One practice in name order"): a user of
-- one practice, or a view of one practice, walks its own rows instead of the network's name index, skipping every
-- other practice's. Replaces the practice-only index, whose every use this one serves.
create index patient_list_state_practice_name_idx on patient_list_state (practice_id, name_sort, patient_id)
  include (organization_id, location_id, language_id, rpm_status, ccm_status, bhi_status, reading_days,
    rpm_seconds);
drop index patient_list_state_practice_idx;
