import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Poppler's pdftotext (Debian package poppler-utils) run with `options` on the PDF; its output. */
async function pdftotext(pdf: Buffer, options: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'rpm-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    await writeFile(file, pdf);
    try {
      const { stdout } = await run('pdftotext', [...options, file, '-'], { maxBuffer: 64 * 1024 * 1024 });
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

/** The text of a PDF in reading layout. */
export async function pdfText(pdf: Buffer): Promise<string> {
  return pdftotext(pdf, ['-layout']);
}

/** A word of a PDF where it is drawn: page from 1, its left and top edge in points. */
export interface PdfWord {
  readonly page: number;
  readonly text: string;
  readonly x: number;
  readonly y: number;
}

/** Every word of a PDF with its position, in the order pdftotext reads them. */
export async function pdfWords(pdf: Buffer): Promise<PdfWord[]> {
  const html = await pdftotext(pdf, ['-bbox']);
  const words: PdfWord[] = [];
  let page = 0;
  for (const match of html.matchAll(/<page |<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)) {
    if (match[0] === '<page ') page += 1;
    else words.push({ page, text: match[3] ?? '', x: Number(match[1]), y: Number(match[2]) });
  }
  return words;
}
