import type { CanvasElement, Content, DocDefinition } from 'pdfmake';
import type { ReportChart, ReportSection, SectionedReportData } from './report-data.js';
import { pageFooter, TABLE_LAYOUT, tableBody } from './report-document.js';

/** US Letter portrait (612 pt wide) less 36 pt margins each side. */
const CONTENT_WIDTH = 540;
/** A chart's plot height in points. */
const CHART_HEIGHT = 70;
const AXIS_COLOUR = '#999999';
const LINE_COLOUR = '#1f4e79';

/**
 * A series as a line over the month: days along, values up, scaled between the series' own lowest and highest
 * value (printed beside the label), each reading day marked with a dot.
 */
function chartContent(chart: ReportChart): Content {
  const values = chart.points.map(([, value]) => value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const x = (day: number) => ((day - 1) / Math.max(1, chart.daysInMonth - 1)) * CONTENT_WIDTH;
  const y = (value: number) => CHART_HEIGHT - ((value - low) / span) * CHART_HEIGHT;
  const points = chart.points.map(([day, value]) => ({ x: x(day), y: y(value) }));
  const canvas: CanvasElement[] = [
    { type: 'line', x1: 0, y1: CHART_HEIGHT, x2: CONTENT_WIDTH, y2: CHART_HEIGHT, lineColor: AXIS_COLOUR },
    { type: 'line', x1: 0, y1: 0, x2: 0, y2: CHART_HEIGHT, lineColor: AXIS_COLOUR },
    ...(points.length > 1
      ? [{ type: 'polyline' as const, points, lineWidth: 1, lineColor: LINE_COLOUR }]
      : []),
    ...points.map((p) => ({
      type: 'ellipse' as const,
      x: p.x,
      y: p.y,
      r1: 1.5,
      r2: 1.5,
      color: LINE_COLOUR,
    })),
  ];
  return {
    stack: [
      {
        text: [
          { text: chart.label, bold: true },
          `  lowest ${low}, highest ${high}; day 1 to ${chart.daysInMonth}`,
        ],
        margin: [0, 4, 0, 2],
      },
      { canvas },
    ],
    margin: [0, 0, 0, 6],
  };
}

/**
 * Columns of figures share the line equally; a table ending in text (names, notes) gives each column its content's
 * width and the rest of the line to that last column.
 */
function widths(section: ReportSection): ('*' | 'auto')[] {
  const last = section.columns.length - 1;
  if (section.rightAligned.includes(last)) return section.columns.map(() => '*');
  return section.columns.map((_, n) => (n === last ? '*' : 'auto'));
}

function sectionContent(section: ReportSection): Content[] {
  return [
    { text: section.heading, fontSize: 11, bold: true, margin: [0, 12, 0, 4] },
    ...section.charts.map(chartContent),
    section.rows.length === 0
      ? { text: section.emptyText, italics: true }
      : {
          table: {
            headerRows: 1,
            widths: widths(section),
            body: tableBody(section),
            dontBreakRows: true,
          },
          layout: TABLE_LAYOUT,
        },
  ];
}

/** The pdfmake document of a sectioned report: title, facts (one a line), then each section in turn. */
export function sectionedDocument(data: SectionedReportData): DocDefinition {
  return {
    pageSize: 'LETTER',
    pageOrientation: 'portrait',
    pageMargins: [36, 36, 36, 40],
    info: { title: data.title, subject: data.footer, creator: data.title, producer: data.title },
    defaultStyle: { font: 'Helvetica', fontSize: 8.5 },
    content: [
      { text: data.title, fontSize: 14, bold: true, margin: [0, 0, 0, 6] },
      {
        columns: [0, 1].map((half) => ({
          stack: data.facts
            .filter((_, n) => n % 2 === half)
            .map(([label, value]) => ({ text: [{ text: `${label}: `, bold: true }, value] })),
        })),
        columnGap: 12,
      },
      ...data.sections.flatMap(sectionContent),
    ],
    footer: pageFooter(data.footer, 36),
  };
}
