-- Device-vendor webhooks (issue 43 §4; decisions.md "Device vendor webhooks"): each vendor's signing secrets (two may
-- be live while one is rotated), the events received (idempotency by vendor and event id), and each device's history
-- of fulfilment and connection events.
create table device_webhook_secrets (
  secret_id integer generated always as identity primary key,
  vendor_name text not null check (vendor_name ~ '^[a-z0-9-]{2,40}$'),
  organization_id integer references organizations,
  secret text not null check (length(secret) >= 32),
  created_at timestamptz not null,
  revoked_at timestamptz
);
create index device_webhook_secrets_vendor_idx on device_webhook_secrets (vendor_name) where revoked_at is null;

create table device_webhook_events (
  vendor_name text not null,
  event_id text not null,
  body_hash text not null,
  event_type text not null,
  received_at timestamptz not null,
  primary key (vendor_name, event_id)
);

create table device_events (
  device_event_id bigint generated always as identity primary key,
  inventory_id integer references devices,
  device_order_id integer references device_orders,
  patient_id integer references patients,
  event text not null,
  detail jsonb,
  occurred_at timestamptz not null,
  vendor_name text not null,
  event_id text not null
);
create index device_events_inventory_idx on device_events (inventory_id, occurred_at);
create index device_events_patient_idx on device_events (patient_id, occurred_at);
