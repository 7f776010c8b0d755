import { type ClaimLineStatus, isoDay } from '@rpm/shared';
import { sql, type Transaction } from 'kysely';
import { type AuditEntry, auditAll } from '../audit.js';
import type { Database } from '../db/schema.js';
import type { UploadContext } from './engine.js';

/**
 * Billing Uploads' writes (decisions.md "Billing Uploads", "Denials worklist"): new lines and updates, each with the
 * status it records in the history and its audit row; a reason is kept once.
 */

/** What an upload records of a claim line. */
export interface ClaimRecord {
  readonly organization_id: number;
  readonly practice_id: number;
  readonly patient_id: number;
  readonly claim_number: string;
  readonly cpt_code: string;
  readonly date_of_service: string;
  readonly status: ClaimLineStatus;
  readonly amount: number;
  readonly denial_reason: string | null;
}
/** The fields a change of which makes a known line an update. */
export const COMPARED = ['patient_id', 'status', 'amount', 'denial_reason'] as const;

export type Changes = Record<string, { before: unknown; after: unknown }>;
export interface ClaimPayload {
  readonly record: ClaimRecord;
  readonly existing?: { readonly lineId: number; readonly changes: Changes };
}

/** A line's identity: within its organisation, the claim, code and date of service. */
export const lineKey = (
  r: Pick<ClaimRecord, 'organization_id' | 'claim_number' | 'cpt_code' | 'date_of_service'>,
) => `${r.organization_id}|${r.claim_number}|${r.cpt_code}|${r.date_of_service}`;

/** The ids of the reasons, each kept once. */
async function reasonIds(trx: Transaction<Database>, reasons: readonly (string | null)[]) {
  const texts = [...new Set(reasons.flatMap((r) => (r ? [r] : [])))];
  if (texts.length === 0) return new Map<string, number>();
  await trx
    .insertInto('claim_denial_reasons')
    .values(texts.map((reason) => ({ reason })))
    .onConflict((oc) => oc.column('reason').doNothing())
    .execute();
  const rows = await trx
    .selectFrom('claim_denial_reasons')
    .select(['reason_id', 'reason'])
    .where('reason', 'in', texts)
    .execute();
  return new Map(rows.map((r) => [r.reason, r.reason_id]));
}

/** Writes the chosen lines of a chunk; returns how many were created and updated. */
export async function writeClaimLines(
  trx: Transaction<Database>,
  ctx: UploadContext,
  rows: readonly { readonly outcome: 'new' | 'update'; readonly payload: ClaimPayload }[],
  uploadId: number,
): Promise<{ created: number; updated: number }> {
  const at = ctx.actor.at;
  const reasons = await reasonIds(
    trx,
    rows.map((r) => r.payload.record.denial_reason),
  );
  const stored = (r: ClaimRecord) => ({
    organization_id: r.organization_id,
    practice_id: r.practice_id,
    patient_id: r.patient_id,
    claim_number: r.claim_number,
    cpt_code: r.cpt_code,
    date_of_service: r.date_of_service,
    status: r.status,
    amount: r.amount,
    denial_reason_id: r.denial_reason === null ? null : (reasons.get(r.denial_reason) ?? null),
  });
  const created = rows.filter((r) => r.outcome === 'new').map((r) => stored(r.payload.record));
  const inserted = created.length
    ? await trx
        .insertInto('claim_status_lines')
        .values(created.map((line) => ({ ...line, upload_id: uploadId, created_at: at, updated_at: at })))
        .returning(['line_id', 'organization_id', 'claim_number', 'cpt_code', 'date_of_service', 'status'])
        .execute()
    : [];
  const createdByKey = new Map(created.map((line) => [lineKey(line), line]));
  const updates = rows.flatMap((r) =>
    r.outcome === 'update' && r.payload.existing
      ? [{ ...r.payload.existing, line: stored(r.payload.record) }]
      : [],
  );
  if (updates.length > 0) {
    const values = JSON.stringify(updates.map((u) => ({ line_id: u.lineId, ...u.line })));
    // A new denial puts a resubmitted line back on the worklist (decisions.md "Denials worklist").
    await sql`update claim_status_lines l set patient_id = v.patient_id, practice_id = v.practice_id,
        status = v.status, amount = v.amount, denial_reason_id = v.denial_reason_id, upload_id = ${uploadId},
        updated_at = ${at},
        resubmitted_at = case when v.status = 'denied' then null else l.resubmitted_at end,
        resubmitted_by = case when v.status = 'denied' then null else l.resubmitted_by end
      from jsonb_to_recordset(${values}::jsonb) as v(line_id integer, patient_id integer, practice_id integer,
        status text, amount numeric, denial_reason_id integer)
      where l.line_id = v.line_id`.execute(trx);
  }
  const written = [
    ...inserted.map((row) => ({
      lineId: row.line_id,
      line: createdByKey.get(lineKey({ ...row, date_of_service: isoDay(row.date_of_service) })) as ReturnType<
        typeof stored
      >,
    })),
    ...updates.map((u) => ({ lineId: u.lineId, line: u.line })),
  ];
  if (written.length > 0)
    await trx
      .insertInto('claim_status_history')
      .values(
        written.map(({ lineId, line }) => ({
          line_id: lineId,
          status: line.status,
          amount: line.amount,
          denial_reason_id: line.denial_reason_id,
          upload_id: uploadId,
          recorded_at: at,
          recorded_by: ctx.auth.userId,
        })),
      )
      .execute();
  const entries: AuditEntry[] = [
    ...inserted.map((row) => ({
      ...ctx.actor,
      action: 'upload_claim_line',
      entity: 'claim_status_line',
      entityId: row.line_id,
      detail: {
        upload_id: uploadId,
        claim: row.claim_number,
        code: row.cpt_code,
        date_of_service: isoDay(row.date_of_service),
        status: row.status,
      },
    })),
    ...updates.map((u) => ({
      ...ctx.actor,
      action: 'update_claim_line',
      entity: 'claim_status_line',
      entityId: u.lineId,
      detail: { upload_id: uploadId, changes: u.changes },
    })),
  ];
  await auditAll(trx, entries);
  return { created: inserted.length, updated: updates.length };
}
