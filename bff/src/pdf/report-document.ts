import type { Content, DocDefinition, DynamicContent, TableLayout } from 'pdfmake';
import type { ReportData } from './report-data.js';

/** The standard PDF font the report uses: no font file to embed, text any reader extracts. */
export const REPORT_FONT = {
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
} as const;

/** US Letter landscape is 792 pt wide; the report's side margins are 30 pt. */
const PAGE_WIDTH = 792;
const SIDE_MARGIN = 30;
/** The table's font size in points. */
const FONT_SIZE = 7.5;
/** A cell's padding on each side, in points. */
const CELL_PADDING = 2;

/** A text's width in points (pdf-worker.ts measures with pdfkit's metrics of the standard font pdfmake draws with). */
export type MeasureText = (text: string, fontSize: number, bold: boolean) => number;

/** Room a column keeps beyond its widest text, for rounding in pdfmake's own measure. */
const FIT_MARGIN = 1;
/** A line break in a cell's text: such a cell is always laid out word by word, line by line. */
const LINE_BREAK = /[\r\n]/;

/**
 * A header line under the column names and hairlines between rows; no vertical lines. Cheaper to lay out than a
 * full grid, which matters at thousands of rows.
 */
export const TABLE_LAYOUT: TableLayout = {
  hLineWidth: (i) => (i === 1 ? 0.8 : i === 0 ? 0 : 0.2),
  vLineWidth: () => 0,
  hLineColor: (i) => (i === 1 ? '#333333' : '#bbbbbb'),
  paddingLeft: () => CELL_PADDING,
  paddingRight: () => CELL_PADDING,
  paddingTop: () => 1.5,
  paddingBottom: () => 1.5,
};

/**
 * A table's rows under a bold header, the named columns aligned right. A cell `unbroken` picks (by row and column
 * index) is laid out as one run (`noWrap`) instead of word by word: see decision "Report columns sized to their text".
 */
export function tableBody(
  data: Pick<ReportData, 'columns' | 'rightAligned' | 'rows'>,
  unbroken: (row: number, column: number) => boolean = () => false,
): Content[][] {
  const right = new Set(data.rightAligned);
  const header: Content[] = data.columns.map((name, n) => ({
    text: name,
    bold: true,
    ...(right.has(n) ? { alignment: 'right' as const } : {}),
  }));
  const body: Content[][] = [header];
  data.rows.forEach((row, r) => {
    body.push(
      row.map((cell, n) => ({
        text: cell,
        ...(right.has(n) ? { alignment: 'right' as const } : {}),
        ...(unbroken(r, n) ? { noWrap: true } : {}),
      })),
    );
  });
  return body;
}

/** Every page's footer: `text` on the left, 'Page n of m' on the right, within the side margins. */
export function pageFooter(text: string, sideMargin: number): DynamicContent {
  return (page, pages) => ({
    columns: [{ text }, { text: `Page ${page} of ${pages}`, alignment: 'right' }],
    margin: [sideMargin, 12, sideMargin, 0],
    fontSize: 7,
    color: '#555555',
  });
}

/** `measure` remembering its answers: a report repeats most of its texts (statuses, dates, words). */
function remembered(measure: MeasureText): MeasureText {
  const known = [new Map<string, number>(), new Map<string, number>()];
  return (text, fontSize, bold) => {
    // One font size a document (FONT_SIZE), so the text and weight make the key.
    const widths = known[bold ? 1 : 0] as Map<string, number>;
    let width = widths.get(text);
    if (width === undefined) {
      width = measure(text, fontSize, bold);
      widths.set(text, width);
    }
    return width;
  };
}

/** The widest line of a text, in points, at the table's font size. */
function textWidth(measure: MeasureText, text: string, bold: boolean): number {
  if (!LINE_BREAK.test(text)) return measure(text, FONT_SIZE, bold);
  return Math.max(...text.split(/\r?\n|\r/).map((line) => measure(line, FONT_SIZE, bold)));
}

/** The widest word of a text, in points: the narrowest its column can be without cutting a word. */
function longestWord(measure: MeasureText, text: string, bold: boolean): number {
  return Math.max(0, ...text.split(/\s+/).map((word) => measure(word, FONT_SIZE, bold)));
}

