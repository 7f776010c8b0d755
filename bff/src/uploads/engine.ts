import type { RowOutcome, UploadKind } from '@rpm/shared';
import { UPLOAD_KIND_INFO } from '@rpm/shared';
import type { Transaction } from 'kysely';
import type { AuditActor } from '../audit.js';
import type { AuthContext } from '../auth/guard.js';
import type { Database, Db } from '../db/schema.js';
import type { PatientScope } from '../scope.js';
import { type ColumnMap, cellsByField, csvChunks } from './csv-file.js';

/**
 * The upload's two passes (decisions.md "CSV uploads"): check (each chunk converted and checked set-based, shared
 * keys marked duplicate) and write (new rows, and updates when chosen, in the caller's transaction).
 */

/** Rows checked and written together: a few statements per chunk whatever the file's length. */
const UPLOAD_CHUNK = 1000;

/** A problem of a row, named by our column's field ('' for the whole row). */
export interface RowProblem {
  readonly field: string;
  readonly message: string;
}

/** What a kind found of one row, with what it needs to write it. */
export interface CheckedRow<W> {
  readonly outcome: Exclude<RowOutcome, 'duplicate'>;
  readonly problems: readonly RowProblem[];
  /** The record's identity within the file (practice and MRN; IMEI), when the row names it. */
  readonly key: string | null;
  /** The key as the user wrote it, for the duplicate's text. */
  readonly keyText: string;
  readonly payload?: W;
}

/** Who uploads, when, and what they may reach. */
export interface UploadContext {
  readonly auth: Pick<AuthContext, 'userId' | 'roleid'>;
  readonly actor: AuditActor;
  readonly scope: PatientScope;
  readonly today: string;
}

type Executor = Db | Transaction<Database>;

/** One kind of upload: its reading of rows and its writes. */
export interface UploadKindRows<W> {
  readonly kind: UploadKind;
  /** A checker for one pass, with the reference data it looks names up in read once. */
  open(
    db: Executor,
    ctx: UploadContext,
  ): Promise<(rows: readonly Record<string, string>[]) => Promise<CheckedRow<W>[]>>;
  /** Writes the chosen rows; returns how many records were created and updated. */
  write(
    trx: Transaction<Database>,
    ctx: UploadContext,
    rows: readonly { readonly outcome: 'new' | 'update'; readonly payload: W }[],
    uploadId: number,
  ): Promise<{ created: number; updated: number }>;
  /** The text of a key found in several rows. */
  repeated(keyText: string, rows: readonly number[]): string;
}

/** A row's outcome as one letter, kept per upload (uploads.outcomes); 'b': a blank row. */
const LETTER: Record<RowOutcome, string> = {
  new: 'n',
  update: 'u',
  unchanged: 'c',
  duplicate: 'd',
  invalid: 'i',
};
const OUTCOME_OF = Object.fromEntries(Object.entries(LETTER).map(([o, l]) => [l, o])) as Record<
  string,
  RowOutcome
>;
/** The outcome of a spreadsheet row (2 and on) from the kept letters; null for a blank row. */
export const outcomeAt = (letters: string, row: number): RowOutcome | null =>
  OUTCOME_OF[letters[row - 2] ?? 'b'] ?? null;

/** A problem as kept: the spreadsheet row and our column's header. */
export interface KeptProblem {
  readonly row: number;
  readonly column: string;
  readonly message: string;
}

export type UploadCounts = Record<RowOutcome, number> & { rows: number };

/** What the check pass found. */
export interface FileCheck {
  readonly map: ColumnMap;
  /** One letter per row after the header (LETTER; 'b' blank). */
  readonly outcomes: string;
  readonly problems: KeptProblem[];
  readonly counts: UploadCounts;
}

export const headerOf = (kind: UploadKind, field: string) =>
  UPLOAD_KIND_INFO[kind].columns.find((c) => c.field === field)?.header ?? '';

/** The check pass: every row's outcome and problems; nothing written. */
export async function checkFile<W>(
  db: Executor,
  rows: UploadKindRows<W>,
  ctx: UploadContext,
  text: string,
  columnsOf: (headers: readonly string[]) => ColumnMap,
): Promise<FileCheck> {
  const check = await rows.open(db, ctx);
  let map: ColumnMap | undefined;
  const letters: string[] = [];
  const problems: KeptProblem[] = [];
  const keyRows = new Map<string, { text: string; rows: number[] }>();
  for await (const chunk of csvChunks(text, UPLOAD_CHUNK, (headers) => {
    map = columnsOf(headers);
  })) {
    const fileMap = map as ColumnMap;
    const checked = await check(chunk.map((r) => cellsByField(fileMap, r)));
    chunk.forEach((fileRow, i) => {
      const found = checked[i] as CheckedRow<W>;
      while (letters.length < fileRow.row - 2) letters.push('b');
      letters.push(LETTER[found.outcome]);
      for (const p of found.problems)
        problems.push({ row: fileRow.row, column: headerOf(rows.kind, p.field), message: p.message });
      if (found.key !== null) {
        const seen = keyRows.get(found.key);
        if (seen) seen.rows.push(fileRow.row);
        else keyRows.set(found.key, { text: found.keyText, rows: [fileRow.row] });
      }
    });
  }
  const keyHeader = headerOf(rows.kind, UPLOAD_KIND_INFO[rows.kind].key);
  for (const { text: keyText, rows: shared } of keyRows.values()) {
    if (shared.length < 2) continue;
    for (const row of shared) {
      if (letters[row - 2] !== LETTER.invalid) letters[row - 2] = LETTER.duplicate;
      problems.push({
        row,
        column: keyHeader,
        message: rows.repeated(
          keyText,
          shared.filter((r) => r !== row),
        ),
      });
    }
  }
  problems.sort((a, b) => a.row - b.row);
  const outcomes = letters.join('');
  const counts: UploadCounts = { rows: 0, new: 0, update: 0, unchanged: 0, duplicate: 0, invalid: 0 };
  for (const letter of outcomes) {
    const outcome = OUTCOME_OF[letter];
    if (!outcome) continue;
    counts[outcome]++;
    counts.rows++;
  }
  return { map: map as ColumnMap, outcomes, problems, counts };
}

/**
 * The write pass, after a check in the same transaction: each chunk checked again (the payloads are not held
 * between passes, so memory stays flat) and the rows the check found new, or to update when chosen, written.
 */
export async function writeFile<W>(
  trx: Transaction<Database>,
  rows: UploadKindRows<W>,
  ctx: UploadContext,
  text: string,
  checked: FileCheck,
  updateExisting: boolean,
  uploadId: number,
): Promise<{ created: number; updated: number }> {
  const check = await rows.open(trx, ctx);
  const written = { created: 0, updated: 0 };
  for await (const chunk of csvChunks(text, UPLOAD_CHUNK, () => {})) {
    const again = await check(chunk.map((r) => cellsByField(checked.map, r)));
    const chosen = chunk.flatMap((fileRow, i) => {
      const first = outcomeAt(checked.outcomes, fileRow.row);
      const found = again[i] as CheckedRow<W>;
      const wanted = first === 'new' || (first === 'update' && updateExisting);
      return wanted && found.outcome === first && found.payload !== undefined
        ? [{ outcome: first, payload: found.payload }]
        : [];
    });
    if (chosen.length === 0) continue;
    const done = await rows.write(trx, ctx, chosen, uploadId);
    written.created += done.created;
    written.updated += done.updated;
  }
  return written;
}
