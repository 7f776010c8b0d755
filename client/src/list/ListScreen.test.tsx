// Over 300 lines: the list screen every list inherits (001 §2.4): toolbar, drawer, chips, paging, exports.
import { Classes } from '@blueprintjs/core';
import { type CallDef, defineList, FILTER_DRAWER_WIDTH, type ListDef, MSG, patientsList } from '@rpm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeServer, pageOf } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { ListScreen } from './ListScreen';
import { listStateSearch, parseListState } from './url-state';

vi.setConfig({ testTimeout: 20_000 });

const row = z.object({
  item_id: z.number().int(),
  patient_name: z.string(),
  born: z.string(),
  minutes: z.number().int(),
  compliance: z.array(z.object({ month: z.string(), state: z.enum(['before', 'met', 'missed']) })),
});
type Row = z.infer<typeof row>;

/** A list with one filter of each kind the spec's filter shape has (001 §2.4). */
const def = defineList({
  name: 'things',
  title: 'Things',
  spec: 'test',
  route: '/app/:status?/things',
  page: 'Things Table',
  row,
  idKey: 'item_id',
  columns: [
    { key: 'item_id', label: 'ID', sortable: true },
    {
      key: 'patient_name',
      label: 'Patient Name',
      sortable: true,
      format: 'upper',
      link: '/app/thing/{item_id}',
    },
    { key: 'born', label: 'DOB', format: 'date' },
    { key: 'minutes', label: 'Minutes', sortable: true, format: 'minutes' },
    { key: 'compliance', label: 'Compliance', format: 'strip' },
  ],
  defaultSort: { key: 'patient_name', order: 'asc' },
  filters: [
    {
      key: 'state',
      label: 'State',
      options: [
        { value: 'open', label: 'Open' },
        { value: 'on_hold', label: 'On Hold' },
      ],
    },
    { key: 'practice', label: 'Practice', multi: true, search: true },
    { key: 'seen', label: 'Seen', dateRange: true },
    { key: 'late', label: 'Late only', checkbox: true },
    { key: 'patient', label: 'Patient', hidden: true },
  ],
  defaultFilters: { state: 'open' },
  searchPlaceholder: 'Search name',
  exports: ['csv'],
  open: '/app/thing/{item_id}',
  routeFilters: { status: 'state' },
}) as unknown as ListDef;

const ROWS: Row[] = Array.from({ length: 23 }, (_, i) => ({
  item_id: i + 1,
  patient_name: `Doe ${i + 1}, Jane`,
  born: '1950-04-02',
  minutes: 20 + i,
  compliance: [
    { month: '2026-01', state: 'before' },
    { month: '2026-02', state: 'met' },
    { month: '2026-03', state: 'missed' },
  ],
}));

function serve(rows: readonly Row[] = ROWS) {
  return fakeServer()
    .on(def.calls.list, (r) => pageOf(rows, r.query))
    .on(def.calls.filterOptions, () => ({
      status: 1,
      data: {
        practice: [
          { value: '1', label: 'Main Street Practice' },
          { value: '2', label: 'Harbour Practice' },
        ],
      },
    }));
}

function open(path = '/app/things') {
  storeUser(makeUser({ roleid: [8], pages: ['Things Table'] }));
  return { ...renderWithProviders(<ListScreen def={def} />, path), ui: userEvent.setup() };
}

const lastList = (server: ReturnType<typeof serve>) => server.last(def.calls.list)?.query;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 15, 10, 0));
});
afterEach(() => vi.useRealTimers());

