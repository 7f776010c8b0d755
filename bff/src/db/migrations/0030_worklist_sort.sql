-- The monitoring worklist's orders by patient name, practice and vital (tests/bench/lists.ts):
-- each alert carries its sort values, copied, so a page of open alerts in those orders walks an index with the
-- alert id breaking ties instead of joining and sorting every open alert (bff/src/alerts/worklist-store.ts orderOf).
-- Kept by triggers: on the alert's insert (and a change of its patient or vital), a patient's rename or move, a
-- practice's rename and a vital's rename, in the transactions of those writes.
alter table alerts
  add column sort_lastname text,
  add column sort_firstname text,
  add column sort_practice text,
  add column sort_vital text;

create function alerts_sort_values() returns trigger
  language plpgsql
  as $$
begin
  select lower(p.lastname), lower(p.firstname), lower(pr.practice_name)
    into new.sort_lastname, new.sort_firstname, new.sort_practice
    from patients p join practices pr on pr.practice_id = p.practice_id
   where p.patient_id = new.patient_id;
  select v.vital_type into new.sort_vital from vitals v where v.vital_id = new.vital_id;
  return new;
end
$$;
create trigger alerts_sort_values_insert
  before insert on alerts
  for each row execute function alerts_sort_values();
create trigger alerts_sort_values_update
  before update of patient_id, vital_id on alerts
  for each row execute function alerts_sort_values();

create function alerts_follow_patient_sort() returns trigger
  language plpgsql
  as $$
begin
  update alerts a
     set sort_lastname = lower(new.lastname), sort_firstname = lower(new.firstname),
         sort_practice = (select lower(pr.practice_name) from practices pr where pr.practice_id = new.practice_id)
   where a.patient_id = new.patient_id;
  return null;
end
$$;
create trigger patients_follow_alerts_sort
  after update of lastname, firstname, practice_id on patients
  for each row when (old.lastname is distinct from new.lastname or old.firstname is distinct from new.firstname
    or old.practice_id is distinct from new.practice_id)
  execute function alerts_follow_patient_sort();

create function alerts_follow_practice_sort() returns trigger
  language plpgsql
  as $$
begin
  update alerts a set sort_practice = lower(new.practice_name)
    from patients p where p.practice_id = new.practice_id and a.patient_id = p.patient_id;
  return null;
end
$$;
create trigger practices_follow_alerts_sort
  after update of practice_name on practices
  for each row when (old.practice_name is distinct from new.practice_name)
  execute function alerts_follow_practice_sort();

create function alerts_follow_vital_sort() returns trigger
  language plpgsql
  as $$
begin
  update alerts set sort_vital = new.vital_type where vital_id = new.vital_id;
  return null;
end
$$;
create trigger vitals_follow_alerts_sort
  after update of vital_type on vitals
  for each row when (old.vital_type is distinct from new.vital_type)
  execute function alerts_follow_vital_sort();

update alerts a
   set sort_lastname = lower(p.lastname), sort_firstname = lower(p.firstname),
       sort_practice = lower(pr.practice_name), sort_vital = v.vital_type
  from patients p, practices pr, vitals v
 where p.patient_id = a.patient_id and pr.practice_id = p.practice_id and v.vital_id = a.vital_id;
alter table alerts
  alter column sort_lastname set not null,
  alter column sort_firstname set not null,
  alter column sort_practice set not null,
  alter column sort_vital set not null;

-- Open alerts in each order, both ways (a backward walk: the values are never null).
create index alerts_open_name_idx on alerts (sort_lastname, sort_firstname, alert_id) where acknowledged_at is null;
create index alerts_open_practice_idx on alerts (sort_practice, alert_id) where acknowledged_at is null;
create index alerts_open_vital_sort_idx on alerts (sort_vital, alert_id) where acknowledged_at is null;
