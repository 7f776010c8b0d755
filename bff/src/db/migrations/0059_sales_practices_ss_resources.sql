-- Sales Practice Dashboard (decisions.md "Sales Practice Dashboard"): who brought a practice in. A lead records the
-- user who added it (the sales rep working it) and, once Won, the practice it became: the organisation's practice
-- of the same name, linked by the triggers below whichever of the two is written first.
alter table leads add column added_by integer references users;
alter table leads add column practice_id integer references practices;
create index leads_added_by_idx on leads (added_by) where practice_id is not null;
create index leads_practice_id_idx on leads (practice_id);

create function lead_practice_link() returns trigger language plpgsql as $$
begin
  if new.stage = 'Won' and new.practice_id is null then
    new.practice_id := (select p.practice_id from practices p
      where p.organization_id = new.organization_id and lower(p.practice_name) = lower(new.practice_name)
      order by p.practice_id limit 1);
  end if;
  return new;
end $$;
create trigger leads_practice_link before insert or update of stage, practice_name on leads
  for each row execute function lead_practice_link();

create function practice_lead_link() returns trigger language plpgsql as $$
begin
  update leads l set practice_id = new.practice_id
  where l.organization_id = new.organization_id and l.stage = 'Won' and l.practice_id is null
    and lower(l.practice_name) = lower(new.practice_name);
  return null;
end $$;
create trigger practices_lead_link after insert or update of practice_name on practices
  for each row execute function practice_lead_link();

-- SS Resource (000 §2.4 'Billing Utility' row, `ss-resource`; decisions.md "SS Resource"): an organisation's library
-- of sleep-study resources, each a file (PDF, DOCX, PNG or JPEG by its bytes, stored like the chart's documents) or
-- a link. Removed ones are kept, with who removed them and when, for the record.
create table ss_resources (
  resource_id integer generated always as identity primary key,
  organization_id integer not null references organizations,
  title text not null check (length(title) between 1 and 200),
  category text not null check (category in ('Guide', 'Form', 'Protocol', 'Patient handout', 'Training', 'Other')),
  description text not null default '' check (length(description) <= 2000),
  url text check (url ~ '^https?://' and length(url) <= 2000),
  file_name text check (length(file_name) between 1 and 255),
  content_type text check (content_type in ('application/pdf', 'image/png', 'image/jpeg',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document')),
  size_bytes integer check (size_bytes > 0),
  sha256 text,
  storage_key text unique,
  uploaded_by integer not null references users,
  acting_user_id integer references users,
  uploaded_at timestamptz not null,
  deleted_by integer references users,
  deleted_at timestamptz,
  -- Exactly one of a link and a file, the file with all its facts.
  check ((url is null) = (storage_key is not null)),
  check ((storage_key is null) = (file_name is null) and (storage_key is null) = (content_type is null)
    and (storage_key is null) = (size_bytes is null) and (storage_key is null) = (sha256 is null)),
  check ((deleted_by is null) = (deleted_at is null))
);
create index ss_resources_organization_idx on ss_resources (organization_id, uploaded_at) where deleted_at is null;
create index ss_resources_uploaded_by_idx on ss_resources (uploaded_by);
create index ss_resources_acting_user_id_idx on ss_resources (acting_user_id);
create index ss_resources_deleted_by_idx on ss_resources (deleted_by);