describe('ListScreen: table, sorting and paging', () => {
  it('asks for page 0 of 10 in the default order and draws the rows as a grid', async () => {
    const server = serve();
    open();
    await screen.findByText('DOE 1, JANE');
    expect(lastList(server)).toEqual({ page: '0', rowsPerPage: '10', orderby: 'patient_name', order: 'asc' });
    const grid = screen.getByRole('grid');
    expect(grid.getAttribute('aria-rowcount')).toBe('24');
    expect(within(grid).getAllByRole('row')).toHaveLength(11);
    // Formats come from format.ts: upper-case names linking to the row, MM/DD/YYYY, 'n min'.
    expect(screen.getByRole('link', { name: 'DOE 1, JANE' }).getAttribute('href')).toBe('/app/thing/1');
    expect(screen.getAllByText('04/02/1950')).toHaveLength(10);
    expect(screen.getByText('20 min')).toBeTruthy();
    expect(screen.getByText('1–10 of 23')).toBeTruthy();
  });

  it('draws the compliance strip as five-at-most squares in the state colours with month names', async () => {
    serve();
    open();
    await screen.findByText('DOE 1, JANE');
    const [strip] = screen.getAllByRole('img', { name: /January 2026: before setup/ });
    expect(strip?.getAttribute('aria-label')).toBe(
      'January 2026: before setup; February 2026: target met; March 2026: target missed',
    );
    const states = [...(strip?.querySelectorAll('[data-state]') ?? [])].map((s) => s.className);
    expect(states).toEqual([
      'list-strip-square list-strip-before',
      'list-strip-square list-strip-met',
      'list-strip-square list-strip-missed',
    ]);
  });

  it('sorts by a header: aria-sort follows, the query and the URL carry the order', async () => {
    const server = serve();
    const { ui, path } = open();
    await screen.findByText('DOE 1, JANE');
    const nameHeader = screen.getByRole('columnheader', { name: /Patient Name/ });
    const idHeader = screen.getByRole('columnheader', { name: /ID/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(idHeader.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'DOB' }).hasAttribute('aria-sort')).toBe(false);

    await ui.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(lastList(server)).toMatchObject({ orderby: 'patient_name', order: 'desc' }));
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');
    expect(path()).toBe('/app/things?orderby=patient_name&order=desc');

    await ui.click(within(idHeader).getByRole('button'));
    await waitFor(() =>
      expect(lastList(server)).toMatchObject({ orderby: 'item_id', order: 'asc', page: '0' }),
    );
    expect(screen.getByRole('columnheader', { name: /ID/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Patient Name/ }).getAttribute('aria-sort')).toBe('none');
  });

  it('pages on the server and changes the page size to 25 from page 0', async () => {
    const server = serve();
    const { ui, path } = open();
    await screen.findByText('DOE 1, JANE');
    await ui.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('DOE 11, JANE');
    expect(lastList(server)).toMatchObject({ page: '1', rowsPerPage: '10' });
    expect(path()).toBe('/app/things?page=1');
    expect(screen.getByRole('row', { name: /DOE 11, JANE/ }).getAttribute('aria-rowindex')).toBe('12');

    await ui.selectOptions(screen.getByLabelText('Rows per page'), '25');
    await screen.findByText('DOE 23, JANE');
    expect(lastList(server)).toMatchObject({ page: '0', rowsPerPage: '25' });
    expect(screen.getByText('1–23 of 23')).toBeTruthy();
  });

  it("shows 'No Records Found' when the list is empty", async () => {
    serve([]);
    open();
    expect(await screen.findByText(MSG.noRecordsFound)).toBeTruthy();
    expect(MSG.noRecordsFound).toBe('No Records Found');
  });

  it('searches on Enter from page 0, and clearing the box resets the search', async () => {
    const server = serve();
    const { ui, path } = open('/app/things?page=2');
    await screen.findByText('DOE 21, JANE');
    const box = screen.getByRole('searchbox', { name: 'Search name' });
    await ui.type(box, '  Doe 7 ');
    expect(lastList(server)?.search).toBeUndefined();
    await ui.keyboard('{Enter}');
    await waitFor(() => expect(lastList(server)).toMatchObject({ search: 'Doe 7', page: '0' }));
    expect(path()).toBe('/app/things?search=Doe+7');
    await ui.clear(box);
    await waitFor(() => expect(lastList(server)?.search).toBeUndefined());
    expect(path()).toBe('/app/things');
  });
});

