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

/** Column widths in points for US Letter landscape (792 pt wide, 30 pt margins): names get the rest. */
const WIDTHS: (number | '*')[] = [38, '*', 46, 44, 46, 66, 34, 46, 46, 46, 46, 46, 50];

/**
 * A header line under the column names and hairlines between rows; no vertical lines. Cheaper to lay out than a
 * full grid, which matters at thousands of rows.
 */
export const TABLE_LAYOUT: TableLayout = {
  hLineWidth: (i) => (i === 1 ? 0.8 : i === 0 ? 0 : 0.2),
  vLineWidth: () => 0,
  hLineColor: (i) => (i === 1 ? '#333333' : '#bbbbbb'),
  paddingLeft: () => 2,
  paddingRight: () => 2,
  paddingTop: () => 1.5,
  paddingBottom: () => 1.5,
};

/** A table's rows under a bold header, the named columns aligned right. */
export function tableBody(data: Pick<ReportData, 'columns' | 'rightAligned' | 'rows'>): Content[][] {
  const right = new Set(data.rightAligned);
  const header: Content[] = data.columns.map((name, n) => ({
    text: name,
    bold: true,
    ...(right.has(n) ? { alignment: 'right' as const } : {}),
  }));
  const body: Content[][] = [header];
  for (const row of data.rows) {
    body.push(row.map((cell, n) => (right.has(n) ? { text: cell, alignment: 'right' as const } : cell)));
  }
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

/** The pdfmake document of a billing report: title, facts, the table with its header repeated on each page. */
export function reportDocument(data: ReportData): DocDefinition {
  const body = tableBody(data);
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
          table: {
            headerRows: 1,
            widths: data.columns.length === WIDTHS.length ? WIDTHS : data.columns.map(() => '*'),
            body,
          },
          layout: TABLE_LAYOUT,
        };
  return {
    pageSize: 'LETTER',
    pageOrientation: 'landscape',
    pageMargins: [30, 30, 30, 36],
    info: { title: data.title, subject: data.footer, creator: data.title, producer: data.title },
    defaultStyle: { font: 'Helvetica', fontSize: 7.5 },
    content: [{ text: data.title, fontSize: 14, bold: true, margin: [0, 0, 0, 6] }, facts, table],
    footer: pageFooter(data.footer, 30),
  };
}
