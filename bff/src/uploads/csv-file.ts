import { Readable } from 'node:stream';
import { headerKey, UPLOAD_MAX_BYTES, UPLOAD_MAX_ROWS, UPLOAD_TEXT, type UploadColumn } from '@rpm/shared';
import { CsvError, parse } from 'csv-parse';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { invalid } from '../domain-errors.js';
import { multipartRefusal } from '../http/multipart.js';

/**
 * Reading an uploaded CSV file (decisions.md "CSV uploads"): refused whole (400) when not UTF-8 CSV, empty, too
 * large or lacking a required column; its rows streamed through csv-parse a chunk at a time.
 */

const refuse = (message: string) => invalid(message, 'file');

/** The request's one file part, whole (at most UPLOAD_MAX_BYTES), with its name. */
export async function receiveFile(req: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  if (!req.isMultipart()) throw refuse(UPLOAD_TEXT.noFile);
  try {
    const part = await req.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0 } });
    if (!part) throw refuse(UPLOAD_TEXT.noFile);
    const bytes = await part.toBuffer();
    return { bytes, name: part.filename };
  } catch (error) {
    // Every file refused whole is a 400 naming the problem, its size included (decisions.md "Upload limits").
    throw multipartRefusal(
      error,
      'file',
      () => refuse(UPLOAD_TEXT.tooLarge),
      'Send one file and nothing else.',
    );
  }
}

/** The file's text: UTF-8, its BOM removed; a binary file (a spreadsheet, a PDF, an image) is refused by its bytes. */
export async function csvText(bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw refuse(UPLOAD_TEXT.empty);
  const type = await fileTypeFromBuffer(bytes);
  if (type) throw refuse(UPLOAD_TEXT.notCsv(`${type.ext.toUpperCase()} content`));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw refuse(UPLOAD_TEXT.notText);
  }
  if (text.includes('\u0000')) throw refuse(UPLOAD_TEXT.notText);
  if (text.trim() === '') throw refuse(UPLOAD_TEXT.empty);
  return text;
}

/** A safe file name to keep and show: the last path part, printable, at most 255 characters. */
export function keptFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[^\p{L}\p{N} ._()-]+/gu, '_').trim();
  return (base || 'upload.csv').slice(0, 255);
}

/** One data row: its spreadsheet row number (the header is row 1) and its cells as the file has them. */
export interface FileRow {
  readonly row: number;
  readonly cells: readonly string[];
}

/** Which cell of a row fills each of our columns' fields. */
export interface ColumnMap {
  /** [field, index of the file's column], in our columns' order. */
  readonly fields: readonly (readonly [string, number])[];
  /** The file's headers, as written. */
  readonly headers: readonly string[];
  /** Headers that fill no column. */
  readonly ignored: readonly string[];
}

/**
 * Matches the file's headers to our columns: the organisation's mapping first (their header → our field), then our
 * header or field name ignoring case, spaces, underscores and hyphens. 400 naming every required column missing.
 */
export function mapColumns(
  headers: readonly string[],
  columns: readonly UploadColumn[],
  mapping: Readonly<Record<string, string>>,
): ColumnMap {
  const mapped = new Map(Object.entries(mapping).map(([theirs, field]) => [headerKey(theirs), field]));
  const byKey = new Map(
    columns.flatMap((c) => [[headerKey(c.header), c.field] as const, [headerKey(c.field), c.field] as const]),
  );
  const indexOf = new Map<string, number>();
  const ignored: string[] = [];
  headers.forEach((header, index) => {
    const key = headerKey(header);
    const field = mapped.get(key) ?? byKey.get(key);
    if (field === undefined || key === '') {
      if (header.trim() !== '') ignored.push(header);
      return;
    }
    if (indexOf.has(field))
      throw refuse(UPLOAD_TEXT.repeatedColumn(columns.find((c) => c.field === field)?.header ?? field));
    indexOf.set(field, index);
  });
  const missing = columns.filter((c) => c.required && !indexOf.has(c.field)).map((c) => c.header);
  if (missing.length > 0) throw refuse(UPLOAD_TEXT.missingColumns(missing, headers));
  return {
    fields: columns
      .filter((c) => indexOf.has(c.field))
      .map((c) => [c.field, indexOf.get(c.field) as number] as const),
    headers,
    ignored,
  };
}

/** Characters handed to the parser at a time: the text is parsed as a stream, never as one array of rows. */
const SLICE = 64 * 1024;

/**
 * The file's rows, `size` at a time, after its header row (given to `onHeader` first, which may refuse the file).
 * Rows whose every cell is empty are skipped but keep their number. 400 for CSV that does not parse (an unclosed
 * quote) and for more than UPLOAD_MAX_ROWS rows.
 */
export async function* csvChunks(
  text: string,
  size: number,
  onHeader: (headers: readonly string[]) => void,
): AsyncGenerator<FileRow[]> {
  const slices = function* () {
    for (let at = 0; at < text.length; at += SLICE) yield text.slice(at, at + SLICE);
  };
  const parser = Readable.from(slices()).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: false }),
  );
  let row = 0;
  let rows = 0;
  let chunk: FileRow[] = [];
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row++;
      if (row === 1) {
        onHeader(cells.map((c) => c.trim()));
        continue;
      }
      if (cells.every((c) => c.trim() === '')) continue;
      if (++rows > UPLOAD_MAX_ROWS) throw refuse(UPLOAD_TEXT.tooManyRows);
      chunk.push({ row, cells });
      if (chunk.length === size) {
        yield chunk;
        chunk = [];
      }
    }
  } catch (error) {
    if (error instanceof CsvError)
      throw refuse(
        UPLOAD_TEXT.badCsv(typeof error.lines === 'number' ? error.lines : row + 1, error.message),
      );
    throw error;
  } finally {
    parser.destroy();
  }
  if (row === 0) throw refuse(UPLOAD_TEXT.empty);
  if (rows === 0) throw refuse(UPLOAD_TEXT.noRows);
  if (chunk.length > 0) yield chunk;
}

/** A row's cells by field, as the file has them (trimmed; '' for a column the file lacks or a short row). */
export function cellsByField(map: ColumnMap, row: FileRow): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, index] of map.fields) out[field] = (row.cells[index] ?? '').trim();
  return out;
}