describe('ListScreen: filters (001 §2.4)', () => {
  it('opens a 375-wide drawer with one control per offered filter and the date labels of the spec', async () => {
    const server = serve();
    const { ui } = open();
    await screen.findByText('DOE 1, JANE');
    await ui.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    expect(FILTER_DRAWER_WIDTH).toBe(375);
    expect(drawer.closest<HTMLElement>(`.${Classes.DRAWER}`)?.style.width).toBe('375px');
    const start = within(drawer).getByLabelText('Start Date*') as HTMLInputElement;
    const end = within(drawer).getByLabelText('End Date*') as HTMLInputElement;
    // No future dates (001 §5): today is 15 March 2026.
    expect(start.max).toBe('2026-03-15');
    expect(end.max).toBe('2026-03-15');
    expect((within(drawer).getByLabelText('State') as HTMLSelectElement).value).toBe('open');
    // The practice options come from the list's filterOptions call, loaded once.
    expect(within(drawer).getByRole('checkbox', { name: 'Harbour Practice' })).toBeTruthy();
    expect(within(drawer).getByRole('checkbox', { name: 'Late only' })).toBeTruthy();
    expect(within(drawer).queryByText('Patient')).toBeNull();
    expect(server.requests(def.calls.filterOptions)).toHaveLength(1);

    await ui.type(within(drawer).getByRole('searchbox', { name: 'Search Practice' }), 'harb');
    expect(within(drawer).queryByRole('checkbox', { name: 'Main Street Practice' })).toBeNull();
  });

  it('applies the drawer: query fields by filter key, the chips name them, the URL keeps them', async () => {
    const server = serve();
    const { ui, path } = open();
    await screen.findByText('DOE 1, JANE');
    await ui.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    await ui.selectOptions(within(drawer).getByLabelText('State'), 'on_hold');
    await ui.click(within(drawer).getByRole('checkbox', { name: 'Harbour Practice' }));
    await ui.click(within(drawer).getByRole('checkbox', { name: 'Main Street Practice' }));
    fireEvent.change(within(drawer).getByLabelText('Start Date*'), { target: { value: '2026-03-01' } });
    fireEvent.change(within(drawer).getByLabelText('End Date*'), { target: { value: '2026-03-10' } });
    await ui.click(within(drawer).getByRole('checkbox', { name: 'Late only' }));
    await ui.click(within(drawer).getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(lastList(server)).toEqual({
        page: '0',
        rowsPerPage: '10',
        orderby: 'patient_name',
        order: 'asc',
        state: 'on_hold',
        practice: '1,2',
        seen_from: '2026-03-01',
        seen_to: '2026-03-10',
        late: '1',
      }),
    );
    const chips = screen.getByRole('list', { name: 'Applied filters' });
    expect(within(chips).getByText('State: On Hold')).toBeTruthy();
    expect(within(chips).getByText('Practice: Main Street Practice, Harbour Practice')).toBeTruthy();
    expect(within(chips).getByText('Seen: 03/01/2026 – 03/10/2026')).toBeTruthy();
    expect(within(chips).getByText('Late only')).toBeTruthy();
    expect(new URLSearchParams(path().split('?')[1]).get('practice')).toBe('1,2');
  });

  it('asks for both days of a range before applying it', async () => {
    const server = serve();
    const { ui } = open();
    await screen.findByText('DOE 1, JANE');
    const before = server.requests(def.calls.list).length;
    await ui.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    fireEvent.change(within(drawer).getByLabelText('Start Date*'), { target: { value: '2026-03-01' } });
    await ui.click(within(drawer).getByRole('button', { name: 'Apply' }));
    expect(within(drawer).getByText(MSG.required)).toBeTruthy();
    expect(server.requests(def.calls.list)).toHaveLength(before);
  });

  it("removing a chip sends that filter EMPTY ('all'), not absent (which is the default)", async () => {
    const server = serve();
    const { ui, path } = open();
    await screen.findByText('DOE 1, JANE');
    // The default filter shows as a chip: the worklist's 'open' is a choice the user can lift.
    const chips = screen.getByRole('list', { name: 'Applied filters' });
    expect(within(chips).getByText('State: Open')).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Remove filter State' }));
    await waitFor(() => expect(lastList(server)).toMatchObject({ state: '' }));
    expect(path()).toBe('/app/things?state=');
    expect(screen.queryByRole('list', { name: 'Applied filters' })).toBeNull();
  });

  it("'Reset' clears every filter to all", async () => {
    const server = serve();
    const { ui } = open('/app/things?state=on_hold&practice=2&late=1');
    await screen.findByText('DOE 1, JANE');
    expect(lastList(server)).toMatchObject({ state: 'on_hold', practice: '2', late: '1' });
    await ui.click(screen.getByRole('button', { name: 'Filters' }));
    await ui.click(
      within(await screen.findByRole('dialog', { name: 'Filters' })).getByRole('button', { name: 'Reset' }),
    );
    await waitFor(() =>
      expect(lastList(server)).toMatchObject({
        state: '',
        practice: '',
        patient: '',
      }),
    );
    // A range or a checkbox at 'all' is absent: the call refuses an empty day or flag.
    expect(lastList(server)).not.toHaveProperty('late');
    expect(lastList(server)).not.toHaveProperty('seen_from');
  });

  it("preselects a filter from a route segment by its label's slug ('on-hold' ↔ 'On Hold')", async () => {
    const server = serve();
    open('/app/on-hold/things');
    await screen.findByText('DOE 1, JANE');
    expect(lastList(server)).toMatchObject({ state: 'on_hold' });
    expect(screen.getByText('State: On Hold')).toBeTruthy();
  });

  it('waits for loaded options to match a segment naming one (the Patients route, rpm_status by label)', async () => {
    const patients = patientsList as unknown as ListDef;
    const server = fakeServer()
      .on(patients.calls.list, (r) => pageOf([], r.query))
      .on(patients.calls.filterOptions, () => ({
        status: 1,
        data: { rpm_status: [{ value: '4', label: 'On Hold' }] },
      }));
    storeUser(makeUser({ roleid: [8], pages: ['Patients Table'] }));
    renderWithProviders(<ListScreen def={patients} />, '/app/on-hold/rpm/patients');
    await screen.findByText(MSG.noRecordsFound);
    // One request, after the options: the status by its label's slug, the program by its fixed option.
    expect(server.requests(patients.calls.list).map((r) => r.query)).toEqual([
      {
        page: '0',
        rowsPerPage: '10',
        orderby: 'patient_name',
        order: 'asc',
        rpm_status: '4',
        program: 'rpm',
      },
    ]);
  });

  it('shows the practice selector in the toolbar to roles 1, 10 and 17 (001 §2.4)', async () => {
    const server = serve();
    storeUser(makeUser({ roleid: [10], pages: ['Things Table'] }));
    const ui = userEvent.setup();
    renderWithProviders(<ListScreen def={def} />, '/app/things');
    await screen.findByText('DOE 1, JANE');
    const select = await screen.findByRole('combobox', { name: 'Practice' });
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Harbour Practice' })).toBeTruthy(),
    );
    await ui.selectOptions(select, '2');
    await waitFor(() => expect(lastList(server)).toMatchObject({ practice: '2', page: '0' }));
  });

  it('offers no toolbar selector to other roles', async () => {
    serve();
    open();
    await screen.findByText('DOE 1, JANE');
    expect(screen.queryByRole('combobox', { name: 'Practice' })).toBeNull();
  });
});

