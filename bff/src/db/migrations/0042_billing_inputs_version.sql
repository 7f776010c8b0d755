-- decisions.md "Billing period results": a billing read re-evaluates only the patient-months whose inputs changed
-- since their results were stored. `inputs_version` is bumped by every change to what the engine reads;
-- `codes_version` is the inputs_version the stored results were computed from.
alter table patient_month_summary
  add column inputs_version integer not null default 1,
  add column codes_version integer not null default 0;
create index patient_month_summary_stale_idx on patient_month_summary (month, practice_id)
  where codes_version <> inputs_version;

-- The summary's own counts (readings, minutes, set-up, practice): whichever path writes them.
create function patient_month_summary_bump_inputs() returns trigger
  language plpgsql
  as $$
begin
  new.inputs_version = old.inputs_version + 1;
  return new;
end
$$;
create trigger patient_month_summary_inputs
  before update on patient_month_summary
  for each row
  when (old.reading_days is distinct from new.reading_days or old.setup_date is distinct from new.setup_date
    or old.rpm_seconds is distinct from new.rpm_seconds or old.rtm_seconds is distinct from new.rtm_seconds
    or old.ccm_seconds is distinct from new.ccm_seconds or old.bhi_seconds is distinct from new.bhi_seconds
    or old.pcm_seconds is distinct from new.pcm_seconds or old.practice_id is distinct from new.practice_id
    or old.location_id is distinct from new.location_id or old.organization_id is distinct from new.organization_id)
  execute function patient_month_summary_bump_inputs();

-- What is on file for a patient (consent, authorisations, care plan, calls, diagnoses, devices): every month of
-- that patient is re-evaluated.
create function billing_inputs_of_patient() returns trigger
  language plpgsql
  as $$
declare
  affected integer;
begin
  affected = case when tg_op = 'DELETE' then old.patient_id else new.patient_id end;
  update patient_month_summary set inputs_version = inputs_version + 1 where patient_id = affected;
  if tg_op = 'UPDATE' and old.patient_id is distinct from new.patient_id then
    update patient_month_summary set inputs_version = inputs_version + 1 where patient_id = old.patient_id;
  end if;
  return null;
end
$$;
create trigger enrollment_orders_billing after insert or update or delete on enrollment_orders
  for each row execute function billing_inputs_of_patient();
create trigger order_authorizations_billing after insert or update or delete on order_authorizations
  for each row execute function billing_inputs_of_patient();
create trigger care_plan_versions_billing after insert or update or delete on care_plan_versions
  for each row execute function billing_inputs_of_patient();
create trigger call_records_billing after insert or update or delete on call_records
  for each row execute function billing_inputs_of_patient();
create trigger patient_diagnoses_billing after insert or update or delete on patient_diagnoses
  for each row execute function billing_inputs_of_patient();
create trigger device_assignments_billing after insert or update or delete on device_assignments
  for each row execute function billing_inputs_of_patient();
create trigger time_logs_billing after update or delete on time_logs
  for each row execute function billing_inputs_of_patient();
create trigger patients_billing after update of physician_id, ccm_type, firstname, lastname, dob, merged_into_id
  on patients for each row execute function billing_inputs_of_patient();

-- A price changed: every result is re-priced (a configuration edit, rare).
create function billing_prices_changed() returns trigger
  language plpgsql
  as $$
begin
  update patient_month_summary set inputs_version = inputs_version + 1;
  return null;
end
$$;
create trigger insurance_default_amounts_billing after insert or update or delete on insurance_default_amounts
  for each statement execute function billing_prices_changed();
