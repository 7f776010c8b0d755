-- decisions.md "Readings partitioned by month": readings are range-partitioned by UTC month of taken_at, so
-- a month's queries read one partition and an old month can be detached. Months are UTC, as every day the product
-- computes is (billing/summary.ts). Rows move without loss: the same ids, values and times, then the old table goes.

-- No foreign key may point at readings: one would need taken_at in every referencing row, and would forbid detaching
-- a month its alerts still name. Readings are append-only; alerts and suppressed readings are written in the
-- transaction that inserts their reading (alerts/intake/store.ts).
alter table alerts drop constraint alerts_reading_id_fkey;
alter table suppressed_readings drop constraint suppressed_readings_reading_id_fkey;
drop trigger readings_follow_patients on readings;

alter table readings rename to readings_unpartitioned;
alter index readings_pkey rename to readings_unpartitioned_pkey;
alter index readings_patient_id_taken_at_idx rename to readings_unpartitioned_patient_idx;
alter index readings_device_assign_id_taken_at_idx rename to readings_unpartitioned_device_idx;
alter index readings_vital_id_idx rename to readings_unpartitioned_vital_idx;

-- PostgreSQL 15 has no identity on a partitioned table: a sequence default, continuing where the identity stopped.
create sequence readings_id_seq as bigint;
select setval('readings_id_seq', coalesce((select max(reading_id) from readings_unpartitioned), 0) + 1, false);

create table readings (
  reading_id bigint not null default nextval('readings_id_seq'),
  patient_id integer not null references patients,
  device_assign_id integer not null references device_assignments,
  vital_id integer not null references vitals,
  value numeric not null,
  taken_at timestamptz not null,
  primary key (reading_id, taken_at)
) partition by range (taken_at);
alter sequence readings_id_seq owned by readings.reading_id;
create index readings_patient_id_taken_at_idx on readings (patient_id, taken_at);
create index readings_device_assign_id_taken_at_idx on readings (device_assign_id, taken_at);
create index readings_vital_id_idx on readings (vital_id);
-- Readings of a month with no partition yet (a device's clock far off, a test's simulated year) land here and move
-- to their month when it is added.
create table readings_default partition of readings default;

-- Adds the UTC month holding `month_day` (readings_yYYYYmMM), first moving that month's rows out of the default
-- partition; answers false when the month is there already. The app calls it for this month and the next
-- (jobs/reading-months.ts) and the seed for its history; it runs as its owner, since the app's login creates nothing.
create function readings_add_month(month_day date) returns boolean
  language plpgsql
  as $$
declare
  first_day date := date_trunc('month', month_day)::date;
  month_start timestamptz := first_day::timestamp at time zone 'UTC';
  month_end timestamptz := (first_day + interval '1 month')::timestamp at time zone 'UTC';
  part text := format('readings_y%sm%s', to_char(first_day, 'YYYY'), to_char(first_day, 'MM'));
begin
  -- One adder at a time across replicas (other advisory-lock keys: 7_262_001 migrations, _005, _013, _014 jobs).
  perform pg_advisory_xact_lock(7262015);
  if to_regclass(part) is not null then
    return false;
  end if;
  execute format('create table %I (like readings including defaults)', part);
  execute format(
    'with moved as (delete from readings_default where taken_at >= %L and taken_at < %L returning *) '
    'insert into %I select * from moved', month_start, month_end, part);
  execute format('alter table readings attach partition %I for values from (%L) to (%L)', part, month_start, month_end);
  return true;
end
$$;
alter function readings_add_month(date) security definer set search_path = public;

select readings_add_month(m::date)
  from (select distinct date_trunc('month', taken_at at time zone 'UTC') as m from readings_unpartitioned
        union select date_trunc('month', now() at time zone 'UTC')
        union select date_trunc('month', now() at time zone 'UTC') + interval '1 month') months
 order by m;

insert into readings (reading_id, patient_id, device_assign_id, vital_id, value, taken_at)
  select reading_id, patient_id, device_assign_id, vital_id, value, taken_at from readings_unpartitioned;
drop table readings_unpartitioned;

create trigger readings_follow_patients
  after insert on readings
  referencing new table as new_readings
  for each statement
  execute function patients_follow_readings();