describe('ListScreen: the URL holds the state', () => {
  it('restores sort, paging, search and filters from the URL and writes them back the same', async () => {
    const search = 'page=1&rowsPerPage=25&orderby=minutes&order=desc&search=doe&state=&practice=2,1&late=1';
    const state = parseListState(def, search);
    expect(state).toEqual({
      page: 1,
      rowsPerPage: 25,
      orderby: 'minutes',
      order: 'desc',
      search: 'doe',
      filters: { state: '', practice: '2,1', late: '1' },
    });
    expect(parseListState(def, listStateSearch(def, state))).toEqual(state);

    const server = serve();
    open(`/app/things?${search}`);
    await waitFor(() =>
      expect(lastList(server)).toEqual({
        page: '1',
        rowsPerPage: '25',
        orderby: 'minutes',
        order: 'desc',
        search: 'doe',
        state: '',
        practice: '2,1',
        late: '1',
      }),
    );
  });

  it('falls back to the default of each field the list call would refuse, keeping the valid ones', () => {
    const state = parseListState(def, 'page=-3&rowsPerPage=7&orderby=born&order=up&state=nope&practice=2');
    expect(state).toEqual({
      page: 0,
      rowsPerPage: 10,
      orderby: 'patient_name',
      order: 'asc',
      search: '',
      filters: { practice: '2' },
    });
  });
});

