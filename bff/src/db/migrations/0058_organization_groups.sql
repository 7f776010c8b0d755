-- Organization Groups (000 §2.4 'Billing Utility' organization-groups; decisions.md "Organization Groups"):
-- organisations administered together. An administrator of a group sees its organisations, their practices and
-- their patients (bff/src/scope.ts), so the session query reads these tables (bff/src/auth/sessions.ts SESSION_SQL).
create table organization_groups (
  group_id integer generated always as identity primary key,
  group_name text not null check (length(group_name) between 1 and 100),
  created_by integer not null references users,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index organization_groups_name_key on organization_groups (lower(group_name));

create table organization_group_members (
  group_id integer not null references organization_groups on delete cascade,
  organization_id integer not null references organizations,
  primary key (group_id, organization_id)
);
create index organization_group_members_organization_idx on organization_group_members (organization_id);

create table organization_group_admins (
  group_id integer not null references organization_groups on delete cascade,
  user_id integer not null references users,
  primary key (group_id, user_id)
);
create index organization_group_admins_user_idx on organization_group_admins (user_id, group_id);

-- The session query's practices now follow group administration and the practices of member organisations:
-- each committed write announces itself like the tables of 0031 (bff/src/auth/session-cache.ts).
do $$
declare
  scope_table text;
begin
  foreach scope_table in array array['organization_group_admins', 'organization_group_members', 'practices']
  loop
    execute format(
      'create trigger %I after insert or update or delete or truncate on %I '
      'for each statement execute function notify_session_scope()',
      scope_table || '_notify_session_scope', scope_table);
  end loop;
end
$$;
