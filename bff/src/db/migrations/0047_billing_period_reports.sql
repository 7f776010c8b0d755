-- A program billing report's row per patient-month (decisions.md "Billing period results"): its status, billed
-- cents, minutes, cells and what it still needs, written with the period's codes (billing/period-reports.ts) so a
-- report's page, count and total read one indexed table instead of aggregating its codes per row.
create table billing_period_reports (
  summary_id integer not null references patient_month_summary (id) on delete cascade,
  report text not null check (report in ('rpm', 'ccm', 'pcm', 'bhi')),
  patient_id integer not null,
  month date not null,
  organization_id integer not null,
  practice_id integer not null,
  location_id integer not null,
  status text not null check (status in ('billable', 'blocked', 'not-yet')),
  -- The billed codes' insurance default amounts.
  cents integer not null check (cents >= 0),
  -- The report's first program's seconds in the month.
  seconds integer not null check (seconds >= 0),
  -- A code column's or another program's cell text, by the list's field name.
  cells jsonb not null,
  still_needs text,
  primary key (report, summary_id)
);
-- A month's report in the default order (a page is the first rows of one index range), and one practice's.
create index billing_period_reports_month_idx on billing_period_reports (report, month, patient_id, summary_id);
create index billing_period_reports_practice_idx on billing_period_reports (report, month, practice_id, status);
create index billing_period_reports_summary_idx on billing_period_reports (summary_id);

-- Results stored before this table are re-evaluated by the next billing read, which writes their report rows.
update patient_month_summary set codes_version = 0 where codes_version <> 0;
