-- SMART Backend Services (decisions.md "SMART backend services"): registered clients with their public keys, the
-- assertion ids already used (replay), and the access tokens given (stored hashed, short-lived, revocable).
create table fhir_clients (
  fhir_client_id integer generated always as identity primary key,
  client_id text not null unique check (client_id ~ '^[A-Za-z0-9_-]{16,64}$'),
  name text not null check (length(name) between 1 and 100),
  organization_id integer not null references organizations,
  jwks jsonb not null check (jsonb_typeof(jwks -> 'keys') = 'array'),
  scopes text[] not null,
  created_by integer not null references users,
  created_at timestamptz not null,
  revoked_at timestamptz,
  revoked_by integer references users
);
create index fhir_clients_organization_idx on fhir_clients (organization_id);

create table fhir_assertion_jtis (
  fhir_client_id integer not null references fhir_clients,
  jti text not null,
  expires_at timestamptz not null,
  primary key (fhir_client_id, jti)
);
create index fhir_assertion_jtis_expires_idx on fhir_assertion_jtis (expires_at);

create table fhir_access_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  fhir_client_id integer not null references fhir_clients,
  scopes text[] not null,
  issued_at timestamptz not null,
  expires_at timestamptz not null
);
create index fhir_access_tokens_expires_idx on fhir_access_tokens (expires_at);

-- The administrators' page of clients, roles 1 and 2 (seed/role-pages.ts): given here to databases whose access
-- lists exist already; an empty one is filled from the seed's declaration at start.
insert into role_pages (role_id, page)
select r.role_id, 'FHIR Clients' from roles r where r.role_id in (1, 2) and exists (select 1 from role_pages)
on conflict do nothing;
