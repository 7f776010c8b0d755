-- FHIR Bulk Data export (decisions.md "FHIR Bulk export"): one row per kick-off, its progress and manifest; files on
-- the instance's disk. One running export per requester (a SMART client or a signed-in user).
create table fhir_bulk_exports (
  export_id text primary key check (export_id ~ '^[0-9a-f-]{36}$'),
  requester text not null,
  fhir_client_id integer references fhir_clients,
  user_id integer references users,
  scopes text[] not null,
  practice_id integer references practices,
  types text[] not null,
  since timestamptz,
  request_url text not null,
  status text not null check (status in ('running', 'done', 'failed', 'cancelled')),
  progress text not null default '',
  output jsonb not null default '[]',
  error text,
  requested_at timestamptz not null,
  heartbeat_at timestamptz not null,
  completed_at timestamptz,
  expires_at timestamptz
);
create unique index fhir_bulk_exports_one_running on fhir_bulk_exports (requester) where status = 'running';
create index fhir_bulk_exports_expires_idx on fhir_bulk_exports (expires_at);
