-- Every committed write to a table the session query reads (bff/src/auth/sessions.ts SESSION_SQL) is announced on
-- the 'session_scope' channel, so each server process empties its session cache (bff/src/auth/session-cache.ts,
-- decisions.md "Sessions are cached until their tables change"). Per statement, with no payload: PostgreSQL folds a
-- transaction's identical notifications into one, delivered at commit.
create function notify_session_scope() returns trigger
  language plpgsql
  as $$
begin
  perform pg_notify('session_scope', '');
  return null;
end
$$;

-- The tables of SESSION_SCOPE_TABLES (bff/src/auth/session-cache.ts).
do $$
declare
  scope_table text;
begin
  foreach scope_table in array array['sessions', 'users', 'user_roles', 'role_pages', 'user_mfa', 'user_practices']
  loop
    execute format(
      'create trigger %I after insert or update or delete or truncate on %I '
      'for each statement execute function notify_session_scope()',
      scope_table || '_notify_session_scope', scope_table);
  end loop;
end
$$;
