import { HTMLTable } from '@blueprintjs/core';
import { MSG } from '@rpm/shared';
import type { ReactNode } from 'react';

export interface ChartTableProps<T> {
  /** The rows; undefined while they load. */
  readonly rows: readonly T[] | undefined;
  readonly columns: readonly string[];
  /** One `<tr>` per row. */
  readonly children: (row: T) => ReactNode;
}

/** A table of a chart tab: 'Loading...' while it loads, 'No data found' when empty, else the headed rows. */
export function ChartTable<T>({ rows, columns, children }: ChartTableProps<T>) {
  if (!rows) return <p>{MSG.loading}</p>;
  if (rows.length === 0) return <p>{MSG.noDataFound}</p>;
  return (
    <HTMLTable compact striped>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column}>{column}</th>
          ))}
        </tr>
      </thead>
      <tbody>{rows.map(children)}</tbody>
    </HTMLTable>
  );
}
