-- ONC 170.315(d)(2)/(3): audit rows are append-only and chained by a hash, so a changed or removed
-- row is detected by `npm run audit:verify` (bff/src/audit/verify.ts).
--
-- row_hash = hex(sha256(prev_hash || E'\n' || audit_canonical(row))); prev_hash = the row_hash of the row before it
-- in id order ('0' x 64 for the first). audit_chain_head holds the last row's id and hash, so removing the newest
-- rows is detected too. sha256(bytea) is built in (PostgreSQL 11+, PGlite): no extension needed.

alter table audit_log add column prev_hash text, add column row_hash text;

create table audit_chain_head (
  only_row boolean primary key default true check (only_row),
  last_id bigint,
  last_hash text not null
);
insert into audit_chain_head (last_id, last_hash) values (null, repeat('0', 64));

-- The fields a row's hash covers, as one text that does not depend on the session (time zone, date style).
create function audit_canonical(a audit_log) returns text
  language sql stable
  as $$
    select jsonb_build_array(
      a.audit_id,
      to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      a.user_id,
      a.acting_user_id,
      a.action,
      a.entity,
      a.entity_id,
      a.detail,
      a.ip
    )::text
  $$;

create function audit_row_hash(prev text, a audit_log) returns text
  language sql stable
  as $$ select encode(sha256(convert_to(prev || E'\n' || audit_canonical(a), 'UTF8')), 'hex') $$;

-- The rows written before this migration, chained in id order.
do $$
declare
  r audit_log;
  prev text := repeat('0', 64);
  last bigint;
begin
  for r in select * from audit_log order by audit_id loop
    r.prev_hash := prev;
    r.row_hash := audit_row_hash(prev, r);
    update audit_log set prev_hash = r.prev_hash, row_hash = r.row_hash where audit_id = r.audit_id;
    prev := r.row_hash;
    last := r.audit_id;
  end loop;
  update audit_chain_head set last_id = last, last_hash = prev;
end
$$;

alter table audit_log alter column prev_hash set not null, alter column row_hash set not null;

-- Before any row of an insert takes its id: lock the chain head until commit, so concurrent writers take ids and
-- chain positions in the same order (the chain follows id order).
create function audit_lock_chain() returns trigger
  language plpgsql
  as $$
begin
  perform 1 from audit_chain_head for update;
  return null;
end
$$;

create function audit_chain_row() returns trigger
  language plpgsql
  as $$
declare
  prev text;
begin
  select last_hash into prev from audit_chain_head for update;
  new.prev_hash := prev;
  new.row_hash := audit_row_hash(prev, new);
  update audit_chain_head set last_id = new.audit_id, last_hash = new.row_hash;
  return new;
end
$$;

create function audit_refuse_change() returns trigger
  language plpgsql
  as $$
begin
  raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
end
$$;

create trigger audit_log_lock before insert on audit_log for each statement execute function audit_lock_chain();
create trigger audit_log_chain before insert on audit_log for each row execute function audit_chain_row();
create trigger audit_log_no_change before update or delete on audit_log
  for each row execute function audit_refuse_change();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_refuse_change();

-- The audit report's action and entity filters list the values in use (a loose index scan on each).
create index audit_log_action_idx on audit_log (action);
