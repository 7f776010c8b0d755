import { describe, expect, it } from 'vitest';
import { type PdfPool, PdfPoolBusyError } from '../pdf/pdf-pool.js';
import type { PdfDocumentData } from '../pdf/report-data.js';
import { pdfBusyText, renderPdf } from './attachment.js';
import { HttpError } from './errors.js';

const busyPool: PdfPool = {
  render: async () => {
    throw new PdfPoolBusyError();
  },
  close: async () => undefined,
};

describe('renderPdf', () => {
  it('answers a full PDF queue with 429, Retry-After and the one busy text naming what is prepared', async () => {
    const refusal = await renderPdf(busyPool, {} as PdfDocumentData, 'billing reports').catch((e) => e);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({
      statusCode: 429,
      message: 'Other billing reports are being prepared. Please try again in a moment.',
      headers: { 'retry-after': '5' },
    });
    expect(pdfBusyText('documents')).toBe(
      'Other documents are being prepared. Please try again in a moment.',
    );
  });
});
