import { isoDay } from '@rpm/shared';
import { sql } from 'kysely';
import { audit } from '../audit.js';
import type { AuthContext } from '../auth/guard.js';
import type { Db } from '../db/schema.js';
import { forbidden, notFound } from '../domain-errors.js';
import { type BillingScope, inScope, NO_PRACTICE_ACCESS } from './scope.js';

/** What recording a claim answered. */
export interface ClaimResult {
  /** 'YYYY-MM-DD' (UTC) of the first time the claim was recorded. */
  readonly claimDate: string;
  /** False when the claim was already recorded: nothing was written. */
  readonly recorded: boolean;
}

/**
 * Records once that a patient-month's claim was sent ('Claim Sent', 001 §2.1, §4) with its audit row; a repeat or
 * a concurrent request answers the first date. 404 for an unknown summary id, 403 outside the user's practices.
 * Every listed row may be claimed, even one without a billable code: the biller decides what to send (001 §2.1).
 */
export async function recordClaim(
  db: Db,
  scope: BillingScope,
  input: { readonly summaryId: number; readonly auth: AuthContext; readonly ip: string; readonly at: Date },
): Promise<ClaimResult> {
  const row = await db
    .selectFrom('patient_month_summary')
    .select(['id', 'patient_id', 'month', 'practice_id', 'location_id'])
    .where('id', '=', input.summaryId)
    .executeTakeFirst();
  if (!row) throw notFound(`Billing row ${input.summaryId} does not exist.`, 'id');
  if (!inScope(scope, row.practice_id, row.location_id)) throw forbidden(NO_PRACTICE_ACCESS, 'id');
  const month = isoDay(row.month);
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('billing_claims')
      .values({
        patient_id: row.patient_id,
        month,
        claimed_at: input.at,
        claimed_by: input.auth.userId,
        acting_user_id: input.auth.session.actingUserId,
      })
      .onConflict((oc) => oc.columns(['patient_id', 'month']).doNothing())
      .returning('claimed_at')
      .executeTakeFirst();
    if (inserted) {
      await audit(trx, {
        at: input.at,
        userId: input.auth.userId,
        actingUserId: input.auth.session.actingUserId,
        ip: input.ip,
        action: 'billing_claim',
        entity: 'patient_month_summary',
        entityId: row.id,
        detail: { patient_id: row.patient_id, month },
      });
      return { claimDate: isoDay(inserted.claimed_at), recorded: true };
    }
    const existing = await trx
      .selectFrom('billing_claims')
      .select('claimed_at')
      .where('patient_id', '=', row.patient_id)
      .where('month', '=', sql<Date>`${month}::date`)
      .executeTakeFirstOrThrow();
    return { claimDate: isoDay(existing.claimed_at), recorded: false };
  });
}
