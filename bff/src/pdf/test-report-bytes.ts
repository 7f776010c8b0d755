import pdfmake from 'pdfmake';
// The worker module: pdfmake's fonts and access policies, its measure, and the speed patches installed as it runs.
import { measureText } from './pdf-worker.js';
import type { ReportData } from './report-data.js';
import { reportDocument } from './report-document.js';

/**
 * A report for the speed patches' tests (pdfkit-speed.test.ts, pdfmake-speed.test.ts): text with kerning pairs
 * (AV, To, Ty, LT, 'Y.'), names long enough to wrap, a right-aligned column, across several pages.
 */
const SAMPLE_REPORT: ReportData = {
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

/** The sample report's bytes as the worker lays it out, with a fixed creation date (the one part that varies). */
export async function sampleReportBytes(): Promise<Buffer> {
  const doc = reportDocument(SAMPLE_REPORT, measureText);
  doc.info = { ...doc.info, creationDate: new Date('2026-11-28T00:00:00Z') } as typeof doc.info;
  return Buffer.from(await pdfmake.createPdf(doc).getBuffer());
}
