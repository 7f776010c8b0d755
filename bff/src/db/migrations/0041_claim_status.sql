-- Billing Uploads (000 §2.4; decisions.md "Billing Uploads", "Denials worklist"): the payers' claim-status files
-- as a third upload kind, each claim line kept once by its claim, code and date of service, every status an
-- upload recorded for it kept, and the resubmissions of denied lines.

alter table uploads drop constraint uploads_kind_check;
alter table uploads add constraint uploads_kind_check check (kind in ('patients', 'devices', 'claims'));
alter table upload_mappings drop constraint upload_mappings_kind_check;
alter table upload_mappings add constraint upload_mappings_kind_check
  check (kind in ('patients', 'devices', 'claims'));

-- A payer's denial reason, kept once: the worklist's Denial Reason filter offers them by id.
create table claim_denial_reasons (
  reason_id integer generated always as identity primary key,
  reason text not null unique check (length(reason) between 1 and 200)
);

-- One claim line of a payer's file, as its latest upload reported it.
create table claim_status_lines (
  line_id integer generated always as identity primary key,
  organization_id integer not null references organizations,
  practice_id integer not null references practices,
  patient_id integer not null references patients,
  claim_number text not null check (claim_number ~ '^[A-Za-z0-9-]{1,40}$'),
  cpt_code text not null check (cpt_code ~ '^([0-9]{4}[0-9A-Z]|[A-Z][0-9]{4})$'),
  date_of_service date not null,
  status text not null check (status in ('paid', 'denied')),
  amount numeric(10, 2) not null check (amount >= 0),
  denial_reason_id integer references claim_denial_reasons,
  -- The upload that last wrote the line.
  upload_id integer not null references uploads,
  -- Who took the denial off the worklist, and when; cleared when a later upload reports a new denial.
  resubmitted_at timestamptz,
  resubmitted_by integer references users,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  constraint claim_status_lines_reason_check check ((status = 'denied') = (denial_reason_id is not null)),
  constraint claim_status_lines_resubmitted_check check ((resubmitted_at is null) = (resubmitted_by is null)),
  -- A line's identity within its organisation: another organisation's claim numbers are another payer account's.
  constraint claim_status_lines_line_key unique (organization_id, claim_number, cpt_code, date_of_service)
);
create index claim_status_lines_patient_id_idx on claim_status_lines (patient_id);
create index claim_status_lines_practice_id_idx on claim_status_lines (practice_id);
create index claim_status_lines_upload_id_idx on claim_status_lines (upload_id);
create index claim_status_lines_resubmitted_by_idx on claim_status_lines (resubmitted_by);
create index claim_status_lines_denial_reason_id_idx on claim_status_lines (denial_reason_id);
-- The worklist: denied lines not yet resubmitted.
create index claim_status_lines_open_idx on claim_status_lines (practice_id, date_of_service)
  where status = 'denied' and resubmitted_at is null;

-- Every status an upload recorded for a line (a denial later paid shows both), oldest first by id.
create table claim_status_history (
  history_id integer generated always as identity primary key,
  line_id integer not null references claim_status_lines on delete cascade,
  status text not null check (status in ('paid', 'denied')),
  amount numeric(10, 2) not null check (amount >= 0),
  denial_reason_id integer references claim_denial_reasons,
  upload_id integer not null references uploads,
  recorded_at timestamptz not null,
  recorded_by integer not null references users
);
create index claim_status_history_line_id_idx on claim_status_history (line_id, history_id);
create index claim_status_history_upload_id_idx on claim_status_history (upload_id);
create index claim_status_history_recorded_by_idx on claim_status_history (recorded_by);
create index claim_status_history_denial_reason_id_idx on claim_status_history (denial_reason_id);
