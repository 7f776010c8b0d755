import { Checkbox, HTMLTable, Tag } from '@blueprintjs/core';
import {
  displayDateTime,
  type RowOutcome,
  UPLOAD_STATUS_LABELS,
  type UploadRow,
  type UploadSummary,
} from '@rpm/shared';
import { useState } from 'react';

/** Each outcome's words and colour in the preview. */
const OUTCOMES: Readonly<
  Record<RowOutcome, { label: string; intent: 'none' | 'success' | 'primary' | 'warning' | 'danger' }>
> = {
  new: { label: 'New', intent: 'success' },
  update: { label: 'Update', intent: 'primary' },
  unchanged: { label: 'Unchanged', intent: 'none' },
  duplicate: { label: 'Duplicate', intent: 'warning' },
  invalid: { label: 'Invalid', intent: 'danger' },
};

export interface UploadSummaryViewProps {
  readonly summary: UploadSummary;
}

/** The dry run's counts, and after a commit what it wrote. */
function Counts({ summary }: UploadSummaryViewProps) {
  const { counts } = summary;
  const figures: [string, number][] = [
    ['Rows', counts.rows],
    ['New', counts.new],
    ['Updates', counts.update],
    ['Unchanged', counts.unchanged],
    ['Duplicates', counts.duplicate],
    ['Invalid', counts.invalid],
    ...(summary.status === 'committed'
      ? ([
          ['Added', counts.created],
          ['Updated', counts.updated],
        ] as [string, number][])
      : []),
  ];
  return (
    <dl className="upload-counts" aria-label="Summary">
      {figures.map(([label, value]) => (
        <div key={label} className="upload-count">
          <dt>{label}</dt>
          <dd>{value.toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One row of the preview, each cell with a problem marked and named. */
function PreviewRow({ row, columns }: { readonly row: UploadRow; readonly columns: readonly string[] }) {
  const problemOf = (column: string) => row.problems.filter((p) => p.column === column).map((p) => p.message);
  const outcome = OUTCOMES[row.outcome];
  return (
    <tr className={row.problems.length > 0 ? 'upload-row-problem' : undefined}>
      <th scope="row">{row.row}</th>
      <td>
        <Tag minimal intent={outcome.intent}>
          {outcome.label}
        </Tag>
      </td>
      <td className="upload-problems">
        {row.problems.map((p) => (
          <div key={`${p.column}:${p.message}`}>{p.column ? `${p.column}: ${p.message}` : p.message}</div>
        ))}
      </td>
      {columns.map((column, i) => {
        const problems = problemOf(column);
        return (
          <td
            key={column}
            className={problems.length > 0 ? 'upload-cell-problem' : undefined}
            title={problems.join(' ') || undefined}
          >
            {row.cells[i]}
          </td>
        );
      })}
    </tr>
  );
}

/**
 * An upload's summary (decisions.md "CSV uploads"): its status and counts, then the rows shown with each problem
 * named by row and column and its cell marked; 'Only rows with problems' narrows the table.
 */
export function UploadSummaryView({ summary }: UploadSummaryViewProps) {
  const [onlyProblems, setOnlyProblems] = useState(false);
  const rows = onlyProblems ? summary.rows.filter((r) => r.problems.length > 0) : summary.rows;
  return (
    <section className="upload-summary" aria-label={`Upload ${summary.file_name}`}>
      <p className="upload-summary-head">
        <strong>{summary.file_name}</strong> · {UPLOAD_STATUS_LABELS[summary.status]} · uploaded by{' '}
        {summary.uploaded_by}, {displayDateTime(summary.uploaded_at)}
        {summary.ignored_columns.length > 0 && ` · columns ignored: ${summary.ignored_columns.join(', ')}`}
      </p>
      <Counts summary={summary} />
      <Checkbox
        label="Only rows with problems"
        checked={onlyProblems}
        onChange={(e) => setOnlyProblems(e.currentTarget.checked)}
      />
      {/* Focusable, so the scrolled table reads and scrolls by keyboard (axe scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard */}
      <section className="upload-table-wrap" tabIndex={0} aria-label="Rows of the file">
        <HTMLTable compact bordered className="upload-table">
          <caption className="upload-caption">
            {rows.length < summary.counts.rows
              ? `${rows.length} of ${summary.counts.rows} rows shown: every row with a problem first, then the first others`
              : `All ${summary.counts.rows} rows`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Outcome</th>
              <th scope="col">Problems</th>
              {summary.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <PreviewRow key={row.row} row={row} columns={summary.columns} />
            ))}
          </tbody>
        </HTMLTable>
      </section>
    </section>
  );
}
