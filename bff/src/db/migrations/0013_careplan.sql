-- The CCM care plan (000 §2.3 ccm tab). Every save is a new version (the previous ones are kept); the
-- billing practitioner signs a version. A plan's content is jsonb checked by the contract (chart-careplan.ts).

-- CCM Care Plan Defaults (000 §2.4): the template a new plan starts from; organization_id null is the product's
-- own, an organisation's row (the administration screen, a later issue) overrides it. No review date: a new plan's
-- is set when it starts (care-plan-store.ts).
create table care_plan_defaults (
  default_id integer generated always as identity primary key,
  organization_id integer unique references organizations,
  plan jsonb not null
);
create unique index care_plan_defaults_product_idx on care_plan_defaults ((organization_id is null))
  where organization_id is null;

insert into care_plan_defaults (organization_id, plan) values (null, '{
  "problems": [
    {
      "icd10": "I10",
      "description": "Essential (primary) hypertension",
      "goals": [
        {"goal": "Blood pressure below 130/80 mmHg on most home readings", "target_date": null},
        {"goal": "Takes blood-pressure medicines as prescribed every day", "target_date": null}
      ],
      "interventions": [
        {"intervention": "Review home blood-pressure readings weekly and call the patient about readings out of range", "responsible": "Care coordinator"},
        {"intervention": "Review medicines and adjust the treatment when the target is not met", "responsible": "Physician"},
        {"intervention": "Teach low-salt diet and correct cuff use", "responsible": "Nurse"}
      ]
    },
    {
      "icd10": "E11.9",
      "description": "Type 2 diabetes mellitus without complications",
      "goals": [
        {"goal": "HbA1c below 7%", "target_date": null},
        {"goal": "Fasting glucose 80-130 mg/dL on home readings", "target_date": null}
      ],
      "interventions": [
        {"intervention": "Review glucose readings weekly; call about lows below 70 mg/dL", "responsible": "Care coordinator"},
        {"intervention": "Order HbA1c every three months and review the result", "responsible": "Physician"},
        {"intervention": "Diabetes self-management education: diet, foot care, hypoglycaemia", "responsible": "Nurse"}
      ]
    }
  ],
  "patient_goals": ""
}'::jsonb);

create table care_plan_versions (
  care_plan_version_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  version integer not null check (version >= 1),
  plan jsonb not null,
  author_id integer not null references users,
  acting_user_id integer references users,
  created_at timestamptz not null,
  signed_by integer references users,
  signed_at timestamptz,
  check ((signed_by is null) = (signed_at is null)),
  unique (patient_id, version)
);
create index care_plan_versions_author_id_idx on care_plan_versions (author_id);
create index care_plan_versions_acting_user_id_idx on care_plan_versions (acting_user_id);
create index care_plan_versions_signed_by_idx on care_plan_versions (signed_by);
-- The CCM list and the billing report ask whether a patient has a signed plan.
create index care_plan_versions_signed_idx on care_plan_versions (patient_id) where signed_at is not null;

-- The Goals tab: clinical targets on a vital (progress from the readings) and personal goals, each perhaps serving
-- a care-plan problem (by its ICD-10 code).
create table patient_goals (
  goal_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  kind text not null check (kind in ('clinical', 'personal')),
  title text not null check (length(title) between 1 and 200),
  vital_id integer references vitals,
  target_low numeric,
  target_high numeric,
  problem_icd10 text,
  target_date date,
  status text not null default 'active' check (status in ('active', 'achieved', 'stopped')),
  author_id integer not null references users,
  acting_user_id integer references users,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check ((kind = 'clinical') = (vital_id is not null)),
  check (target_low is null or target_high is null or target_low <= target_high)
);
create index patient_goals_patient_id_idx on patient_goals (patient_id);
create index patient_goals_vital_id_idx on patient_goals (vital_id);
create index patient_goals_author_id_idx on patient_goals (author_id);
create index patient_goals_acting_user_id_idx on patient_goals (acting_user_id);
