-- A SMART client's live tokens are kept in each process's session cache (bff/src/fhir/auth/bearer.ts); a revoked
-- client or a token written announces itself like the tables of 0031, so every replica forgets them at once.
do $$
declare
  scope_table text;
begin
  foreach scope_table in array array['fhir_clients', 'fhir_access_tokens']
  loop
    execute format(
      'create trigger %I after insert or update or delete or truncate on %I '
      'for each statement execute function notify_session_scope()',
      scope_table || '_notify_session_scope', scope_table);
  end loop;
end
$$;
