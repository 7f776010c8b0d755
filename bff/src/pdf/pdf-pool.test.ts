import { afterAll, describe, expect, it } from 'vitest';
import { createPdfPool, PdfPoolBusyError } from './pdf-pool.js';
import type { ReportData } from './report-data.js';

const report = (rows: number, title = 'Pool test'): ReportData => ({
  title,
  facts: [['Rows', String(rows)]],
  columns: ['ID', 'Name', 'Amount'],
  rightAligned: [2],
  rows: Array.from({ length: rows }, (_, n) => [String(n), `NAME ${n}`, '$1.00']),
  emptyText: 'No Records Found',
  footer: title,
});

const pool = createPdfPool({ size: 1, maxQueue: 2 });
afterAll(async () => pool.close());

describe('the PDF worker pool', () => {
  it('renders off the main thread and answers the bytes of a PDF', async () => {
    const pdf = await pool.render(report(50));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
  });

  it('queues renders beyond its size and answers each its own', async () => {
    const [a, b] = await Promise.all([pool.render(report(5, 'First')), pool.render(report(400, 'Second'))]);
    expect(b.length).toBeGreaterThan(a.length);
  });

  it('refuses a render when the queue is full, and still serves the ones it took', async () => {
    const taken = [pool.render(report(300)), pool.render(report(300)), pool.render(report(300))];
    await expect(pool.render(report(1))).rejects.toBeInstanceOf(PdfPoolBusyError);
    for (const pdf of await Promise.all(taken)) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('rejects waiting renders when closed, and renders nothing after', async () => {
    const other = createPdfPool({ size: 1 });
    const running = expect(other.render(report(200))).rejects.toThrow('closed');
    await other.close();
    await running;
    await expect(other.render(report(1))).rejects.toThrow('closed');
  });
});
