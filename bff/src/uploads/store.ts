import { createHash } from 'node:crypto';
import {
  UPLOAD_KIND_INFO,
  UPLOAD_PREVIEW_ROWS,
  type UploadKind,
  type UploadRow,
  type UploadSummary,
} from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import type { AuthContext } from '../auth/guard.js';
import type { Database, Db, UploadColumnMap } from '../db/schema.js';
import { notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';
import { userInOrganizations, visibleOrganizations } from '../scope.js';
import { type ColumnMap, csvChunks } from './csv-file.js';
import { type FileCheck, type KeptProblem, outcomeAt, type UploadCounts } from './engine.js';

/** The uploads kept (migration 0036): file, column map, each row's outcome and problems, and the counts. */

type Executor = Db | Transaction<Database>;

/** Problems one insert statement holds at most (four parameters each). */
const PROBLEM_CHUNK = 5000;

async function keepProblems(db: Executor, uploadId: number, problems: readonly KeptProblem[]): Promise<void> {
  await db.deleteFrom('upload_problems').where('upload_id', '=', uploadId).execute();
  for (let at = 0; at < problems.length; at += PROBLEM_CHUNK)
    await db
      .insertInto('upload_problems')
      .values(
        problems.slice(at, at + PROBLEM_CHUNK).map((p) => ({
          upload_id: uploadId,
          row_number: p.row,
          column_name: p.column,
          message: p.message,
        })),
      )
      .execute();
}

const countColumns = (counts: UploadCounts) => ({
  total_rows: counts.rows,
  new_rows: counts.new,
  update_rows: counts.update,
  unchanged_rows: counts.unchanged,
  duplicate_rows: counts.duplicate,
  invalid_rows: counts.invalid,
});

const columnMapOf = (map: ColumnMap): UploadColumnMap => ({
  fields: map.fields.map(([field, index]) => [field, index]),
  headers: [...map.headers],
  ignored: [...map.ignored],
});

/** Keeps a previewed upload with what its check found; returns its id. */
export async function keepUpload(
  db: Executor,
  upload: {
    readonly kind: UploadKind;
    readonly auth: Pick<AuthContext, 'userId'> & { readonly actingUserId: number | null };
    readonly organizationId: number | null;
    readonly fileName: string;
    readonly bytes: number;
    readonly text: string;
    readonly at: Date;
  },
  checked: FileCheck,
): Promise<number> {
  const { upload_id } = await db
    .insertInto('uploads')
    .values({
      kind: upload.kind,
      user_id: upload.auth.userId,
      acting_user_id: upload.auth.actingUserId,
      organization_id: upload.organizationId,
      file_name: upload.fileName,
      content: upload.text,
      size_bytes: upload.bytes,
      sha256: createHash('sha256').update(upload.text).digest('hex'),
      column_map: JSON.stringify(columnMapOf(checked.map)),
      outcomes: checked.outcomes,
      uploaded_at: upload.at,
      ...countColumns(checked.counts),
    })
    .returning('upload_id')
    .executeTakeFirstOrThrow();
  await keepProblems(db, upload_id, checked.problems);
  return upload_id;
}

/** Records a commit's result: its choices, the recount, what it wrote, the problems found again. */
export async function keepCommit(
  trx: Transaction<Database>,
  uploadId: number,
  result: {
    readonly status: 'committed' | 'rejected';
    readonly at: Date;
    readonly allOrNothing: boolean;
    readonly updateExisting: boolean;
    readonly checked: FileCheck;
    readonly created: number;
    readonly updated: number;
  },
): Promise<void> {
  await trx
    .updateTable('uploads')
    .set({
      status: result.status,
      committed_at: result.at,
      all_or_nothing: result.allOrNothing,
      update_existing: result.updateExisting,
      outcomes: result.checked.outcomes,
      created_rows: result.created,
      updated_rows: result.updated,
      ...countColumns(result.checked.counts),
    })
    .where('upload_id', '=', uploadId)
    .execute();
  await keepProblems(trx, uploadId, result.checked.problems);
}

/**
 * Whose uploads a user sees (decisions.md "CSV uploads"): their own and those of users of their organisations
 * (every upload for lowest role 1). `uploader` is the users table's alias of the upload's user.
 */
export async function uploadVisible(db: Db, auth: Pick<AuthContext, 'userId' | 'roleid'>, uploader: string) {
  const orgs = await visibleOrganizations(db, auth);
  if (orgs === 'all') return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.ref(`${uploader}.user_id`)} = ${auth.userId} or ${userInOrganizations(orgs, uploader)})`;
}

const unknownUpload = (id: number) => notFound(`Upload ${id} does not exist.`, 'upload_id');

/** An upload of the kind the user may see, with its file; 404 otherwise. */
export async function visibleUpload(
  db: Executor,
  auth: Pick<AuthContext, 'userId' | 'roleid'>,
  kind: UploadKind,
  uploadId: number,
  where: RawBuilder<SqlBool> | null = null,
) {
  const row = await db
    .selectFrom('uploads as up')
    .innerJoin('users as u', 'u.user_id', 'up.user_id')
    .selectAll('up')
    .select(['u.firstname', 'u.lastname'])
    .where('up.upload_id', '=', uploadId)
    .where('up.kind', '=', kind)
    .where(where ?? (await uploadVisible(db as Db, auth, 'u')))
    .executeTakeFirst();
  if (!row) throw unknownUpload(uploadId);
  return row;
}
type KeptUpload = Awaited<ReturnType<typeof visibleUpload>>;

async function problemsOf(db: Executor, uploadId: number, rows?: readonly number[]) {
  return db
    .selectFrom('upload_problems')
    .select(['row_number', 'column_name', 'message'])
    .where('upload_id', '=', uploadId)
    .$if(rows !== undefined, (q) => q.where('row_number', 'in', [0, ...(rows ?? [])]))
    .orderBy('row_number')
    .execute();
}

/** Every row with a problem, then the file's first others, at most UPLOAD_PREVIEW_ROWS, by row number. */
async function shownRows(db: Executor, upload: KeptUpload): Promise<UploadRow[]> {
  const withProblems = await db
    .selectFrom('upload_problems')
    .select('row_number')
    .distinct()
    .where('upload_id', '=', upload.upload_id)
    .orderBy('row_number')
    .limit(UPLOAD_PREVIEW_ROWS)
    .execute();
  const shown = new Set(withProblems.map((r) => r.row_number));
  for (let row = 2; shown.size < UPLOAD_PREVIEW_ROWS && row - 2 < upload.outcomes.length; row++)
    if (outcomeAt(upload.outcomes, row) !== null) shown.add(row);
  const problems = await problemsOf(db, upload.upload_id, [...shown]);
  const cells = new Map<number, string[]>();
  const last = Math.max(...shown, 0);
  for await (const chunk of csvChunks(upload.content, 1000, () => {})) {
    for (const r of chunk)
      if (shown.has(r.row))
        cells.set(
          r.row,
          upload.column_map.fields.map(([, index]) => r.cells[index] ?? ''),
        );
    if ((chunk.at(-1)?.row ?? 0) >= last) break;
  }
  return [...shown]
    .sort((a, b) => a - b)
    .map((row) => ({
      row,
      outcome: outcomeAt(upload.outcomes, row) ?? 'invalid',
      cells: cells.get(row) ?? [],
      problems: problems
        .filter((p) => p.row_number === row)
        .map((p) => ({ column: p.column_name, message: p.message })),
    }));
}

/** An upload as its page shows it. */
export async function uploadSummary(db: Executor, upload: KeptUpload): Promise<UploadSummary> {
  const headerOf = new Map(UPLOAD_KIND_INFO[upload.kind].columns.map((c) => [c.field, c.header]));
  return {
    upload_id: upload.upload_id,
    kind: upload.kind,
    file_name: upload.file_name,
    uploaded_by: fullName(upload.firstname, upload.lastname),
    uploaded_at: upload.uploaded_at.toISOString(),
    status: upload.status,
    committed_at: upload.committed_at?.toISOString() ?? null,
    all_or_nothing: upload.all_or_nothing,
    update_existing: upload.update_existing,
    counts: {
      rows: upload.total_rows,
      new: upload.new_rows,
      update: upload.update_rows,
      unchanged: upload.unchanged_rows,
      duplicate: upload.duplicate_rows,
      invalid: upload.invalid_rows,
      created: upload.created_rows,
      updated: upload.updated_rows,
    },
    columns: upload.column_map.fields.map(([field]) => headerOf.get(field) ?? field),
    ignored_columns: upload.column_map.ignored,
    rows: await shownRows(db, upload),
  };
}

/**
 * The error report: the file's header with 'Row' before and 'Problems' after, then each row with a problem as the
 * file had it, so the user can fix the rows and upload the report's rows again.
 */
export async function* errorReportRows(db: Executor, upload: KeptUpload): AsyncGenerator<string[][]> {
  const problems = await problemsOf(db, upload.upload_id);
  const byRow = new Map<number, string[]>();
  for (const p of problems) {
    const list = byRow.get(p.row_number) ?? [];
    list.push(p.column_name ? `${p.column_name}: ${p.message}` : p.message);
    byRow.set(p.row_number, list);
  }
  yield [['Row', ...upload.column_map.headers, 'Problems']];
  if (byRow.size === 0) return;
  for await (const chunk of csvChunks(upload.content, 1000, () => {})) {
    const rows = chunk.flatMap((r) => {
      const found = byRow.get(r.row);
      return found ? [[String(r.row), ...r.cells, found.join('; ')]] : [];
    });
    if (rows.length > 0) yield rows;
  }
}

/** The organisation's saved mapping of a kind ({} when none). */
export async function savedMapping(
  db: Executor,
  organizationId: number | null,
  kind: UploadKind,
): Promise<Record<string, string>> {
  if (organizationId === null) return {};
  const row = await db
    .selectFrom('upload_mappings')
    .select('mapping')
    .where('organization_id', '=', organizationId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.mapping ?? {};
}
