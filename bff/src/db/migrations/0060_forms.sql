-- Form (000 §2.4 'form'; issue 42 §1; decisions.md "Form"): an organisation's custom forms (intake or assessment
-- questionnaires) and the answers given for patients. A form's fields are [{key, label, kind, required, options}],
-- 1 to 30 (shared/src/form-fields.ts formFields); each change raises its version, and a submission keeps the fields
-- it answered, so a later edit never changes what an earlier answer meant.
create table forms (
  form_id integer generated always as identity primary key,
  organization_id integer not null references organizations,
  title text not null check (length(title) between 1 and 120),
  description text not null default '' check (length(description) <= 1000),
  fields jsonb not null check (jsonb_typeof(fields) = 'array' and jsonb_array_length(fields) between 1 and 30),
  active boolean not null default true,
  version integer not null default 1 check (version >= 1),
  created_by integer not null references users,
  created_at timestamptz not null,
  updated_by integer not null references users,
  updated_at timestamptz not null
);
create index forms_organization_idx on forms (organization_id, updated_at);
create index forms_created_by_idx on forms (created_by);
create index forms_updated_by_idx on forms (updated_by);

create table form_submissions (
  submission_id integer generated always as identity primary key,
  form_id integer not null references forms,
  form_version integer not null check (form_version >= 1),
  -- The form's fields when the answers were given.
  fields jsonb not null check (jsonb_typeof(fields) = 'array'),
  patient_id integer not null references patients,
  answers jsonb not null check (jsonb_typeof(answers) = 'object'),
  submitted_by integer not null references users,
  acting_user_id integer references users,
  submitted_at timestamptz not null
);
create index form_submissions_patient_idx on form_submissions (patient_id, submitted_at);
create index form_submissions_form_idx on form_submissions (form_id);
create index form_submissions_submitted_by_idx on form_submissions (submitted_by);
create index form_submissions_acting_user_id_idx on form_submissions (acting_user_id);
