-- How many patients each practice's location holds in patient_list_state, kept by its triggers (decisions.md
-- "Patient list tallies"): the Patients list of a viewer of every practice, with no filter or search, counts these
-- few rows instead of every listed patient of the network.
create table patient_list_tallies (
  practice_id integer not null,
  location_id integer not null,
  organization_id integer not null,
  n integer not null,
  primary key (practice_id, location_id, organization_id)
);

-- Rows inserted or deleted by a statement, counted per group (in key order, so two writers lock in one order). Every
-- reading's list sync is an insert … on conflict that inserts nothing, so an empty insert returns at once.
create function patient_list_tallies_follow() returns trigger
  language plpgsql
  as $$
begin
  if tg_op = 'DELETE' then
    insert into patient_list_tallies as t (practice_id, location_id, organization_id, n)
    select o.practice_id, o.location_id, o.organization_id, -count(*) from removed_rows o
     group by 1, 2, 3 order by 1, 2, 3
    on conflict (practice_id, location_id, organization_id) do update set n = t.n + excluded.n;
  elsif exists (select from added_rows) then
    insert into patient_list_tallies as t (practice_id, location_id, organization_id, n)
    select w.practice_id, w.location_id, w.organization_id, count(*) from added_rows w
     group by 1, 2, 3 order by 1, 2, 3
    on conflict (practice_id, location_id, organization_id) do update set n = t.n + excluded.n;
  end if;
  return null;
end
$$;
create trigger patient_list_state_tally_insert
  after insert on patient_list_state referencing new table as added_rows
  for each statement execute function patient_list_tallies_follow();
create trigger patient_list_state_tally_delete
  after delete on patient_list_state referencing old table as removed_rows
  for each statement execute function patient_list_tallies_follow();

-- A row moved to another practice, location or organisation (rare: a transfer). A row trigger whose condition is
-- tested before any call, since every reading updates these rows' figures.
create function patient_list_tallies_move() returns trigger
  language plpgsql
  as $$
begin
  insert into patient_list_tallies as t (practice_id, location_id, organization_id, n)
  select g.practice_id, g.location_id, g.organization_id, g.n
    from (values (old.practice_id, old.location_id, old.organization_id, -1),
                 (new.practice_id, new.location_id, new.organization_id, 1)) as g(practice_id, location_id, organization_id, n)
   order by 1, 2, 3
  on conflict (practice_id, location_id, organization_id) do update set n = t.n + excluded.n;
  return null;
end
$$;
create trigger patient_list_state_tally_move
  after update of practice_id, location_id, organization_id on patient_list_state
  for each row
  when ((old.practice_id, old.location_id, old.organization_id)
    is distinct from (new.practice_id, new.location_id, new.organization_id))
  execute function patient_list_tallies_move();

create function patient_list_tallies_clear() returns trigger
  language plpgsql
  as $$
begin
  delete from patient_list_tallies;
  return null;
end
$$;
create trigger patient_list_state_tally_truncate
  after truncate on patient_list_state
  for each statement execute function patient_list_tallies_clear();

insert into patient_list_tallies (practice_id, location_id, organization_id, n)
select practice_id, location_id, organization_id, count(*) from patient_list_state group by 1, 2, 3;
