-- Issue 44: the audit chain (0011) is a plain sha256 chain, so whoever can write the table can rewrite a row and
-- every hash after it. Two defences:
-- 1. Seals: the app signs the chain head with AUDIT_KEY, a secret the database never holds (HMAC-SHA256 computed in
--    the app, bff/src/audit/seal.ts); `npm run audit:verify` checks each seal against the chain, so a rewritten row
--    before a seal is found even when every hash was recomputed.
-- 2. Least privilege: the chain triggers run as their owner (security definer), so the app's login needs no write
--    access to audit_chain_head, and migrations run as a separate owner role (bff/src/db/grants.ts).
create table audit_seals (
  seal_id bigint generated always as identity primary key,
  last_id bigint not null unique,
  last_hash text not null check (last_hash ~ '^[0-9a-f]{64}$'),
  mac text not null check (mac ~ '^[0-9a-f]{64}$'),
  sealed_at timestamptz not null
);

create function audit_refuse_seal_change() returns trigger
  language plpgsql
  as $$
begin
  raise exception 'audit_seals is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
end
$$;
create trigger audit_seals_no_change before update or delete on audit_seals
  for each row execute function audit_refuse_seal_change();
create trigger audit_seals_no_truncate before truncate on audit_seals
  for each statement execute function audit_refuse_seal_change();

alter function audit_lock_chain() security definer set search_path = public;
alter function audit_chain_row() security definer set search_path = public;
