import type { Content } from 'pdfmake';
import { describe, expect, it } from 'vitest';
import { pdfWords } from '../test-pdf.js';
import { renderReport } from './pdf-worker.js';
import type { ReportData } from './report-data.js';
import { reportDocument } from './report-document.js';

const COLUMNS = [
  'ID',
  'Patient Name',
  'DOB',
  'Practice',
  'Devices',
  'Last Reading',
  'Open Alerts',
  'Compliance',
];

/** Rows of every kind: short cells, several words that fit, names too long for one line, a line break. */
const report = (rows: number): ReportData => ({
  title: 'Patients',
  facts: [['Practice', 'Riverside Family Practice']],
  columns: COLUMNS,
  rightAligned: [6],
  rows: Array.from({ length: rows }, (_, n) => [
    String(1000 + n),
    n % 7 === 0 ? `VANDERHOEVEN-MACALLISTER, MARIA-CONCEPCION ALEJANDRA THEODORA ${n}` : `SMITH, JOHN ${n}`,
    '03/14/1952',
    n % 5 === 0 ? 'Riverside Family Practice and Cardiology Associates of the Valley' : 'Riverside',
    n % 11 === 0 ? 'BP Cuff\nScale' : 'BP Cuff, Scale',
    '11/27/2026 09:14 AM',
    String(n % 4),
    'Y N Y Y -',
  ]),
  emptyText: 'No Records Found',
  footer: 'Patients',
});

describe('a report table (pdf-worker.ts, report-document.ts)', () => {
  /** 4 pt a character, 5 pt in bold. */
  const measure = (text: string, fontSize: number, bold: boolean) => {
    expect(fontSize).toBe(7.5);
    return text.length * (bold ? 5 : 4);
  };
  const tableOf = (data: ReportData) => {
    const table = (reportDocument(data, measure).content as Content[])[2] as {
      table: { widths: number[]; body: { noWrap?: boolean }[][] };
    };
    return {
      widths: table.table.widths,
      unbroken: table.table.body.map((row) => row.map((cell) => cell.noWrap === true)),
    };
  };
  // 792 − 2 × 30 pt of page, less 2 × 2 pt of padding a column.
  const room = (columns: number) => 732 - 4 * columns;

  it('gives each column its widest text, its bold header too, and the spare width in proportion; every cell on one line', () => {
    const { widths, unbroken } = tableOf({
      ...report(0),
      columns: ['ID', 'Name', 'Notes'],
      rows: [
        ['1', 'SMITH, JOHN', 'ok'],
        ['22', 'LEE, ANN', 'no'],
      ],
    });
    // Widest text plus a point: ID 'ID' in bold 10 + 1, Name 44 + 1, Notes 'Notes' in bold 25 + 1.
    const widest = [11, 45, 26];
    const spare = room(3) - 82;
    widths.forEach((width, n) => {
      expect(width).toBeCloseTo((widest[n] ?? 0) * (1 + spare / 82), 6);
    });
    expect(unbroken).toEqual([
      [false, false, false],
      [true, true, true],
      [true, true, true],
    ]);
  });

  it('keeps the narrow columns their widest text when the texts are too wide, the wide ones sharing the rest equally, and breaks only the cells that do not fit', () => {
    const long = Array.from({ length: 60 }, (_, n) => `word${n}`).join(' ');
    const { widths, unbroken } = tableOf({
      ...report(0),
      columns: ['ID', 'Note', 'Other'],
      rows: [
        ['1', long, long],
        ['2', 'short note', 'x'],
        ['3', 'two\nlines', 'x'],
      ],
    });
    // 'ID' keeps its 11 pt; 'Note' and 'Other' share the rest.
    expect(widths[0]).toBeCloseTo(11, 6);
    expect(widths[1]).toBeCloseTo((room(3) - 11) / 2, 2);
    expect(widths[2]).toBeCloseTo((room(3) - 11) / 2, 2);
    expect(unbroken.slice(1)).toEqual([
      [true, false, false],
      [true, true, true],
      [true, false, true],
    ]);
  });

  it('gives a wide column at least its longest word', () => {
    const word = 'y'.repeat(120);
    const { widths } = tableOf({
      ...report(0),
      columns: ['A', 'B', 'C'],
      rows: [[`${word} ${word}`, 'z '.repeat(200), 'z '.repeat(200)]],
    });
    expect(widths[0]).toBeCloseTo(481, 6);
    expect(widths[1]).toBeCloseTo((room(3) - 481) / 2, 2);
  });

  it('keeps columns at their longest words when even those overflow the page, as pdfmake does', () => {
    const word = 'x'.repeat(100);
    const { widths } = tableOf({ ...report(0), columns: ['A', 'B'], rows: [[word, `${word} ${word}`]] });
    expect(widths).toEqual([401, 401]);
  });

  it('draws every word on the same page and line, and in the same column, whether cells that fit are broken into words or not', async () => {
    const data = report(240);
    const broken = await pdfWords(Buffer.from(await renderReport(data, false)));
    const unbroken = await pdfWords(Buffer.from(await renderReport(data)));
    expect(unbroken.length).toBe(broken.length);
    expect(unbroken.at(-1)?.page).toBe(broken.at(-1)?.page);
    expect(broken.at(-1)?.page).toBeGreaterThan(3);
    unbroken.forEach((word, n) => {
      const was = broken[n];
      expect({ page: word.page, text: word.text, y: word.y.toFixed(1) }).toEqual({
        page: was?.page,
        text: was?.text,
        y: was?.y.toFixed(1),
      });
      // One text run kerns across its spaces ('Y N Y Y -' moves by up to 1.3 pt); a column is 40 pt or wider.
      expect(Math.abs(word.x - (was?.x ?? 0))).toBeLessThan(2);
    });
    // The long names and practices wrapped: their rows are taller than one line.
    const lines = new Set(broken.filter((word) => word.text === 'THEODORA').map((word) => word.y));
    expect(lines.size).toBeGreaterThan(1);
  });
});
