import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The text of a PDF by Poppler's pdftotext (Debian package poppler-utils), in reading layout. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'rpm-test-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, pdf);
    try {
      const { stdout } = await run('pdftotext', ['-layout', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
      return stdout;
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT')
        throw new Error(
          'pdftotext is missing: install Debian’s poppler-utils (apt-get install poppler-utils)',
        );
      throw error;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
