import { Button, HTMLSelect } from '@blueprintjs/core';
import { PAGE_SIZES } from '@rpm/shared';
import { useId } from 'react';
import './list.css';

/** A page size of 001 §9: 10, 25, 50 or 100. */
export type PageSize = (typeof PAGE_SIZES)[number];

export interface TablePagerProps {
  /** 0-based page. */
  readonly page: number;
  readonly rowsPerPage: PageSize;
  /** Rows of the whole query (001 §7 count). */
  readonly count: number;
  readonly onPage: (page: number) => void;
  readonly onRowsPerPage: (rowsPerPage: PageSize) => void;
}

/**
 * Server-side paging under a table (the billing report, 001 §2.1; every list, 001 §2.4; §9): rows per page 10,
 * 25, 50 or 100, the rows shown out of the count, and previous/next page
 * (decisions.md "Texts the spec does not quote").
 */
export function TablePager({ page, rowsPerPage, count, onPage, onRowsPerPage }: TablePagerProps) {
  const selectId = useId();
  const pages = Math.max(1, Math.ceil(count / rowsPerPage));
  const first = count === 0 ? 0 : page * rowsPerPage + 1;
  const last = Math.min(count, (page + 1) * rowsPerPage);
  return (
    <nav className="list-pager" aria-label="Pages">
      <label htmlFor={selectId}>Rows per page</label>
      <HTMLSelect
        id={selectId}
        value={rowsPerPage}
        options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
        onChange={(event) => onRowsPerPage(Number(event.currentTarget.value) as PageSize)}
      />
      <span className="list-pager-range" aria-live="polite">
        {first}–{last} of {count}
      </span>
      <Button
        variant="minimal"
        icon="chevron-left"
        aria-label="Previous page"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      />
      <Button
        variant="minimal"
        icon="chevron-right"
        aria-label="Next page"
        disabled={page + 1 >= pages}
        onClick={() => onPage(page + 1)}
      />
    </nav>
  );
}
