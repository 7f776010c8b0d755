import { CLAIM_TEXT, UPLOAD_KIND_INFO, UPLOAD_KINDS, UPLOAD_TEXT, type UploadKind } from '@rpm/shared';
import { sql, type Transaction } from 'kysely';
import { audit } from '../audit.js';
import type { Database } from '../db/schema.js';
import { conflict } from '../domain-errors.js';
import { lockMrnWrites } from '../patients/record-store.js';
import {
  checkFile,
  headerOf,
  outcomeAt,
  type UploadContext,
  type UploadKindRows,
  writeFile,
} from './engine.js';
import { keepCommit, visibleUpload } from './store.js';

/**
 * An upload's commit (decisions.md "CSV uploads"): the kept file checked again in the transaction, then its new rows
 * (and updates when chosen) written unless 'all or nothing' meets a problem; the upload records the outcome.
 */

/** The advisory-lock class of commits: one commit of a kind at a time (the second key is the kind). */
const COMMIT_LOCK = 38_003;

/** Why a row the check found an update was not written. */
const NOT_UPDATED: Readonly<Record<UploadKind, string>> = {
  patients:
    "A patient with this MRN is recorded with other values; not updated ('Update existing' was not chosen).",
  devices: "This device is recorded with other values; not updated ('Update existing' was not chosen).",
  claims: CLAIM_TEXT.notUpdated,
};

export async function commitUpload<W>(
  trx: Transaction<Database>,
  rows: UploadKindRows<W>,
  ctx: UploadContext,
  choice: { readonly uploadId: number; readonly allOrNothing: boolean; readonly updateExisting: boolean },
): Promise<{ status: 'committed' | 'rejected'; created: number; updated: number; problemRows: number }> {
  const kind = rows.kind;
  await sql`select pg_advisory_xact_lock(${COMMIT_LOCK}, ${UPLOAD_KINDS.indexOf(kind)})`.execute(trx);
  if (kind === 'patients') await lockMrnWrites(trx, true);
  // Only the user who previewed an upload commits it; another user's is unknown to them.
  const upload = await visibleUpload(
    trx,
    ctx.auth,
    kind,
    choice.uploadId,
    sql`up.user_id = ${ctx.auth.userId}`,
  );
  if (upload.status === 'committed') throw conflict(UPLOAD_TEXT.alreadyDone, 'upload_id');
  const storedMap = upload.column_map;
  const checked = await checkFile(trx, rows, ctx, upload.content, () => storedMap);
  const problemRows = checked.counts.invalid + checked.counts.duplicate;
  const reject = choice.allOrNothing && problemRows > 0;
  const written = reject
    ? { created: 0, updated: 0 }
    : await writeFile(trx, rows, ctx, upload.content, checked, choice.updateExisting, upload.upload_id);
  if (!choice.updateExisting) {
    const keyHeader = headerOf(kind, UPLOAD_KIND_INFO[kind].key);
    for (let row = 2; row - 2 < checked.outcomes.length; row++)
      if (outcomeAt(checked.outcomes, row) === 'update')
        checked.problems.push({ row, column: keyHeader, message: NOT_UPDATED[kind] });
    checked.problems.sort((a, b) => a.row - b.row);
  }
  const status = reject ? 'rejected' : 'committed';
  await keepCommit(trx, upload.upload_id, {
    status,
    at: ctx.actor.at,
    allOrNothing: choice.allOrNothing,
    updateExisting: choice.updateExisting,
    checked,
    ...written,
  });
  await audit(trx, {
    ...ctx.actor,
    action: 'commit_upload',
    entity: 'upload',
    entityId: upload.upload_id,
    detail: {
      kind,
      status,
      ...written,
      all_or_nothing: choice.allOrNothing,
      update_existing: choice.updateExisting,
    },
  });
  return { status, ...written, problemRows };
}