/**
 * The report table's column widths, sized to their text as a browser sizes a table's
 * (decisions.md "Report columns sized to their text"): the widest text where all fits, else narrow columns keep theirs
 * and the wide ones share the rest, none narrower than its longest word. Decided here, so which cells fit on one line
 * is known before the layout.
 */
function columnWidths(
  measure: MeasureText,
  data: Pick<ReportData, 'columns' | 'rows'>,
  cells: readonly (readonly number[])[],
): number[] {
  const sum = (widths: readonly number[]) => widths.reduce((total, width) => total + width, 0);
  const available = PAGE_WIDTH - 2 * SIDE_MARGIN - 2 * CELL_PADDING * data.columns.length;
  const widest = data.columns.map((label) => textWidth(measure, label, true) + FIT_MARGIN);
  for (const row of cells)
    row.forEach((width, n) => {
      widest[n] = Math.max(widest[n] ?? 0, width + FIT_MARGIN);
    });
  const total = sum(widest);
  if (total <= available) return widest.map((width) => width + ((available - total) * width) / total);
  // A column's longest word is its floor; only a column capped below its widest text needs it, so it is read for
  // those alone, as the level falls (a report's few wide columns rather than every cell's words).
  const floors = new Map<number, number>();
  const floorOf = (n: number) => {
    let floor = longestWord(measure, data.columns[n] ?? '', true) + FIT_MARGIN;
    data.rows.forEach((row, r) => {
      // A word is no wider than its cell: a cell no wider than the longest word so far changes nothing.
      if ((cells[r]?.[n] ?? 0) + FIT_MARGIN > floor)
        floor = Math.max(floor, longestWord(measure, row[n] ?? '', false) + FIT_MARGIN);
    });
    return floor;
  };
  const at = (level: number) =>
    widest.map((width, n) => Math.min(width, Math.max(floors.get(n) ?? 0, level)));
  for (;;) {
    let [low, high] = [0, Math.max(...widest)];
    // Halving the interval 40 times settles the level far below a thousandth of a point.
    for (let step = 0; step < 40; step++) {
      const level = (low + high) / 2;
      if (sum(at(level)) > available) high = level;
      else low = level;
    }
    const capped = widest.flatMap((width, n) => (width > low && !floors.has(n) ? [n] : []));
    // Every capped column has its floor: the widths fill the page, or (floors too wide) are the floors.
    if (capped.length === 0) return at(low);
    for (const n of capped) floors.set(n, floorOf(n));
  }
}

/**
 * The pdfmake document of a report (billing, a list's export, a care plan): title, facts, the table with its header
 * repeated on each page. A cell that fits its column on one line is laid out as one run rather than word by word
 * (`unbrokenCells`, off only to compare in tests): the same page, with one text object a cell rather than one a word.
 */
export function reportDocument(data: ReportData, measure: MeasureText, unbrokenCells = true): DocDefinition {
  measure = remembered(measure);
  const cells = data.rows.map((row) => row.map((cell) => textWidth(measure, cell, false)));
  const widths = columnWidths(measure, data, cells);
  const body = tableBody(
    data,
    (r, n) =>
      unbrokenCells &&
      !LINE_BREAK.test(data.rows[r]?.[n] ?? '') &&
      (cells[r]?.[n] ?? Number.POSITIVE_INFINITY) + FIT_MARGIN <= (widths[n] ?? 0),
  );
  const facts: Content = {
    columns: data.facts.map(([label, value]) => ({
      text: [{ text: `${label}: `, bold: true }, value],
    })),
    columnGap: 12,
    margin: [0, 0, 0, 10],
  };
  const table: Content =
    data.rows.length === 0
      ? { text: data.emptyText, italics: true, margin: [0, 12, 0, 0] }
      : {
          table: { headerRows: 1, widths, body },
          layout: TABLE_LAYOUT,
        };
  return {
    pageSize: 'LETTER',
    pageOrientation: 'landscape',
    pageMargins: [SIDE_MARGIN, 30, SIDE_MARGIN, 36],
    info: { title: data.title, subject: data.footer, creator: data.title, producer: data.title },
    defaultStyle: { font: 'Helvetica', fontSize: FONT_SIZE },
    content: [{ text: data.title, fontSize: 14, bold: true, margin: [0, 0, 0, 6] }, facts, table],
    footer: pageFooter(data.footer, SIDE_MARGIN),
  };
}
