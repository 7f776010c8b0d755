import { createHash } from 'node:crypto';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TEXT } from '@rpm/shared';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { invalid, tooLarge } from '../domain-errors.js';
import { multipartRefusal } from '../http/multipart.js';
import type { DocumentFiles } from './files.js';

/** The one file part of an upload, whole in memory (at most DOCUMENT_MAX_BYTES) with its name. */
export async function uploadedFile(req: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  if (!req.isMultipart()) throw invalid(DOCUMENT_TEXT.noFile, 'file');
  try {
    const part = await req.file({ limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 0 } });
    if (!part) throw invalid(DOCUMENT_TEXT.noFile, 'file');
    return { bytes: await part.toBuffer(), name: part.filename };
  } catch (error) {
    throw multipartRefusal(
      error,
      'file',
      () => tooLarge(DOCUMENT_TEXT.tooLarge, 'file'),
      'Send one file and nothing else.',
    );
  }
}

/** A file name safe in a header and on screen, ending in the extension of the type its bytes are. */
export function safeFileName(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const stem = base
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/^[ ._]+/, '')
    .slice(0, 200);
  return `${stem || 'document'}.${ext}`;
}

/** What a kept upload tells the store about its file. */
export interface KeptFile {
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
  readonly sha256: string;
  readonly storageKey: string;
}

/**
 * Keeps an uploaded file whose type its bytes decide, never the client (decisions.md "Documents"): refused on
 * `file` with `wrongType` unless the sniffed type is one of `types` (type → extension). The file is saved, `write`
 * records it (calling `kept` once its row is written), and the copy is discarded when the write fails or a repeated
 * Idempotency-Key answers the first upload instead.
 */
export async function keepUpload<A>(
  files: DocumentFiles,
  upload: { readonly bytes: Buffer; readonly name: string },
  types: Readonly<Record<string, string>>,
  wrongType: string,
  write: (file: KeptFile, kept: () => void) => Promise<A>,
): Promise<A> {
  const { bytes, name } = upload;
  const type = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
  const ext = type && types[type.mime];
  if (!type || !ext) throw invalid(wrongType, 'file');
  const storageKey = await files.save(bytes);
  let stored = false;
  try {
    const answer = await write(
      {
        fileName: safeFileName(name, ext),
        contentType: type.mime,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        storageKey,
      },
      () => {
        stored = true;
      },
    );
    if (!stored) await files.discard(storageKey);
    return answer;
  } catch (error) {
    await files.discard(storageKey);
    throw error;
  }
}
