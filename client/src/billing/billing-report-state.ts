import { type BillingSortKey, DEFAULT_PAGE_SIZE, isValidSearch, MSG } from '@rpm/shared';
import type { PageSize } from '../list/TablePager';
import { type BillingPeriod, MONTH_AFTER_YEAR_CHANGE } from './billing-period';

export type { PageSize };

/** A practice the report is for (001 §3 practice option). */
export interface PracticeChoice {
  readonly practiceId: number;
  readonly orgId: number | null;
  readonly label: string;
}

/** Everything the report page holds: the query sent to the server and the search box's text. */
export interface BillingReportState {
  /** `null`: no practice chosen, every practice in the user's scope (the server decides the scope, 001 §6). */
  readonly practice: PracticeChoice | null;
  readonly year: number;
  /** 1-12. */
  readonly month: number;
  /** The search the table shows (sent as the search header); '' for none. */
  readonly search: string;
  /** What the search box holds; it becomes `search` on Enter (001 §2.1). */
  readonly searchText: string;
  /** 'Search Cannot be Empty or contain Special Characters' after a refused Enter (001 §5 Search). */
  readonly searchError: string | null;
  /** 0-based page. */
  readonly page: number;
  readonly rowsPerPage: PageSize;
  readonly orderby: BillingSortKey;
  readonly order: 'asc' | 'desc';
  /** Bumped to load the same query again (after a claim, 001 §4). */
  readonly reloads: number;
}

/** What the user does on the report page. */
export type BillingReportEvent =
  | { readonly type: 'practiceChosen'; readonly practice: PracticeChoice | null }
  | { readonly type: 'monthChosen'; readonly month: number }
  | { readonly type: 'yearChosen'; readonly year: number }
  | { readonly type: 'searchTyped'; readonly text: string }
  | { readonly type: 'searchSubmitted' }
  | { readonly type: 'searchCleared' }
  | { readonly type: 'pageChosen'; readonly page: number }
  | { readonly type: 'rowsPerPageChosen'; readonly rowsPerPage: PageSize }
  | { readonly type: 'sortChosen'; readonly orderby: BillingSortKey }
  | { readonly type: 'reloadRequested' };

/**
 * The first state (001 §9): the current month and year, page 0 of 10 rows, patient id ascending (001 §7), no
 * search.
 */
export function initialReportState(
  period: BillingPeriod,
  practice: PracticeChoice | null,
): BillingReportState {
  return {
    practice,
    year: period.year,
    month: period.month,
    search: '',
    searchText: '',
    searchError: null,
    page: 0,
    rowsPerPage: DEFAULT_PAGE_SIZE,
    orderby: 'patient_id',
    order: 'asc',
    reloads: 0,
  };
}

/**
 * The report page's rules (001 §2.1, §4 Billing):
 * - a change of practice, month or year reloads from page 0; a year change also resets the month
 *   ({@link MONTH_AFTER_YEAR_CHANGE});
 * - Enter runs the search (from page 0) if it is valid (001 §5), else shows the search message; clearing the box
 *   resets the search;
 * - a new page size or sort starts at page 0 (decisions.md "New sort starts at page 0"); choosing the sorted column
 *   again flips its order, another column starts ascending.
 */
export function billingReportReducer(
  state: BillingReportState,
  event: BillingReportEvent,
): BillingReportState {
  switch (event.type) {
    case 'practiceChosen':
      if (state.practice?.practiceId === event.practice?.practiceId) return state;
      return { ...state, practice: event.practice, page: 0 };
    case 'monthChosen':
      return event.month === state.month ? state : { ...state, month: event.month, page: 0 };
    case 'yearChosen':
      return event.year === state.year
        ? state
        : { ...state, year: event.year, month: MONTH_AFTER_YEAR_CHANGE, page: 0 };
    case 'searchTyped':
      // Emptying the box is clearing it (001 §2.1 "clearing it resets the search").
      if (event.text === '') return clearSearch(state);
      return { ...state, searchText: event.text, searchError: null };
    case 'searchSubmitted': {
      const text = state.searchText.trim();
      if (!isValidSearch(text)) return { ...state, searchError: MSG.searchInvalid };
      return { ...state, search: text, searchError: null, page: 0 };
    }
    case 'searchCleared':
      return clearSearch(state);
    case 'pageChosen':
      return { ...state, page: Math.max(0, Math.trunc(event.page)) };
    case 'rowsPerPageChosen':
      return { ...state, rowsPerPage: event.rowsPerPage, page: 0 };
    case 'sortChosen': {
      const order = state.orderby === event.orderby && state.order === 'asc' ? 'desc' : 'asc';
      return { ...state, orderby: event.orderby, order, page: 0 };
    }
    case 'reloadRequested':
      return { ...state, reloads: state.reloads + 1 };
  }
}

function clearSearch(state: BillingReportState): BillingReportState {
  return {
    ...state,
    searchText: '',
    searchError: null,
    search: '',
    page: state.search === '' ? state.page : 0,
  };
}

/** The billing headers of 001 §6, §7 for the report's state: month, year, practice, organization and search. */
export function reportHeaders(state: BillingReportState) {
  return {
    month: state.month,
    year: state.year,
    practice: state.practice ? String(state.practice.practiceId) : undefined,
    organization: state.practice?.orgId != null ? String(state.practice.orgId) : undefined,
    // Headers carry only Latin-1: the search travels URI-encoded and the server decodes it (shared/src/api/billing.ts).
    search: state.search === '' ? undefined : encodeURIComponent(state.search),
  };
}

/** The paging and sorting query of 001 §7. */
export function reportQuery(state: BillingReportState) {
  return { page: state.page, rowsPerPage: state.rowsPerPage, orderby: state.orderby, order: state.order };
}
