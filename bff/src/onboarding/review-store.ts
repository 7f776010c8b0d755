import { type ONBOARDING_PROGRAMS, ONBOARDING_TEXT, PROGRAM_OPTIONS } from '@rpm/shared';
import type { Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { conflict } from '../domain-errors.js';
import { createLocation, createPractice } from '../organizations/structure-store.js';
import { unknownSubmission } from './store.js';

/** The review of a submission (decisions.md "Onboarding"): started, then approved or rejected once, each audited. */

/** Locks the submission for a change; 404 when unknown, 409 once decided (or, `submittedOnly`, once in review). */
async function lockOpen(trx: Transaction<Database>, submissionId: number, submittedOnly = false) {
  const row = await trx
    .selectFrom('onboarding_submissions')
    .select(['submission_id', 'status', 'practice_name', 'expected_rpm', 'expected_ccm'])
    .select(['expected_pcm', 'expected_bhi', 'expected_rtm'])
    .where('submission_id', '=', submissionId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw unknownSubmission(submissionId);
  const open = submittedOnly
    ? row.status === 'submitted'
    : row.status !== 'approved' && row.status !== 'rejected';
  if (!open) throw conflict(ONBOARDING_TEXT.alreadyDecided, 'submission_id');
  return row;
}

/** Marks a submitted request as in review, with its audit row. */
export async function startReview(db: Db, by: AuditActor, submissionId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockOpen(trx, submissionId, true);
    await trx
      .updateTable('onboarding_submissions')
      .set({ status: 'in_review', review_started_by: by.userId, review_started_at: by.at })
      .where('submission_id', '=', submissionId)
      .execute();
    await audit(trx, {
      ...by,
      action: 'onboarding_review',
      entity: 'onboarding_submission',
      entityId: submissionId,
    });
  });
}

/**
 * Approves a submission: its practice is created in `organizationId` (the caller checked it is theirs) with one
 * location offering the programs it expects patients in, all audited in one transaction.
 */
export async function approveSubmission(
  db: Db,
  by: AuditActor,
  submissionId: number,
  organizationId: number,
): Promise<{ practice_id: number }> {
  return db.transaction().execute(async (trx) => {
    const s = await lockOpen(trx, submissionId);
    const practice = await createPractice(trx, by, {
      practice_name: s.practice_name,
      organization_id: organizationId,
    });
    const expected: Record<(typeof ONBOARDING_PROGRAMS)[number], number> = {
      RPM: s.expected_rpm,
      CCM: s.expected_ccm,
      PCM: s.expected_pcm,
      BHI: s.expected_bhi,
      RTM: s.expected_rtm,
    };
    const programIds = PROGRAM_OPTIONS.filter((p) => expected[p.program_name] > 0).map((p) => p.program_id);
    await createLocation(trx, by, {
      location_name: s.practice_name,
      practice_id: practice.practice_id,
      program_ids: programIds,
    });
    await trx
      .updateTable('onboarding_submissions')
      .set({
        status: 'approved',
        decided_by: by.userId,
        decided_acting_user_id: by.actingUserId ?? null,
        decided_at: by.at,
        practice_id: practice.practice_id,
      })
      .where('submission_id', '=', submissionId)
      .execute();
    await audit(trx, {
      ...by,
      action: 'onboarding_approve',
      entity: 'onboarding_submission',
      entityId: submissionId,
      detail: { organization_id: organizationId, practice_id: practice.practice_id },
    });
    return practice;
  });
}

/** Rejects a submission with the reason its contact sees, audited. */
export async function rejectSubmission(
  db: Db,
  by: AuditActor,
  submissionId: number,
  reason: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockOpen(trx, submissionId);
    await trx
      .updateTable('onboarding_submissions')
      .set({
        status: 'rejected',
        decided_by: by.userId,
        decided_acting_user_id: by.actingUserId ?? null,
        decided_at: by.at,
        reject_reason: reason,
      })
      .where('submission_id', '=', submissionId)
      .execute();
    await audit(trx, {
      ...by,
      action: 'onboarding_reject',
      entity: 'onboarding_submission',
      entityId: submissionId,
      detail: { reason },
    });
  });
}
