import { MSG } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import {
  type BillingReportEvent,
  type BillingReportState,
  billingReportReducer,
  initialReportState,
  reportHeaders,
  reportQuery,
} from './billing-report-state';

const practice = { practiceId: 4, orgId: 2, label: 'Main Street Practice' };
const start = initialReportState({ year: 2026, month: 3 }, null);
/** The start state on page 5, for the "reloads from page 0" rules. */
const deep: BillingReportState = { ...start, page: 5 };
const run = (state: BillingReportState, ...events: BillingReportEvent[]) =>
  events.reduce(billingReportReducer, state);

describe('initialReportState (001 §9)', () => {
  it('is the given month, page 0 of 10 rows, patient id ascending, no search', () => {
    expect(start).toMatchObject({
      year: 2026,
      month: 3,
      page: 0,
      rowsPerPage: 10,
      orderby: 'patient_id',
      order: 'asc',
      search: '',
    });
  });
});

describe('billingReportReducer (001 §2.1, §4 Billing)', () => {
  it.each<[string, BillingReportEvent, Partial<BillingReportState>]>([
    ['a practice reloads from page 0', { type: 'practiceChosen', practice }, { practice, page: 0 }],
    ['a month reloads from page 0', { type: 'monthChosen', month: 1 }, { month: 1, page: 0 }],
    ['the same month changes nothing', { type: 'monthChosen', month: 3 }, { month: 3, page: 5 }],
    [
      'a year resets the month to January and the page to 0',
      { type: 'yearChosen', year: 2024 },
      { year: 2024, month: 1, page: 0 },
    ],
    ['the same year keeps the month', { type: 'yearChosen', year: 2026 }, { year: 2026, month: 3, page: 5 }],
    ['a page is kept', { type: 'pageChosen', page: 7 }, { page: 7 }],
    ['a negative page is page 0', { type: 'pageChosen', page: -1 }, { page: 0 }],
    [
      'a page size starts at page 0',
      { type: 'rowsPerPageChosen', rowsPerPage: 50 },
      { rowsPerPage: 50, page: 0 },
    ],
    [
      'a new sort column starts ascending at page 0',
      { type: 'sortChosen', orderby: 'patient_name' },
      { orderby: 'patient_name', order: 'asc', page: 0 },
    ],
    [
      'the sorted column again flips to descending',
      { type: 'sortChosen', orderby: 'patient_id' },
      { orderby: 'patient_id', order: 'desc', page: 0 },
    ],
    ['a reload keeps the query and counts up', { type: 'reloadRequested' }, { page: 5, reloads: 1 }],
  ])('%s', (_, event, expected) => {
    expect(billingReportReducer(deep, event)).toMatchObject(expected);
  });

  it('a descending column chosen again is ascending', () => {
    const state = run(
      start,
      { type: 'sortChosen', orderby: 'assigned_date' },
      { type: 'sortChosen', orderby: 'assigned_date' },
    );
    expect(state).toMatchObject({ orderby: 'assigned_date', order: 'desc' });
    expect(billingReportReducer(state, { type: 'sortChosen', orderby: 'assigned_date' }).order).toBe('asc');
  });

  it('clearing the practice reloads from page 0', () => {
    const withPractice = { ...deep, practice };
    expect(billingReportReducer(withPractice, { type: 'practiceChosen', practice: null })).toMatchObject({
      practice: null,
      page: 0,
    });
  });

  it('the same practice again keeps the page', () => {
    const withPractice = { ...deep, practice };
    expect(billingReportReducer(withPractice, { type: 'practiceChosen', practice: { ...practice } })).toBe(
      withPractice,
    );
  });
});

describe('search (001 §2.1, §5)', () => {
  it('typing does not search; Enter searches from page 0', () => {
    const typed = run(deep, { type: 'searchTyped', text: ' doe ' });
    expect(typed).toMatchObject({ searchText: ' doe ', search: '', page: 5 });
    expect(run(typed, { type: 'searchSubmitted' })).toMatchObject({
      search: 'doe',
      page: 0,
      searchError: null,
    });
  });

  it.each([
    ['empty', ''],
    ['spaces', '   '],
    ['special characters', "o'neil"],
  ])('Enter with %s shows the search message and keeps the query', (_, text) => {
    const state = run({ ...deep, searchText: text }, { type: 'searchSubmitted' });
    expect(state).toMatchObject({ searchError: MSG.searchInvalid, search: '', page: 5 });
  });

  it('accepts Latin letters with accents', () => {
    expect(run({ ...start, searchText: 'José' }, { type: 'searchSubmitted' }).search).toBe('José');
  });

  it.each<[string, BillingReportEvent]>([
    ['the clear button', { type: 'searchCleared' }],
    ['emptying the box', { type: 'searchTyped', text: '' }],
  ])('%s resets the search from page 0 and hides the message', (_, event) => {
    const searched = { ...deep, search: 'doe', searchText: 'doe', searchError: MSG.searchInvalid };
    expect(billingReportReducer(searched, event)).toMatchObject({
      search: '',
      searchText: '',
      searchError: null,
      page: 0,
    });
  });

  it('typing again hides the message', () => {
    const refused = { ...start, searchText: '#', searchError: MSG.searchInvalid };
    expect(billingReportReducer(refused, { type: 'searchTyped', text: '#a' }).searchError).toBeNull();
  });

  it('clearing an unused box keeps the page', () => {
    expect(run({ ...deep, searchText: 'do' }, { type: 'searchCleared' }).page).toBe(5);
  });
});

describe('headers and query (001 §6, §7)', () => {
  it('sends month, year, practice, organisation and search', () => {
    const state = { ...start, practice, search: 'doe' };
    expect(reportHeaders(state)).toEqual({
      month: 3,
      year: 2026,
      practice: '4',
      organization: '2',
      search: 'doe',
    });
  });

  it('leaves out the practice, organisation and an empty search', () => {
    expect(reportHeaders(start)).toEqual({
      month: 3,
      year: 2026,
      practice: undefined,
      organization: undefined,
      search: undefined,
    });
  });

  it('sends the search URI-encoded, so any letters travel in a header', () => {
    expect(reportHeaders({ ...start, search: 'José Ωmega' }).search).toBe('Jos%C3%A9%20%CE%A9mega');
  });

  it('leaves out an unknown organisation', () => {
    expect(reportHeaders({ ...start, practice: { ...practice, orgId: null } }).organization).toBeUndefined();
  });

  it('sends page, rows per page and the sort', () => {
    expect(
      reportQuery({ ...start, page: 2, rowsPerPage: 25, orderby: 'patient_name', order: 'desc' }),
    ).toEqual({
      page: 2,
      rowsPerPage: 25,
      orderby: 'patient_name',
      order: 'desc',
    });
  });
});
