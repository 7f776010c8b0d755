import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDocumentFiles } from './files.js';

/** Issue 44: each instance keeps its documents inside its own data folder. */

let parent: string;
beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'rpm-instances-'));
});
afterAll(async () => rm(parent, { recursive: true, force: true }));

describe('document files', () => {
  it('keeps two instances whose data folders share a parent apart', async () => {
    const a = await openDocumentFiles({ DATA_DIR: join(parent, 'a'), DOCUMENTS_DIR: undefined });
    const b = await openDocumentFiles({ DATA_DIR: join(parent, 'b'), DOCUMENTS_DIR: undefined });
    const key = await a.save(Buffer.from('instance a'));
    expect((await a.read(key)).toString()).toBe('instance a');
    await expect(b.read(key)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await stat(join(parent, 'a', 'documents', key.slice(0, 2), key))).isFile()).toBe(true);
  });

  it('still reads a file kept beside the data folder before the move', async () => {
    const before = await openDocumentFiles({
      DATA_DIR: join(parent, 'c'),
      DOCUMENTS_DIR: join(parent, 'documents'),
    });
    const key = await before.save(Buffer.from('kept beside'));
    const after = await openDocumentFiles({ DATA_DIR: join(parent, 'c'), DOCUMENTS_DIR: undefined });
    expect((await after.read(key)).toString()).toBe('kept beside');
  });
});
