import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Config } from '../config.js';

/** The folder of the chart's documents on disk; files are named by a random key, never by user input. */
export interface DocumentFiles {
  /** Writes the bytes under a new key and returns it. */
  save(bytes: Buffer): Promise<string>;
  read(key: string): Promise<Buffer>;
  /** Removes a file written by a write that did not commit. */
  discard(key: string): Promise<void>;
  close(): Promise<void>;
}

const KEY = /^[0-9a-f-]{36}$/;

const pathOf = (root: string, key: string) => {
  if (!KEY.test(key)) throw new Error(`not a document key: ${key}`);
  return join(root, key.slice(0, 2), key);
};

/**
 * decisions.md "Documents": DOCUMENTS_DIR, else `documents` inside the instance's DATA_DIR (issue 44: the folder
 * beside it was shared by every instance whose data folders share a parent), else (in memory) a temporary folder.
 */
export async function openDocumentFiles(
  config: Pick<Config, 'DATA_DIR' | 'DOCUMENTS_DIR'>,
): Promise<DocumentFiles> {
  const temporary = !config.DOCUMENTS_DIR && config.DATA_DIR.startsWith('memory://');
  const root = config.DOCUMENTS_DIR
    ? resolve(config.DOCUMENTS_DIR)
    : temporary
      ? await mkdtemp(join(tmpdir(), 'rpm-documents-'))
      : resolve(config.DATA_DIR, 'documents');
  // Files written before the move stay readable where they are; keys are random, so no two folders share one.
  const legacy =
    config.DOCUMENTS_DIR || temporary ? undefined : resolve(dirname(resolve(config.DATA_DIR)), 'documents');
  await mkdir(root, { recursive: true, mode: 0o700 });
  return {
    async save(bytes) {
      const key = randomUUID();
      const path = pathOf(root, key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writeFile(path, bytes, { flag: 'wx', mode: 0o600 });
      return key;
    },
    read: (key) =>
      readFile(pathOf(root, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT' || !legacy) throw error;
        return readFile(pathOf(legacy, key));
      }),
    discard: (key) => rm(pathOf(root, key), { force: true }),
    async close() {
      if (temporary) await rm(root, { recursive: true, force: true });
    },
  };
}
