-- Bulk Uploads, Inventory Uploads and the CSV Utility (000 §2.4; decisions.md "CSV uploads"): each
-- upload kept with who, when, the file, its counts and status; each row's problems for the preview and the error
-- report; each organisation's column mapping of another system's export; what a device upload records.

create table uploads (
  upload_id integer generated always as identity primary key,
  kind text not null check (kind in ('patients', 'devices')),
  user_id integer not null references users,
  acting_user_id integer references users,
  -- The organisation whose column mapping read the file.
  organization_id integer references organizations,
  file_name text not null check (length(file_name) between 1 and 255),
  -- The file as UTF-8 text (BOM removed): the commit and the error report read it again.
  content text not null,
  size_bytes integer not null check (size_bytes >= 0),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  -- How the file's columns filled ours: {fields: [[field, index]], headers, ignored}.
  column_map jsonb not null,
  -- Each row's outcome, one letter per row after the header (n new, u update, c unchanged, d duplicate,
  -- i invalid, b blank): the preview and the summary show rows without reading the records again.
  outcomes text not null,
  -- previewed: checked, nothing written; committed: valid rows written; rejected: all or nothing, nothing written.
  status text not null default 'previewed' check (status in ('previewed', 'committed', 'rejected')),
  uploaded_at timestamptz not null,
  committed_at timestamptz,
  all_or_nothing boolean,
  update_existing boolean,
  -- The dry run's counts, recounted at commit.
  total_rows integer not null,
  new_rows integer not null,
  update_rows integer not null,
  unchanged_rows integer not null,
  duplicate_rows integer not null,
  invalid_rows integer not null,
  -- What the commit wrote.
  created_rows integer not null default 0,
  updated_rows integer not null default 0
);
create index uploads_user_id_idx on uploads (user_id);
create index uploads_uploaded_at_idx on uploads (uploaded_at desc, upload_id desc);
create index uploads_organization_id_idx on uploads (organization_id);

-- One problem of one row ('Row 7, MRN: ...'); column is our column's header, or '' for the whole row.
create table upload_problems (
  upload_id integer not null references uploads,
  row_number integer not null check (row_number >= 2),
  column_name text not null,
  message text not null
);
create index upload_problems_upload_id_idx on upload_problems (upload_id, row_number);

-- An organisation's column mapping for a kind: {their header: our column's field}.
create table upload_mappings (
  organization_id integer not null references organizations,
  kind text not null check (kind in ('patients', 'devices')),
  mapping jsonb not null,
  updated_by integer not null references users,
  updated_at timestamptz not null,
  primary key (organization_id, kind)
);

-- What an inventory upload records of a device beyond 0001 and 0026.
alter table devices add column vendor_name text check (vendor_name is null or length(vendor_name) between 1 and 100);
alter table devices add column purchase_date date;
