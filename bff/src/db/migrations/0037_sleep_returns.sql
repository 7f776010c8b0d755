-- The Utilities lists 'Sleep Return Devices' and 'Latest Assigned Devices' (000 §2.4 Billing Utility).
-- decisions.md "Sleep Return Devices", "Latest Assigned Devices".

-- A home study's device (HST, overnight oximetry) goes home with the order; its return is recorded here, with who
-- received it. Due back is computed from the order (SLEEP_DEVICE_RETURN_DAYS), so no due date is stored.
alter table sleep_studies add column device_returned_at timestamptz;
alter table sleep_studies add column device_returned_by integer references users;
alter table sleep_studies add constraint sleep_studies_device_return_check check (
  (device_returned_at is null) = (device_returned_by is null)
  and (device_returned_at is null or (kind in ('hst', 'oximetry') and device_returned_at >= ordered_at)));
create index sleep_studies_device_returned_by_idx on sleep_studies (device_returned_by);
-- The list reads the home studies by their order.
create index sleep_studies_home_ordered_idx on sleep_studies (ordered_at, study_id) where kind in ('hst', 'oximetry');

-- Who handed a device to the patient; null where it was never recorded. Earlier assignments take it from their
-- audit row, where there is one.
alter table device_assignments add column assigned_by integer references users;
update device_assignments a set assigned_by = l.user_id
  from audit_log l
  where l.action = 'assign_device' and l.entity = 'device_assignment' and l.entity_id = a.device_assign_id::text;
create index device_assignments_assigned_by_idx on device_assignments (assigned_by);
-- Latest Assigned Devices reads the newest first.
create index device_assignments_assigned_at_idx on device_assignments (assigned_at, device_assign_id);
-- An assignment's first reading is the first entry of this index (the old one on device_assign_id alone is its prefix).
create index readings_device_assign_id_taken_at_idx on readings (device_assign_id, taken_at);
drop index readings_device_assign_id_idx;
