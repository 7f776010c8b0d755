-- A program billing report's rows and billed cents per month, practice and status, kept by statement triggers on
-- billing_period_reports (decisions.md "Billing report tallies"): the report's count and total for a view that
-- filters by nothing finer read a practice's few rows here instead of every patient-month of the network.
create table billing_report_tallies (
  report text not null,
  month date not null,
  organization_id integer not null,
  practice_id integer not null,
  status text not null,
  n integer not null,
  cents bigint not null,
  primary key (report, month, practice_id, status, organization_id)
);

-- Each changed group's rows and cents, taken away (old rows) and added (new rows); groups in key order, so two
-- writers lock the tally rows in one order.
create function billing_report_tallies_follow() returns trigger
  language plpgsql
  as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into billing_report_tallies as t (report, month, organization_id, practice_id, status, n, cents)
    select o.report, o.month, o.organization_id, o.practice_id, o.status, -count(*), -sum(o.cents)
      from old_reports o
     group by o.report, o.month, o.practice_id, o.status, o.organization_id
     order by o.report, o.month, o.practice_id, o.status, o.organization_id
    on conflict (report, month, practice_id, status, organization_id)
    do update set n = t.n + excluded.n, cents = t.cents + excluded.cents;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into billing_report_tallies as t (report, month, organization_id, practice_id, status, n, cents)
    select w.report, w.month, w.organization_id, w.practice_id, w.status, count(*), sum(w.cents)
      from new_reports w
     group by w.report, w.month, w.practice_id, w.status, w.organization_id
     order by w.report, w.month, w.practice_id, w.status, w.organization_id
    on conflict (report, month, practice_id, status, organization_id)
    do update set n = t.n + excluded.n, cents = t.cents + excluded.cents;
  end if;
  return null;
end
$$;

create trigger billing_period_reports_tally_insert
  after insert on billing_period_reports referencing new table as new_reports
  for each statement execute function billing_report_tallies_follow();
create trigger billing_period_reports_tally_update
  after update on billing_period_reports referencing old table as old_reports new table as new_reports
  for each statement execute function billing_report_tallies_follow();
create trigger billing_period_reports_tally_delete
  after delete on billing_period_reports referencing old table as old_reports
  for each statement execute function billing_report_tallies_follow();

create function billing_report_tallies_clear() returns trigger
  language plpgsql
  as $$
begin
  delete from billing_report_tallies;
  return null;
end
$$;
create trigger billing_period_reports_tally_truncate
  after truncate on billing_period_reports
  for each statement execute function billing_report_tallies_clear();

insert into billing_report_tallies (report, month, organization_id, practice_id, status, n, cents)
select report, month, organization_id, practice_id, status, count(*), sum(cents)
  from billing_period_reports
 group by report, month, practice_id, status, organization_id;
