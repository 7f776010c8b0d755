import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database, Db } from './db/schema.js';

export interface AuditEntry {
  readonly userId: number | null;
  /** The admin behind a temporary login, so every row names both identities (architecture.md "Security"). */
  readonly actingUserId?: number | null;
  readonly action: string;
  readonly entity: string;
  readonly entityId?: string | number | null;
  readonly detail?: Record<string, unknown>;
  readonly ip?: string | null;
  readonly at: Date;
}

/** Who makes a change, from where and when: the audit fields a store's write takes (http/route-helpers.ts actor). */
export type AuditActor = Pick<AuditEntry, 'at' | 'actingUserId' | 'ip'> & { readonly userId: number };

/** Writes one audit row; call it inside the transaction of the change it records. */
export async function audit(db: Db | Transaction<Database>, e: AuditEntry): Promise<void> {
  await auditAll(db, [e]);
}

/** Writes the audit rows of one change in one statement (a change of many records: one row each). */
export async function auditAll(
  db: Db | Transaction<Database>,
  entries: readonly AuditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('audit_log')
    .values(
      entries.map((e) => ({
        at: e.at,
        user_id: e.userId,
        acting_user_id: e.actingUserId ?? null,
        action: e.action,
        entity: e.entity,
        entity_id: e.entityId == null ? null : String(e.entityId),
        detail: e.detail ? JSON.stringify(e.detail) : null,
        ip: e.ip ?? null,
      })),
    )
    .execute();
}

/**
 * The audit rows of a change made in the same statement, as a data-modifying CTE's body over `from` (an earlier CTE):
 * one-statement stores (the sleep locks) write a change and its audit rows in one round trip.
 */
export function auditRowsFrom(
  e: Pick<AuditEntry, 'at' | 'userId' | 'actingUserId' | 'ip' | 'action' | 'entity'>,
  from: string,
  entityId: RawBuilder<string>,
  detail: RawBuilder<unknown>,
): RawBuilder<unknown> {
  return sql`insert into audit_log (at, user_id, acting_user_id, action, entity, entity_id, detail, ip)
    select ${e.at}, ${e.userId}::integer, ${e.actingUserId ?? null}::integer, ${e.action}, ${e.entity},
      ${entityId}, ${detail}, ${e.ip ?? null}::text
    from ${sql.table(from)}`;
}
