-- The patient lists' figures on one narrow row per patient (tests/bench/lists.ts): every
-- column the lists filter, sort and scope by, under the patients table's own names, with this month's figures and
-- the count of open alerts, so a filtered, sorted page of the list's ids is one index scan with the id tie-breaker
-- and its count reads this table alone (bff/src/patients/list-store.ts). Kept by triggers in the transactions of
-- the writes that change its sources (patients, practices, status labels, patient_month_summary, alerts), so
-- every writer keeps it without knowing of it.
--
-- Its month: the figures are those of `month` (null: none yet). A write to a month at or after the row's month
-- moves the row to that month's figures; a list reading month M first moves the rows of any other month to M's
-- figures (patient_list_state_roll), so a new month never shows last month's figures.
create table patient_list_state (
  patient_id integer primary key references patients on delete cascade,
  organization_id integer not null,
  practice_id integer not null,
  location_id integer not null,
  firstname text not null,
  lastname text not null,
  dob date not null,
  language_id integer not null,
  rpm_status integer not null,
  ccm_status integer,
  bhi_status integer,
  setup_date date,
  physician_id integer,
  care_coordinator_id integer,
  created_at timestamptz not null,
  last_reading_at timestamptz,
  -- The lists' orders of the name, the practice and the status labels (list-sql.ts sortExpression), copied.
  name_sort text collate "C" not null,
  practice_sort text collate "C" not null,
  rpm_status_sort text collate "C" not null,
  ccm_status_sort text collate "C",
  month date,
  -- Whether patient_month_summary has a row for (patient, month): the Monthly Report's patients.
  in_month boolean not null default false,
  reading_days integer not null default 0,
  rpm_seconds integer not null default 0,
  ccm_seconds integer not null default 0,
  open_alerts integer not null default 0
);
-- One index per sort key of the Patients list, the id breaking ties (stable paging), walked backward for the
-- descending order; the nullable keys also descending with nulls still last (list-sql.ts nullsOrder). Each holds
-- the columns of the scope and of the common filters, so a filtered page and its count are index-only scans.
create index patient_list_state_id_idx on patient_list_state (patient_id)
  include (organization_id, practice_id, location_id, language_id, rpm_status, ccm_status, bhi_status, reading_days,
    rpm_seconds);
create index patient_list_state_name_idx on patient_list_state (name_sort, patient_id)
  include (organization_id, practice_id, location_id, language_id, rpm_status, ccm_status, bhi_status, reading_days,
    rpm_seconds);
create index patient_list_state_dob_idx on patient_list_state (dob, patient_id)
  include (organization_id, practice_id, location_id, language_id, rpm_status, ccm_status, bhi_status, reading_days,
    rpm_seconds);
create index patient_list_state_practice_sort_idx on patient_list_state (practice_sort, patient_id)
  include (organization_id, practice_id, location_id, language_id, rpm_status, ccm_status, bhi_status, reading_days,
    rpm_seconds);
create index patient_list_state_rpm_status_idx on patient_list_state (rpm_status_sort, patient_id)
  include (organization_id, practice_id, location_id, language_id, rpm_status, ccm_status, bhi_status, reading_days,
    rpm_seconds);
create index patient_list_state_ccm_status_idx on patient_list_state (ccm_status_sort, patient_id)
  include (organization_id, practice_id, location_id, language_id, rpm_status, ccm_status, bhi_status, reading_days,
    rpm_seconds);
create index patient_list_state_ccm_status_desc_idx on patient_list_state (ccm_status_sort desc nulls last, patient_id desc)
  include (organization_id, practice_id, location_id, language_id, rpm_status, ccm_status, bhi_status, reading_days,
    rpm_seconds);
create index patient_list_state_reading_days_idx on patient_list_state (reading_days, patient_id)
  include (organization_id, practice_id, location_id, language_id, rpm_status, ccm_status, bhi_status, reading_days,
    rpm_seconds);
create index patient_list_state_rpm_minutes_idx on patient_list_state ((rpm_seconds / 60), patient_id)
  include (organization_id, practice_id, location_id, language_id, rpm_status, ccm_status, bhi_status, reading_days,
    rpm_seconds);
create index patient_list_state_last_reading_idx on patient_list_state (last_reading_at, patient_id)
  include (organization_id, practice_id, location_id, language_id, rpm_status, ccm_status, bhi_status, reading_days,
    rpm_seconds);
create index patient_list_state_last_reading_desc_idx on patient_list_state (last_reading_at desc nulls last, patient_id desc)
  include (organization_id, practice_id, location_id, language_id, rpm_status, ccm_status, bhi_status, reading_days,
    rpm_seconds);
create index patient_list_state_open_alerts_idx on patient_list_state (open_alerts, patient_id)
  include (organization_id, practice_id, location_id, language_id, rpm_status, ccm_status, bhi_status, reading_days,
    rpm_seconds);
create index patient_list_state_practice_idx on patient_list_state (practice_id);
-- Whether any row is of another month than the one a list reads (min, max and null from the index).
create index patient_list_state_month_idx on patient_list_state (month);

