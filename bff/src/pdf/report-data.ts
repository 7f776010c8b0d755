/**
 * What the PDF worker needs, as plain strings: cheap to copy to the worker (structured clone of a few arrays)
 * and free of any rule or formatting decision on the worker's side. Billing's report and every list export
 * (bff/src/lists/register.ts) fill it.
 */
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
