import { sql } from 'kysely';
import type { Db } from './schema.js';

/**
 * Least privilege in the database (issue 44; decisions.md "Database roles"): migrations run as the owner login
 * (MIGRATION_DATABASE_URL), and the app's own login owns nothing and may only read and write rows. The audit
 * tables take inserts only; the chain head is moved by its security-definer triggers (0066), never by the app.
 */
export async function grantAppRole(owner: Db, role: string): Promise<void> {
  const app = sql.id(role);
  await sql`grant usage on schema public to ${app}`.execute(owner);
  await sql`grant select, insert, update, delete on all tables in schema public to ${app}`.execute(owner);
  await sql`grant usage, select on all sequences in schema public to ${app}`.execute(owner);
  await sql`revoke update, delete, truncate on audit_log, audit_seals from ${app}`.execute(owner);
  await sql`revoke insert, update, delete, truncate on audit_chain_head, schema_migrations from ${app}`.execute(
    owner,
  );
}

/** The tables, views and sequences the login owns: none for the app's login when the roles are apart. */
export async function ownedBy(db: Db, role: string): Promise<string[]> {
  const rows = await sql<{ relname: string }>`select c.relname from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and pg_get_userbyid(c.relowner) = ${role} order by c.relname`.execute(db);
  return rows.rows.map((row) => row.relname);
}

/** The user name of a postgres:// URL (decoded). */
export const loginOf = (url: string): string => decodeURIComponent(new URL(url).username);
