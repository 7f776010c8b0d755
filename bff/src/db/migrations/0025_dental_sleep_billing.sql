-- The Dental Dashboard's oral-appliance cases (000 §2.4 'dentalDashboard') and the HST billing
-- configuration per organisation (000 §2.4 'hst-billing-config', 'athena-vitals-config').

-- One oral-appliance case of a patient, worked by a dentist through four stages in order:
-- referral -> impression -> insertion -> follow_up_test. Each stage's day is set when the case reaches it.
create table oral_appliance_cases (
  case_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  dentist_id integer not null references users,
  stage text not null check (stage in ('referral', 'impression', 'insertion', 'follow_up_test')),
  referred_on date not null,
  impression_on date,
  insertion_on date,
  follow_up_test_on date,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  -- A stage's day is set exactly when the case has reached it.
  check ((impression_on is not null) = (stage in ('impression', 'insertion', 'follow_up_test'))),
  check ((insertion_on is not null) = (stage in ('insertion', 'follow_up_test'))),
  check ((follow_up_test_on is not null) = (stage = 'follow_up_test'))
);
create index oral_appliance_cases_patient_id_idx on oral_appliance_cases (patient_id);
create index oral_appliance_cases_dentist_id_idx on oral_appliance_cases (dentist_id);
create index oral_appliance_cases_stage_idx on oral_appliance_cases (stage);

-- HST Billing Configuration: the price an organisation bills per sleep-medicine CPT code
-- (shared/src/billing/sleep-codes.ts), in cents.
create table hst_billing_prices (
  organization_id integer not null references organizations,
  cpt_code text not null check (cpt_code in ('95800', '95806', '95810', '95811', '94762', '94010')),
  price_cents integer not null check (price_cents between 0 and 100000000),
  updated_by integer not null references users,
  updated_at timestamptz not null,
  primary key (organization_id, cpt_code)
);
create index hst_billing_prices_updated_by_idx on hst_billing_prices (updated_by);

-- Athena vitals configuration: which vitals an organisation sends to Athena.
create table athena_vital_exports (
  organization_id integer not null references organizations,
  vital_id integer not null references vitals,
  updated_by integer not null references users,
  updated_at timestamptz not null,
  primary key (organization_id, vital_id)
);
create index athena_vital_exports_vital_id_idx on athena_vital_exports (vital_id);
create index athena_vital_exports_updated_by_idx on athena_vital_exports (updated_by);