describe('ListScreen: More Information, print and keyboard', () => {
  it("'More Information' shows the row's columns, formatted, without the Operations column", async () => {
    serve();
    const { ui } = open();
    await screen.findByText('DOE 1, JANE');
    await ui.click(screen.getByRole('button', { name: `${MSG.moreInformation}: Doe 1, Jane` }));
    const dialog = await screen.findByRole('dialog', { name: MSG.moreInformation });
    const labels = within(dialog)
      .getAllByRole('rowheader')
      .map((th) => th.textContent);
    expect(labels).toEqual(['ID', 'Patient Name', 'DOB', 'Minutes', 'Compliance']);
    expect(within(dialog).getByText('DOE 1, JANE')).toBeTruthy();
    expect(within(dialog).getByText('04/02/1950')).toBeTruthy();
    expect(within(dialog).queryByText('Operations')).toBeNull();
    await ui.click(within(dialog).getByRole('button', { name: MSG.close }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MSG.moreInformation })).toBeNull());
  });

  it("prints: the dialog offers the definition's formats and downloads the whole filtered list", async () => {
    const server = serve().on(
      def.calls.csv as unknown as CallDef,
      () =>
        new Response('a,b\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="things.csv"' },
        }),
    );
    const createObjectURL = vi.fn(() => 'blob:things');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { ui } = open('/app/things?page=2&orderby=minutes&order=desc&practice=2');
    await screen.findByText('DOE 21, JANE');
    await ui.click(screen.getByRole('button', { name: 'Print' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print Options' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['csv']);
    expect(within(dialog).getByRole('radio', { name: MSG.printCsv })).toBeTruthy();
    expect(within(dialog).queryByRole('radio', { name: MSG.printPdf })).toBeNull();
    await ui.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    // The view query: sort, search and filters, no paging.
    expect(server.last(def.calls.csv as unknown as CallDef)?.query).toEqual({
      orderby: 'minutes',
      order: 'desc',
      practice: '2',
    });
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('things.csv');
  });

  it('moves between cells with the arrows, Home and End, and opens the row with Enter', async () => {
    serve();
    const { ui, path } = open();
    await screen.findByText('DOE 1, JANE');
    const grid = screen.getByRole('grid');
    const cell = (r: number, c: number) => grid.querySelector<HTMLElement>(`[data-cell="${r}:${c}"]`);
    // One tab stop: the grid's first cell.
    expect(grid.querySelectorAll('[data-cell][tabindex="0"]')).toHaveLength(1);
    cell(0, 0)?.focus();
    await ui.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(cell(1, 0));
    await ui.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(cell(1, 2));
    await ui.keyboard('{End}');
    expect(document.activeElement).toBe(cell(1, 5));
    await ui.keyboard('{Home}');
    expect(document.activeElement).toBe(cell(1, 0));
    await ui.keyboard('{ArrowDown}{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(cell(0, 0));
    expect(cell(0, 0)?.tabIndex).toBe(0);
    expect(cell(1, 0)?.tabIndex).toBe(-1);
    await ui.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(path()).toBe('/app/thing/2');
  });

  it('sorts with Enter on a sortable header', async () => {
    const server = serve();
    const { ui } = open();
    await screen.findByText('DOE 1, JANE');
    screen.getByRole('columnheader', { name: /ID/ }).focus();
    await ui.keyboard('{Enter}');
    await waitFor(() => expect(lastList(server)).toMatchObject({ orderby: 'item_id', order: 'asc' }));
  });
});
