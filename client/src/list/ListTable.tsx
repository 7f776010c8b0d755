import { Button, Checkbox, HTMLTable, Icon } from '@blueprintjs/core';
import { type ListColumn, MSG } from '@rpm/shared';
import { type KeyboardEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import type { TableDensity } from '../shell/ui-settings';
import { cellContent, type ListRow, stickyAt, stickyCountOf } from './list-cells';

export type { ListRow };

export interface ListTableProps {
  readonly columns: readonly ListColumn[];
  readonly rows: readonly ListRow[];
  readonly idKey: string;
  /** Rows of the whole query, for `aria-rowcount`. */
  readonly count: number;
  /** Index of the first row shown within the whole query (page × rows per page). */
  readonly offset: number;
  readonly orderby: string;
  readonly order: 'asc' | 'desc';
  readonly onSort: (key: string) => void;
  /** Enter on a row. */
  readonly onOpen: (row: ListRow) => void;
  readonly onMoreInformation: (row: ListRow) => void;
  /** Row selection (the worklist's Acknowledge): the selected ids, or undefined without selection. */
  readonly selected?: ReadonlySet<string>;
  readonly onSelect?: (ids: ReadonlySet<string>) => void;
  /** Extra per-row actions in the Operations column (My Tasks' Complete / Reassign). */
  readonly rowActions?: (row: ListRow) => ReactNode;
  /** Names a row in spoken labels (e.g. its patient's name). */
  readonly rowName: (row: ListRow) => string;
  /** The user's density (decisions.md "Dense tables"); comfortable by default. */
  readonly density?: TableDensity;
}

const NEXT_ORDER = { asc: 'descending', desc: 'ascending' } as const;

/**
 * The list's table as an ARIA grid (decisions.md "List table": Blueprint's HTMLTable, as Table2 lacks grid roles,
 * blueprint issue #6224). One cell at a time is in the tab order (roving tabindex): arrow keys move between cells
 * and rows, Home/End to the row's first/last cell (with Ctrl, the grid's), Enter on a row opens it; on a sortable
 * header Enter sorts. Sortable headers are buttons and carry `aria-sort`.
 */
export function ListTable({
  columns,
  rows,
  idKey,
  count,
  offset,
  orderby,
  order,
  onSort,
  onOpen,
  onMoreInformation,
  selected,
  onSelect,
  rowActions,
  rowName,
  density = 'comfortable',
}: ListTableProps) {
  const [active, setActive] = useState({ row: 0, col: 0 });
  const table = useRef<HTMLTableElement>(null);
  const selectable = selected !== undefined && onSelect !== undefined;
  const stickyFirst = selectable ? 1 : 0;
  const stickyCount = stickyFirst + stickyCountOf(columns);
  const sticky = (col: number) => (col < stickyCount ? stickyAt(col) : {});

  // Each sticky column's left edge: the widths of the sticky header cells before it.
  useLayoutEffect(() => {
    const node = table.current;
    if (!node) return;
    let left = 0;
    for (const head of node.querySelectorAll<HTMLElement>('thead th[data-sticky]')) {
      node.style.setProperty(`--list-sticky-${head.dataset.sticky}`, `${left}px`);
      left += head.getBoundingClientRect().width;
    }
  });
  const colCount = columns.length + 1 + (selectable ? 1 : 0);
  const rowCount = rows.length + 1;
  const at = {
    row: Math.min(active.row, rowCount - 1),
    col: Math.min(active.col, colCount - 1),
  };
  const idOf = (row: ListRow) => String(row[idKey]);
  const allSelected = selectable && rows.length > 0 && rows.every((r) => selected.has(idOf(r)));

  const focusCell = (row: number, col: number) => {
    setActive({ row, col });
    const cell = table.current?.querySelector<HTMLElement>(`[data-cell="${row}:${col}"]`);
    cell?.focus();
    // Focus alone leaves a cell half in view when the table scrolls sideways in its box.
    cell?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-cell]');
    if (!cell) return;
    const [row = 0, col = 0] = (cell.dataset.cell ?? '0:0').split(':').map(Number);
    const onCellItself = event.target === cell;
    let next: [number, number] | null = null;
    switch (event.key) {
      case 'ArrowRight':
        next = [row, Math.min(col + 1, colCount - 1)];
        break;
      case 'ArrowLeft':
        next = [row, Math.max(col - 1, 0)];
        break;
      case 'ArrowDown':
        next = [Math.min(row + 1, rowCount - 1), col];
        break;
      case 'ArrowUp':
        next = [Math.max(row - 1, 0), col];
        break;
      case 'Home':
        next = event.ctrlKey ? [0, 0] : [row, 0];
        break;
      case 'End':
        next = event.ctrlKey ? [rowCount - 1, colCount - 1] : [row, colCount - 1];
        break;
      case 'Enter': {
        // A link or button inside the cell keeps its own Enter.
        if (!onCellItself) return;
        event.preventDefault();
        if (row === 0) {
          const column = columns[col - (selectable ? 1 : 0)];
          if (column?.sortable) onSort(column.key);
          return;
        }
        const target = rows[row - 1];
        if (target) onOpen(target);
        return;
      }
      default:
        return;
    }
    event.preventDefault();
    focusCell(next[0], next[1]);
  };

  const cellProps = (row: number, col: number) => ({
    'data-cell': `${row}:${col}`,
    tabIndex: at.row === row && at.col === col ? 0 : -1,
    onFocus: () => setActive({ row, col }),
  });

  // A table wider than the page scrolls in its own box, not the page with the menu and the header.
  return (
    <div className="list-table-scroll">
      <HTMLTable
        ref={table}
        compact
        striped
        interactive
        className={`list-table list-${density}`}
        role="grid"
        aria-rowcount={count + 1}
        aria-colcount={colCount}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr aria-rowindex={1}>
            {selectable && (
              <th {...sticky(0)} {...cellProps(0, 0)}>
                <Checkbox
                  aria-label="Select all rows of this page"
                  checked={allSelected}
                  indeterminate={!allSelected && rows.some((r) => selected.has(idOf(r)))}
                  disabled={rows.length === 0}
                  onChange={() => onSelect(allSelected ? new Set() : new Set(rows.map(idOf)))}
                  className="list-check"
                />
              </th>
            )}
            {columns.map((column, i) => {
              const col = i + (selectable ? 1 : 0);
              const sorted = column.key === orderby;
              const ariaSort = !column.sortable
                ? undefined
                : sorted
                  ? order === 'asc'
                    ? 'ascending'
                    : 'descending'
                  : 'none';
              return (
                <th key={column.key} aria-sort={ariaSort} {...sticky(col)} {...cellProps(0, col)}>
                  {column.sortable ? (
                    <button
                      type="button"
                      className="list-sort"
                      tabIndex={-1}
                      title={`Sort by ${column.label}${sorted ? `, ${NEXT_ORDER[order]}` : ''}`}
                      onClick={() => onSort(column.key)}
                    >
                      <span>{column.label}</span>
                      <Icon
                        icon={
                          sorted ? (order === 'asc' ? 'caret-up' : 'caret-down') : 'double-caret-vertical'
                        }
                        size={12}
                      />
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
            <th className="list-operations" {...cellProps(0, colCount - 1)}>
              Operations
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr aria-rowindex={2}>
              <td colSpan={colCount} className="list-empty">
                {MSG.noRecordsFound}
              </td>
            </tr>
          ) : (
            rows.map((row, r) => {
              const id = idOf(row);
              const name = rowName(row);
              return (
                <tr
                  key={id}
                  aria-rowindex={offset + r + 2}
                  aria-selected={selectable ? selected.has(id) : undefined}
                >
                  {selectable && (
                    <td {...sticky(0)} {...cellProps(r + 1, 0)}>
                      <Checkbox
                        aria-label={`Select ${name}`}
                        checked={selected.has(id)}
                        className="list-check"
                        onChange={() => {
                          const next = new Set(selected);
                          if (next.has(id)) next.delete(id);
                          else next.add(id);
                          onSelect(next);
                        }}
                      />
                    </td>
                  )}
                  {columns.map((column, i) => (
                    <td key={column.key} {...sticky(i + stickyFirst)} {...cellProps(r + 1, i + stickyFirst)}>
                      {cellContent(column, row)}
                    </td>
                  ))}
                  <td className="list-operations" {...cellProps(r + 1, colCount - 1)}>
                    <Button
                      size="small"
                      variant="minimal"
                      icon="info-sign"
                      aria-label={`${MSG.moreInformation}: ${name}`}
                      title={MSG.moreInformation}
                      onClick={() => onMoreInformation(row)}
                    />
                    {rowActions?.(row)}
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </HTMLTable>
    </div>
  );
}
