-- Leads (000 §2.4 'Leads', the sales representative's menu; decisions.md "Leads"): the practices a sales team is
-- courting, each of one organisation (the team's), with its contact, stage and next follow-up. Kept like the
-- configuration tables (shared/src/lists/config-table.ts): added and edited, deactivated rather than deleted.
create table leads (
  lead_id integer generated always as identity primary key,
  organization_id integer not null references organizations,
  practice_name text not null check (length(practice_name) between 1 and 100),
  contact_name text not null check (length(contact_name) between 1 and 100),
  contact_phone text not null check (length(contact_phone) between 1 and 100),
  contact_email text not null check (length(contact_email) between 3 and 254),
  stage text not null default 'New'
    check (stage in ('New', 'Contacted', 'Demo', 'Proposal', 'Won', 'Lost')),
  next_follow_up date not null,
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create unique index leads_organization_practice_key on leads (organization_id, lower(practice_name));
create index leads_follow_up_idx on leads (organization_id, next_follow_up) where active;
