-- The eligibility engine's result per patient-month (shared/src/billing/engine.ts).
-- decisions.md "Billing period results": one row per rule reached, billed, blocked by an unmet need or
-- excluded by another code. Every billing screen, PDF, CSV and the dashboard read these rows, so totals agree.
create table billing_period_codes (
  summary_id integer not null references patient_month_summary (id) on delete cascade,
  patient_id integer not null,
  month date not null,
  organization_id integer not null,
  practice_id integer not null,
  location_id integer not null,
  rule_id text not null,
  code text not null,
  program text not null,
  units integer not null check (units > 0),
  status text not null check (status in ('billed', 'blocked', 'excluded')),
  -- The needs a blocked code lacks (engine's BillingNeed), empty otherwise.
  unmet text[] not null default '{}',
  -- The code or program that excluded it.
  excluded_by text,
  -- The month's insurance default amount times the units, whatever the status (what it earns once billable).
  cents integer not null check (cents >= 0),
  primary key (summary_id, rule_id),
  check ((status = 'blocked') = (cardinality(unmet) > 0)),
  check ((status = 'excluded') = (excluded_by is not null))
);
create index billing_period_codes_practice_idx on billing_period_codes (month, practice_id, program, status);
create index billing_period_codes_organization_idx on billing_period_codes (month, organization_id, program);
create index billing_period_codes_patient_idx on billing_period_codes (patient_id, month);

-- When each month's results were last computed (the month close reads and refreshes them).
create table billing_periods (
  month date primary key,
  evaluated_at timestamptz not null
);

-- 'Billed by another practice in the period': one person (name and date of birth) with RPM activity in another
-- practice's record that month (the OIG's duplicate-billing red flag); one probe of this index per patient-month.
create index patients_person_idx on patients (lower(lastname), lower(firstname), dob) where merged_into_id is null;
