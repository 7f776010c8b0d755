-- The chart's Documents, Orders (enroll-details), Sub Orders and authorization-history (000 §2.3).
-- Same conventions as 0001: integer identity keys, timestamptz, every foreign key indexed, CHECKs.

-- decisions.md "Documents": the file lives on disk (storage_key names it under the documents folder); a removal
-- keeps the row and the file, marked with who removed it and when.
create table patient_documents (
  document_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  title text not null check (length(title) between 1 and 200),
  category text not null,
  file_name text not null check (length(file_name) between 1 and 255),
  content_type text not null check (content_type in ('application/pdf', 'image/png', 'image/jpeg')),
  size_bytes integer not null check (size_bytes > 0),
  sha256 text not null,
  storage_key text not null unique,
  uploaded_by integer not null references users,
  acting_user_id integer references users,
  uploaded_at timestamptz not null,
  deleted_by integer references users,
  deleted_at timestamptz,
  check ((deleted_by is null) = (deleted_at is null))
);
create index patient_documents_patient_id_idx on patient_documents (patient_id, uploaded_at);
create index patient_documents_uploaded_by_idx on patient_documents (uploaded_by);
create index patient_documents_acting_user_id_idx on patient_documents (acting_user_id);
create index patient_documents_deleted_by_idx on patient_documents (deleted_by);

-- decisions.md "Enrolment orders": the order for RPM or CCM with the ordering provider, diagnoses and consent.
create table enrollment_orders (
  order_id integer generated always as identity primary key,
  patient_id integer not null references patients,
  program text not null check (program in ('RPM', 'CCM')),
  ordering_provider text not null check (length(ordering_provider) between 1 and 200),
  provider_npi text check (provider_npi ~ '^[0-9]{10}$'),
  diagnosis_codes jsonb not null check (jsonb_typeof(diagnosis_codes) = 'array'
    and jsonb_array_length(diagnosis_codes) between 1 and 12),
  order_date date not null,
  consent_date date not null,
  consent_method text not null check (consent_method in ('verbal', 'written', 'electronic')),
  created_by integer not null references users,
  acting_user_id integer references users,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index enrollment_orders_patient_id_idx on enrollment_orders (patient_id, order_date);
create index enrollment_orders_created_by_idx on enrollment_orders (created_by);
create index enrollment_orders_acting_user_id_idx on enrollment_orders (acting_user_id);

-- decisions.md "Authorization history": every insurance authorisation of an order, never overwritten.
create table order_authorizations (
  authorization_id integer generated always as identity primary key,
  order_id integer not null references enrollment_orders,
  patient_id integer not null references patients,
  authorization_number text not null check (length(authorization_number) between 1 and 50),
  start_date date not null,
  end_date date not null check (end_date >= start_date),
  recorded_by integer not null references users,
  recorded_at timestamptz not null
);
create index order_authorizations_order_id_idx on order_authorizations (order_id, recorded_at);
create index order_authorizations_patient_id_idx on order_authorizations (patient_id, start_date);
create index order_authorizations_recorded_by_idx on order_authorizations (recorded_by);

-- decisions.md "Device orders": the devices an enrolment order asks for, with their fulfilment.
create table device_orders (
  device_order_id integer generated always as identity primary key,
  order_id integer not null references enrollment_orders,
  patient_id integer not null references patients,
  device_type_id integer not null references device_types,
  status text not null check (status in ('ordered', 'shipped', 'delivered', 'returned')),
  tracking_number text check (length(tracking_number) between 1 and 100),
  ordered_by integer not null references users,
  ordered_at timestamptz not null,
  shipped_at timestamptz,
  delivered_at timestamptz,
  returned_at timestamptz,
  updated_at timestamptz not null
);
create index device_orders_order_id_idx on device_orders (order_id);
create index device_orders_patient_id_idx on device_orders (patient_id, ordered_at);
create index device_orders_device_type_id_idx on device_orders (device_type_id);
create index device_orders_ordered_by_idx on device_orders (ordered_by);
