-- Onboarding (000 §2.1 'onboarding'; issue 42 §1; decisions.md "Onboarding"): a practice's self-service sign-up,
-- made without a session, reviewed by sales and administrators; approval creates the practice.

create table onboarding_submissions (
  submission_id integer generated always as identity primary key,
  -- What the practice is told and quotes: 'OB-' and 8 random letters and digits (never the row's id).
  reference text not null unique check (reference ~ '^OB-[A-Z0-9]{8}$'),
  status text not null default 'submitted'
    check (status in ('submitted', 'in_review', 'approved', 'rejected')),
  practice_name text not null check (length(practice_name) between 1 and 120),
  practice_npi text not null check (practice_npi ~ '^[0-9]{10}$'),
  practice_address text not null check (length(practice_address) between 1 and 300),
  practice_phone text not null check (practice_phone ~ '^[0-9]{10}$'),
  contact_name text not null check (length(contact_name) between 1 and 120),
  contact_email text not null check (length(contact_email) between 3 and 254),
  contact_phone text not null check (contact_phone ~ '^[0-9]{10}$'),
  -- [{name, npi, credential}], 1 to 20 (shared/src/api/onboarding.ts onboardingProvider).
  providers jsonb not null
    check (jsonb_typeof(providers) = 'array' and jsonb_array_length(providers) between 1 and 20),
  expected_rpm integer not null check (expected_rpm >= 0),
  expected_ccm integer not null check (expected_ccm >= 0),
  expected_pcm integer not null check (expected_pcm >= 0),
  expected_bhi integer not null check (expected_bhi >= 0),
  expected_rtm integer not null check (expected_rtm >= 0),
  -- The typed name; the server stamps the time and the address it came from.
  signature_name text not null check (length(signature_name) between 1 and 120),
  signed_at timestamptz not null,
  signed_ip text not null,
  submitted_at timestamptz not null,
  review_started_by integer references users,
  review_started_at timestamptz,
  decided_by integer references users,
  decided_acting_user_id integer references users,
  decided_at timestamptz,
  reject_reason text check (length(reject_reason) between 1 and 500),
  -- The practice an approval created.
  practice_id integer references practices,
  check ((review_started_by is null) = (review_started_at is null)),
  check ((status in ('approved', 'rejected')) = (decided_at is not null and decided_by is not null)),
  check ((status = 'rejected') = (reject_reason is not null)),
  check ((status = 'approved') = (practice_id is not null))
);
create index onboarding_submissions_status_idx on onboarding_submissions (status, submitted_at);
-- A signed-in user's own submissions: the contact e-mail is their user name (decisions.md "Onboarding").
create index onboarding_submissions_contact_idx on onboarding_submissions (lower(contact_email));
create index onboarding_submissions_review_started_by_idx on onboarding_submissions (review_started_by);
create index onboarding_submissions_decided_by_idx on onboarding_submissions (decided_by);
create index onboarding_submissions_decided_acting_idx on onboarding_submissions (decided_acting_user_id);
create index onboarding_submissions_practice_id_idx on onboarding_submissions (practice_id);

-- The W-9 and the signed agreement; the file lives in the documents folder under storage_key
-- (decisions.md "Documents").
create table onboarding_documents (
  document_id integer generated always as identity primary key,
  submission_id integer not null references onboarding_submissions,
  kind text not null check (kind in ('w9', 'agreement')),
  file_name text not null check (length(file_name) between 1 and 255),
  content_type text not null check (content_type in ('application/pdf', 'image/png', 'image/jpeg')),
  size_bytes integer not null check (size_bytes > 0),
  sha256 text not null,
  storage_key text not null unique,
  unique (submission_id, kind)
);

-- Every submission attempt by address, for the per-address limit; in the database, so replicas share it
-- (like login_failures). Rows older than the window are removed as new ones arrive.
create table onboarding_attempts (
  client text not null,
  attempted_at timestamptz not null
);
create index onboarding_attempts_client_idx on onboarding_attempts (client, attempted_at);
