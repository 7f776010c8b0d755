import type { FastifyReply } from 'fastify';
import { type PdfPool, PdfPoolBusyError } from '../pdf/pdf-pool.js';
import type { PdfDocumentData } from '../pdf/report-data.js';
import { HttpError } from './errors.js';

/** Seconds a client waits before asking again for a PDF when the pool is busy. */
const PDF_RETRY_AFTER_SECONDS = 5;

/** A file name part: letters, digits and underscores only. */
export const fileNamePart = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');

/** Marks the answer as a download: its type, its file name, and never stored by a cache (it holds health data). */
export function attachment(reply: FastifyReply, fileName: string, contentType: string): FastifyReply {
  return reply
    .type(contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store');
}

/** What a PDF is, as its busy answer names it: 'Other {what} are being prepared. …' (one text for every PDF). */
export type PdfKind = 'reports' | 'billing reports' | 'documents';
export const pdfBusyText = (what: PdfKind): string =>
  `Other ${what} are being prepared. Please try again in a moment.`;

/** Renders in the app's PDF pool; a full queue answers 429 with Retry-After and {@link pdfBusyText}. */
export async function renderPdf(pool: PdfPool, data: PdfDocumentData, what: PdfKind): Promise<Buffer> {
  try {
    return await pool.render(data);
  } catch (error) {
    if (error instanceof PdfPoolBusyError)
      throw new HttpError(429, pdfBusyText(what), undefined, {
        'retry-after': String(PDF_RETRY_AFTER_SECONDS),
      });
    throw error;
  }
}
