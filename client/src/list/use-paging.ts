import { DEFAULT_PAGE_SIZE } from '@rpm/shared';
import { useEffect, useState } from 'react';
import type { PageSize } from './TablePager';

/** What {@link usePaging} gives: the query's paging fields and the pager's props (without the count). */
export interface Paging {
  readonly query: { readonly page: number; readonly rowsPerPage: PageSize };
  readonly pager: {
    readonly page: number;
    readonly rowsPerPage: PageSize;
    readonly onPage: (page: number) => void;
    readonly onRowsPerPage: (rowsPerPage: PageSize) => void;
  };
}

/**
 * Server paging for a table inside a screen (the chart's Notes, Tasks, Activity Logs and Alerts tabs;
 * decisions.md "Chart tabs paging"): 10 rows by default (000 §9), back to the first page when `resetKey` changes
 * (another patient, another state filter) or the page size changes.
 */
export function usePaging(resetKey: unknown): Paging {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<PageSize>(DEFAULT_PAGE_SIZE as PageSize);
  const key = JSON.stringify(resetKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the reset trigger.
  useEffect(() => setPage(0), [key]);
  return {
    query: { page, rowsPerPage },
    pager: {
      page,
      rowsPerPage,
      onPage: setPage,
      onRowsPerPage: (size) => {
        setRowsPerPage(size);
        setPage(0);
      },
    },
  };
}