-- The patients' own columns, copied (insert or update; the figures are left as they are).
create function patient_list_state_sync(ids integer[]) returns void
  language sql
  as $$
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
  where p.patient_id = any(ids)
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

create function patient_list_state_follow_patients() returns trigger
  language plpgsql
  as $$
begin
  perform patient_list_state_sync(array(select patient_id from changed_patients));
  return null;
end
$$;
create trigger patients_follow_list_state_insert
  after insert on patients referencing new table as changed_patients
  for each statement execute function patient_list_state_follow_patients();
create trigger patients_follow_list_state_update
  after update on patients referencing new table as changed_patients
  for each statement execute function patient_list_state_follow_patients();

create function patient_list_state_follow_practice() returns trigger
  language plpgsql
  as $$
begin
  update patient_list_state set practice_sort = lower(new.practice_name) where practice_id = new.practice_id;
  return null;
end
$$;
create trigger practices_follow_list_state
  after update of practice_name on practices
  for each row when (old.practice_name is distinct from new.practice_name)
  execute function patient_list_state_follow_practice();

create function patient_list_state_follow_status_label() returns trigger
  language plpgsql
  as $$
begin
  if new.program = 'RPM' then
    update patient_list_state set rpm_status_sort = lower(new.label) where rpm_status = new.status_id;
  elsif new.program = 'CCM' then
    update patient_list_state set ccm_status_sort = lower(new.label) where ccm_status = new.status_id;
  end if;
  return null;
end
$$;
create trigger patient_status_options_follow_list_state
  after update of label on patient_status_options
  for each row when (old.label is distinct from new.label)
  execute function patient_list_state_follow_status_label();

-- A month's figures written: rows of that month or an earlier one (or none) take the newest month written.
create function patient_list_state_follow_summary() returns trigger
  language plpgsql
  as $$
begin
  update patient_list_state st
     set month = n.month, in_month = true, reading_days = n.reading_days, rpm_seconds = n.rpm_seconds,
         ccm_seconds = n.ccm_seconds
    from (select distinct on (patient_id) patient_id, month, reading_days, rpm_seconds, ccm_seconds
            from changed_summaries order by patient_id, month desc) n
   where st.patient_id = n.patient_id and (st.month is null or n.month >= st.month);
  return null;
end
$$;
create trigger patient_month_summary_follow_list_state_insert
  after insert on patient_month_summary referencing new table as changed_summaries
  for each statement execute function patient_list_state_follow_summary();
create trigger patient_month_summary_follow_list_state_update
  after update on patient_month_summary referencing new table as changed_summaries
  for each statement execute function patient_list_state_follow_summary();

create function patient_list_state_forget_summary() returns trigger
  language plpgsql
  as $$
begin
  update patient_list_state st
     set in_month = false, reading_days = 0, rpm_seconds = 0, ccm_seconds = 0
    from removed_summaries o
   where st.patient_id = o.patient_id and st.month = o.month;
  return null;
end
$$;
create trigger patient_month_summary_follow_list_state_delete
  after delete on patient_month_summary referencing old table as removed_summaries
  for each statement execute function patient_list_state_forget_summary();

-- Open alerts per patient, recounted for the patients of the alerts a statement changed.
create function patient_list_state_count_alerts(ids integer[]) returns void
  language sql
  as $$
  update patient_list_state st
     set open_alerts = (select count(*)::int from alerts a where a.patient_id = st.patient_id and a.acknowledged_at is null)
   where st.patient_id = any(ids)
$$;
create function patient_list_state_follow_new_alerts() returns trigger
  language plpgsql
  as $$
begin
  perform patient_list_state_count_alerts(array(select distinct patient_id from changed_alerts));
  return null;
end
$$;
create function patient_list_state_follow_old_alerts() returns trigger
  language plpgsql
  as $$
begin
  perform patient_list_state_count_alerts(array(select distinct patient_id from removed_alerts));
  return null;
end
$$;
create trigger alerts_follow_list_state_insert
  after insert on alerts referencing new table as changed_alerts
  for each statement execute function patient_list_state_follow_new_alerts();
create trigger alerts_follow_list_state_update
  after update on alerts referencing old table as removed_alerts
  for each statement execute function patient_list_state_follow_old_alerts();
create trigger alerts_follow_list_state_delete
  after delete on alerts referencing old table as removed_alerts
  for each statement execute function patient_list_state_follow_old_alerts();

-- Moves every row of another month (or none) to month `m`'s figures.
create function patient_list_state_roll(m date) returns void
  language sql
  as $$
  update patient_list_state st
     set month = m, in_month = s.id is not null, reading_days = coalesce(s.reading_days, 0),
         rpm_seconds = coalesce(s.rpm_seconds, 0), ccm_seconds = coalesce(s.ccm_seconds, 0)
    from patient_list_state o
    left join patient_month_summary s on s.patient_id = o.patient_id and s.month = m
   where st.patient_id = o.patient_id and (o.month is null or o.month <> m)
$$;

select patient_list_state_sync(array(select patient_id from patients));
select patient_list_state_count_alerts(array(select patient_id from patients));
