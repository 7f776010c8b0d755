import type { Transaction } from 'kysely';
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
  await db
    .insertInto('audit_log')
    .values({
      at: e.at,
      user_id: e.userId,
      acting_user_id: e.actingUserId ?? null,
      action: e.action,
      entity: e.entity,
      entity_id: e.entityId == null ? null : String(e.entityId),
      detail: e.detail ? JSON.stringify(e.detail) : null,
      ip: e.ip ?? null,
    })
    .execute();
}
