-- Merged and deactivated patients leave the patient lists
-- (decisions.md "Merging and deactivating patients"): the list state keeps a row only for a patient neither merged
-- away nor deactivated. The patients trigger of migration 0012 calls this for every changed patient, so marking
-- one removes its row and reactivating one brings it back (its figures are rolled in by the next list read; the
-- store recounts alerts).
create or replace function patient_list_state_sync(ids integer[]) returns void
  language sql
  as $$
  delete from patient_list_state st
   using patients p
   where st.patient_id = p.patient_id and p.patient_id = any(ids)
     and (p.merged_into_id is not null or p.deactivated_at is not null);
  insert into patient_list_state as st (patient_id, organization_id, practice_id, location_id, firstname, lastname,
    dob, language_id, rpm_status, ccm_status, bhi_status, setup_date, physician_id, care_coordinator_id, created_at,
    last_reading_at, name_sort, practice_sort, rpm_status_sort, ccm_status_sort)
  select p.patient_id, p.organization_id, p.practice_id, p.location_id, p.firstname, p.lastname, p.dob,
    p.language_id, p.rpm_status, p.ccm_status, p.bhi_status, p.setup_date, p.physician_id, p.care_coordinator_id,
    p.created_at, p.last_reading_at, billing_sort_name(p.lastname, p.firstname), lower(pr.practice_name), lower(coalesce(rs.label, p.rpm_status::text)),
    lower(coalesce(cs.label, p.ccm_status::text))
  from patients p
  join practices pr on pr.practice_id = p.practice_id
  left join patient_status_options rs on rs.program = 'RPM' and rs.status_id = p.rpm_status
  left join patient_status_options cs on cs.program = 'CCM' and cs.status_id = p.ccm_status
  where p.patient_id = any(ids) and p.merged_into_id is null and p.deactivated_at is null
  on conflict (patient_id) do update set
    organization_id = excluded.organization_id, practice_id = excluded.practice_id,
    location_id = excluded.location_id, firstname = excluded.firstname, lastname = excluded.lastname,
    dob = excluded.dob, language_id = excluded.language_id, rpm_status = excluded.rpm_status,
    ccm_status = excluded.ccm_status, bhi_status = excluded.bhi_status, setup_date = excluded.setup_date,
    physician_id = excluded.physician_id, care_coordinator_id = excluded.care_coordinator_id,
    created_at = excluded.created_at, last_reading_at = excluded.last_reading_at, name_sort = excluded.name_sort,
    practice_sort = excluded.practice_sort, rpm_status_sort = excluded.rpm_status_sort,
    ccm_status_sort = excluded.ccm_status_sort
$$;
