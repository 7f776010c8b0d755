-- The FHIR API's Patient.meta.lastUpdated and `_lastUpdated` search (decisions.md "FHIR R4 API"): when a patient's
-- served fields last changed. The intake's last_reading_at and the billing columns do not count.
alter table patients add column updated_at timestamptz;
update patients set updated_at = created_at;
alter table patients alter column updated_at set not null, alter column updated_at set default now();
create index patients_updated_at_idx on patients (updated_at, patient_id);

create function patients_touch_updated() returns trigger
  language plpgsql
  as $$
begin
  if (old.firstname, old.lastname, old.dob, old.gender, old.mobile, old.phone, old.email, old.address_line1,
      old.address_line2, old.city, old.state, old.zip, old.mrn, old.organization_id, old.deactivated_at,
      old.merged_into_id, old.language_id)
    is distinct from
     (new.firstname, new.lastname, new.dob, new.gender, new.mobile, new.phone, new.email, new.address_line1,
      new.address_line2, new.city, new.state, new.zip, new.mrn, new.organization_id, new.deactivated_at,
      new.merged_into_id, new.language_id) then
    new.updated_at := now();
  end if;
  return new;
end
$$;
create trigger patients_touch_updated before update on patients for each row execute function patients_touch_updated();
