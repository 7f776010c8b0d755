/** What the PDF worker needs, as plain strings: cheap to copy, and no formatting decision on the worker's side. */
export interface ReportData {
  readonly title: string;
  /** Lines under the title: filters in force, counts, when and by whom. */
  readonly facts: readonly (readonly [label: string, value: string])[];
  readonly columns: readonly string[];
  /** Column indexes aligned right (amounts). */
  readonly rightAligned: readonly number[];
  readonly rows: readonly (readonly string[])[];
  /** Shown instead of the table when there are no rows (001 §8 empty state). */
  readonly emptyText: string;
  /** Left side of every page's footer. */
  readonly footer: string;
}

/** A line chart of one series over a month: the x axis is the day of the month. */
export interface ReportChart {
  readonly label: string;
  readonly daysInMonth: number;
  readonly points: readonly (readonly [day: number, value: number])[];
}

/** A titled table of a sectioned document, with charts drawn above it. */
export interface ReportSection {
  readonly heading: string;
  readonly charts: readonly ReportChart[];
  readonly columns: readonly string[];
  readonly rightAligned: readonly number[];
  readonly rows: readonly (readonly string[])[];
  readonly emptyText: string;
}

/** A document of several sections (the chart's monthly RPM summary, bff/src/reports/). */
export interface SectionedReportData {
  readonly title: string;
  readonly facts: readonly (readonly [label: string, value: string])[];
  readonly sections: readonly ReportSection[];
  readonly footer: string;
}

/** Every kind of document the PDF pool renders: one pool, one worker module (pdf-worker.ts picks the layout). */
export type PdfDocumentData = ReportData | SectionedReportData;
