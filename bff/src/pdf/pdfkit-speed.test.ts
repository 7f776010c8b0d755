import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';
import { afterAll, describe, expect, it } from 'vitest';
// The worker module: pdfmake's fonts and access policies, its measure, and the patches installed as it runs them.
import { measureText } from './pdf-worker.js';
import { installPdfkitSpeedups, PATCHED_PDFKIT, uninstallPdfkitSpeedups } from './pdfkit-speed.js';
import type { ReportData } from './report-data.js';
import { reportDocument } from './report-document.js';

/** Text with kerning pairs (AV, To, Ty, LT, 'Y.'), across enough rows for several pages. */
const report: ReportData = {
  title: 'AVOCADO Today: Typical LTV.',
  facts: [['Printed', '11/28/2026 02:00 AM UTC by Yves Tavares']],
  columns: ['ID', 'Patient Name', 'Practice', 'Status', 'Amount'],
  rightAligned: [4],
  rows: Array.from({ length: 400 }, (_, n) => [
    String(n),
    n % 9 === 0 ? `VAN TOYOTA-WAVERLY, AVA TYLER LOUISA YVETTE ${n}` : `TAYLOR, AVA ${n}`,
    'Valley Today Family Practice',
    n % 2 ? 'Active' : 'Awaiting Y.',
    `$${n}.75`,
  ]),
  emptyText: 'No Records Found',
  footer: 'AVOCADO Today',
};

/** The report's bytes, with a fixed creation date (the only part of pdfkit's output that varies). */
async function render(): Promise<Buffer> {
  const doc = reportDocument(report, measureText);
  doc.info = { ...doc.info, creationDate: new Date('2026-11-28T00:00:00Z') } as typeof doc.info;
  return Buffer.from(await pdfmake.createPdf(doc).getBuffer());
}

// As the worker module left them, for the files that share this process.
afterAll(() => installPdfkitSpeedups());

describe("pdfkit's hot paths (pdfkit-speed.ts)", () => {
  it('knows the pdfkit installed, so the worker renders with them', () => {
    const { version } = createRequire(import.meta.url)('pdfkit/package.json') as { version: string };
    expect(version).toMatch(PATCHED_PDFKIT);
    expect(installPdfkitSpeedups()).toBe(true);
    uninstallPdfkitSpeedups();
  });

  it('write the same bytes as pdfkit does without them', async () => {
    uninstallPdfkitSpeedups();
    const plain = await render();
    expect(installPdfkitSpeedups()).toBe(true);
    const faster = await render();
    uninstallPdfkitSpeedups();
    expect(plain.subarray(0, 5).toString()).toBe('%PDF-');
    expect(plain.length).toBeGreaterThan(20_000);
    expect(faster.equals(plain)).toBe(true);
  });
});
