import { parentPort, workerData } from 'node:worker_threads';
import PDFDocument from 'pdfkit';
import pdfmake from 'pdfmake';
import { installPdfkitSpeedups } from './pdfkit-speed.js';
import { installPdfmakeSpeedups } from './pdfmake-speed.js';
import type { PdfDocumentData } from './report-data.js';
import { type MeasureText, REPORT_FONT, reportDocument } from './report-document.js';
import { sectionedDocument } from './sectioned-document.js';

/** A render job sent to the worker. */
export interface RenderRequest {
  readonly id: number;
  readonly data: PdfDocumentData;
}

/** The worker's answer: the PDF's bytes (transferred, not copied) or the error's message. */
export type RenderReply =
  | { readonly id: number; readonly ok: true; readonly pdf: ArrayBuffer }
  | { readonly id: number; readonly ok: false; readonly error: string };

// pdfmake 0.3 reads the standard fonts through its local access policy, which must allow them; nothing
// else on disk or on the network is reachable from a document.
const FONT_FILES = new Set<string>(Object.values(REPORT_FONT.Helvetica));
pdfmake.addFonts(REPORT_FONT);
pdfmake.setLocalAccessPolicy((path) => FONT_FILES.has(path));
pdfmake.setUrlAccessPolicy(() => false);
// The same bytes, sooner (decisions.md "pdfkit's hot paths", "pdfmake's style lookup").
installPdfkitSpeedups();
installPdfmakeSpeedups();

/** A text's width by the metrics pdfmake lays it out with: pdfkit's, of the same standard font. */
const metrics = new PDFDocument({ autoFirstPage: false });
export const measureText: MeasureText = (text, fontSize, bold) =>
  metrics
    .font(bold ? REPORT_FONT.Helvetica.bold : REPORT_FONT.Helvetica.normal)
    .fontSize(fontSize)
    .widthOfString(text);

/**
 * Renders a document to PDF bytes, laid out by its kind; `unbrokenCells` false lays out every table cell word by
 * word, as pdfmake does by default (the tests compare the two).
 */
export async function renderReport(data: PdfDocumentData, unbrokenCells = true): Promise<Uint8Array> {
  const doc = 'sections' in data ? sectionedDocument(data) : reportDocument(data, measureText, unbrokenCells);
  return pdfmake.createPdf(doc).getBuffer();
}

/**
 * The bytes as an ArrayBuffer of their own, so it can be transferred to the main thread. Always a copy: Node 24
 * marks the memory of Buffers untransferable ("Cannot transfer object of unsupported type"), and a PDF is small.
 */
function ownArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}

/** Marks the worker threads pdf-pool.ts starts, so importing this module anywhere else starts nothing. */
const PDF_WORKER_ROLE = 'rpm-pdf-worker';

if (parentPort && (workerData as { role?: unknown } | null)?.role === PDF_WORKER_ROLE) {
  const port = parentPort;
  // Warm up (module loading, font metrics, the JIT) with a few hundred rows before the first real report arrives:
  // the first render of a cold worker is about twice as slow.
  await renderReport({
    title: 'warm-up',
    facts: [['Month', 'warm-up']],
    columns: ['ID', 'Name', 'Code', 'Amount'],
    rightAligned: [3],
    rows: Array.from({ length: 300 }, (_, n) => [String(n), `NAME, WARM ${n}`, '99454', '$1.00']),
    emptyText: '',
    footer: 'warm-up',
  });
  port.on('message', async (request: RenderRequest) => {
    try {
      const pdf = ownArrayBuffer(await renderReport(request.data));
      port.postMessage({ id: request.id, ok: true, pdf } satisfies RenderReply, [pdf]);
    } catch (error) {
      port.postMessage({
        id: request.id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      } satisfies RenderReply);
    }
  });
}
