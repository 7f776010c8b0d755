// Over 300 lines: the billing report screen of 001 §2.1, one case per rule, over one fake server.
import {
  claimReport,
  generateBillingReport,
  getAllPractices,
  getBillingDetails,
  getEvidenceBundle,
  MSG,
  PRODUCT,
  STORAGE_KEYS,
  searchPracticeByUserId,
} from '@rpm/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeTemporaryLogin } from '../session/storage';
import { LocationFilterProvider } from '../shell/location-filter';
import { giveElementsSize } from '../test/element-size';
import { type FakeRequest, fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { BillingReportPage } from './BillingReportPage';
import { billingPage, billingRow } from './test-rows';

const DETAILS = getBillingDetails;
const CLAIM = claimReport;
const PDF = generateBillingReport;
const ALL_PRACTICES = getAllPractices;
const SEARCH_PRACTICES = searchPracticeByUserId;

const biller = makeUser({
  user_id: 10,
  token: 'tok-10',
  roleid: [10],
  pages: ['Billing Dashboard', 'Billing Report'],
});
const COUNT = 40;

/** A server page of `COUNT` patients, honouring page and rowsPerPage. */
function pageOf(query: FakeRequest['query'], total = 1234.5) {
  const size = Number(query.rowsPerPage ?? 10);
  const from = Number(query.page ?? 0) * size;
  const rows = Array.from({ length: Math.max(0, Math.min(size, COUNT - from)) }, (_, i) =>
    billingRow({ patient_id: 1001 + from + i }),
  );
  return billingPage(rows, COUNT, total);
}

// Table2 draws a few hundred elements per render; on a busy machine a test of several steps needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

let undoSize: () => void;
beforeEach(() => {
  // Today is 15 March 2026: the simulated clock of 001 §9's "current month and year".
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 15, 10, 0));
  undoSize = giveElementsSize();
});
afterEach(() => {
  undoSize();
  vi.useRealTimers();
});

function openReport(user = biller, path = '/app/billing-report') {
  storeUser(user);
  return { ...renderWithProviders(<BillingReportPage />, path), ui: userEvent.setup() };
}

/**
 * A sortable header's button. Table2 draws its header row twice (the main quadrant and the sticky top one), so the
 * first copy is used.
 */
function sortButton(name: string) {
  const [button] = screen.getAllByRole('button', { name });
  if (!button) throw new Error(`no header button ${name}`);
  return button;
}

async function rowsShown() {
  await screen.findByText('DOE 1001, JANE');
}

describe('BillingReportPage: loading and the table (001 §2.1)', () => {
  it('asks for the current month, page 0 of 10, patient id ascending, and shows the rows', async () => {
    const server = fakeServer().on(DETAILS, (r) => pageOf(r.query));
    openReport();
    await rowsShown();

    expect(screen.getByRole('heading', { name: MSG.billingReportTitle })).toBeTruthy();
    const request = server.last(DETAILS);
    expect(request?.query).toEqual({ page: '0', rowsPerPage: '10', orderby: 'patient_id', order: 'asc' });
    expect(request?.headers).toMatchObject({ month: '3', year: '2026', uid: '10', token: 'tok-10' });
    expect(request?.headers).not.toHaveProperty('practice');
    expect(request?.headers).not.toHaveProperty('search');

    // Patient name upper case, a link to the chart overview; dates as MM/DD/YYYY; the server's code columns.
    const link = screen.getByRole('link', { name: 'DOE 1001, JANE' });
    expect(link.getAttribute('href')).toBe('/app/patient-chart/overview/1001');
    expect(screen.getAllByText('04/02/1950').length).toBe(10);
    expect(screen.getAllByText('99454').length).toBe(10);
    expect(screen.getAllByText('16 Days Readings').length).toBeGreaterThan(0);
    expect(screen.getByText('$1,234.50')).toBeTruthy();
    expect(screen.getByText('1–10 of 40')).toBeTruthy();
  });

  it('shows the columns in the order of 001 §2.1', async () => {
    fakeServer().on(DETAILS, (r) => pageOf(r.query));
    const { container } = openReport();
    await rowsShown();
    const main = container.querySelector('.bp6-table-quadrant-main');
    const names = [...(main?.querySelectorAll('.bp6-table-column-name') ?? [])].map((el) =>
      el.textContent?.trim(),
    );
    expect(names).toEqual([
      'RPM ID',
      'Patient Name',
      'DOB',
      'Diagnosis Code',
      'Setup Date',
      'Auth Number',
      'Setup',
      '16 Days Readings',
      'RPM Time-20 mins',
      'RPM Time-40 mins',
      'RPM Time-60 mins',
      'Not Billable',
      'Claim Sent',
      'Evidence',
    ]);
  });

  it('shows each cell the server answers under its column, and the codes a missing document blocks', async () => {
    const partial = '99445 RPM device 2-15 days';
    fakeServer().on(DETAILS, () => ({
      ...billingPage([
        billingRow({ patient_id: 1001, codes: { [partial]: '99445' } }),
        billingRow({ patient_id: 1002, codes: {}, not_billable: 'No interactive contact this month: 99457' }),
      ]),
      columns: ['Setup', partial],
    }));
    openReport();
    await rowsShown();
    expect(screen.getByText('99445')).toBeTruthy();
    expect(screen.getByText('No interactive contact this month: 99457')).toBeTruthy();
  });

  it("opening a patient goes to the patient's chart overview", async () => {
    fakeServer().on(DETAILS, (r) => pageOf(r.query));
    const { ui, path } = openReport();
    await rowsShown();
    await ui.click(screen.getByRole('link', { name: 'DOE 1003, JANE' }));
    expect(path()).toBe('/app/patient-chart/overview/1003');
  });

  it("shows 'No Records Found' and no download button when the month has no rows", async () => {
    fakeServer().on(DETAILS, () => billingPage([], 0, 0));
    openReport();
    expect(await screen.findByText(MSG.noRecordsFound)).toBeTruthy();
    // The grid keeps its column headers (RPM ID first).
    expect(screen.getAllByText('RPM ID').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    expect(screen.getByText('$0.00')).toBeTruthy();
  });

  it('shows the download button only once rows exist', async () => {
    let rows = 0;
    fakeServer().on(DETAILS, () => billingPage(rows ? [billingRow()] : [], rows, 0));
    const { ui } = openReport();
    await screen.findByText(MSG.noRecordsFound);
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    rows = 1;
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '2');
    expect(await screen.findByRole('button', { name: 'Download' })).toBeTruthy();
  });

  it('shows a failed load in the error dialog and empties the table', async () => {
    fakeServer().fail(DETAILS, 403, 'Practice not in your scope');
    openReport();
    expect(await screen.findByRole('alertdialog', { name: 'Alert - 403' })).toBeTruthy();
    expect(screen.getAllByText('Practice not in your scope').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
  });

  it('opens at the month a link asks for (?year=&month=)', async () => {
    const server = fakeServer().on(DETAILS, (r) => pageOf(r.query));
    openReport(biller, '/app/billing-report?year=2025&month=11');
    await rowsShown();
    expect(server.last(DETAILS)?.headers).toMatchObject({ month: '11', year: '2025' });
    expect((screen.getByRole('combobox', { name: 'Month' }) as HTMLSelectElement).value).toBe('11');
  });
});

describe('BillingReportPage: toolbar rules (001 §2.1, §4, §9)', () => {
  it('offers months up to the current one in the current year, and years 2020 to now', async () => {
    fakeServer().on(DETAILS, (r) => pageOf(r.query));
    const { ui } = openReport();
    await rowsShown();
    const month = screen.getByRole('combobox', { name: 'Month' });
    const year = screen.getByRole('combobox', { name: 'Year' });
    expect(
      within(month)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['January', 'February', 'March']);
    expect(
      within(year)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2026', '2025', '2024', '2023', '2022', '2021', '2020']);
    await ui.selectOptions(year, '2025');
    expect(within(month).getAllByRole('option')).toHaveLength(12);
  });

  it('a year change resets the month to January and reloads from page 0', async () => {
    const server = fakeServer().on(DETAILS, (r) => pageOf(r.query));
    const { ui } = openReport();
    await rowsShown();
    await ui.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(server.last(DETAILS)?.query.page).toBe('1'));

    await ui.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2024');
    await waitFor(() => expect(server.last(DETAILS)?.headers).toMatchObject({ year: '2024', month: '1' }));
    expect(server.last(DETAILS)?.query.page).toBe('0');
    expect((screen.getByRole('combobox', { name: 'Month' }) as HTMLSelectElement).value).toBe('1');
  });

  it('a month change reloads from page 0', async () => {
    const server = fakeServer().on(DETAILS, (r) => pageOf(r.query));
    const { ui } = openReport();
    await rowsShown();
    await ui.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(server.last(DETAILS)?.query.page).toBe('1'));
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '2');
    await waitFor(() => expect(server.last(DETAILS)?.headers.month).toBe('2'));
    expect(server.last(DETAILS)?.query.page).toBe('0');
  });

  it('searches on Enter only, and clearing the box resets the search', async () => {
    const server = fakeServer().on(DETAILS, (r) => pageOf(r.query));
    const { ui } = openReport();
    await rowsShown();
    const box = screen.getByRole('searchbox', { name: 'Search patients' });
    await ui.type(box, 'doe');
    expect(server.requests(DETAILS)).toHaveLength(1);

    await ui.keyboard('{Enter}');
    await waitFor(() => expect(server.last(DETAILS)?.headers.search).toBe('doe'));
    expect(server.last(DETAILS)?.query.page).toBe('0');

    await ui.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(server.requests(DETAILS)).toHaveLength(3));
    expect(server.last(DETAILS)?.headers).not.toHaveProperty('search');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('emptying the box by hand also resets the search', async () => {
    const server = fakeServer().on(DETAILS, (r) => pageOf(r.query));
    const { ui } = openReport();
    await rowsShown();
    const box = screen.getByRole('searchbox', { name: 'Search patients' });
    await ui.type(box, 'ab{Enter}');
    await waitFor(() => expect(server.last(DETAILS)?.headers.search).toBe('ab'));
    await ui.type(box, '{Backspace}{Backspace}');
    await waitFor(() => expect(server.last(DETAILS)?.headers).not.toHaveProperty('search'));
  });

  it('refuses an empty or special-character search with the spec message', async () => {
    const server = fakeServer().on(DETAILS, (r) => pageOf(r.query));
    const { ui } = openReport();
    await rowsShown();
    await ui.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'doe%{Enter}');
    expect(await screen.findByText(MSG.searchInvalid)).toBeTruthy();
    expect(server.requests(DETAILS)).toHaveLength(1);
  });
});

describe('BillingReportPage: sorting and paging (001 §2.1, §7)', () => {
  it('sorts on the three sortable columns, flipping the order on a second press', async () => {
    const server = fakeServer().on(DETAILS, (r) => pageOf(r.query));
    const { ui } = openReport();
    await rowsShown();
    expect(sortButton('RPM ID, sorted ascending')).toBeTruthy();

    await ui.click(sortButton('Patient Name, not sorted'));
    await waitFor(() =>
      expect(server.last(DETAILS)?.query).toMatchObject({ orderby: 'patient_name', order: 'asc' }),
    );
    await waitFor(() => sortButton('Patient Name, sorted ascending'));
    await ui.click(sortButton('Patient Name, sorted ascending'));
    await waitFor(() =>
      expect(server.last(DETAILS)?.query).toMatchObject({ orderby: 'patient_name', order: 'desc' }),
    );
    await ui.click(sortButton('Setup Date, not sorted'));
    await waitFor(() =>
      expect(server.last(DETAILS)?.query).toMatchObject({ orderby: 'assigned_date', order: 'asc' }),
    );
    // The other columns are not sortable.
    expect(screen.queryByRole('button', { name: /^DOB/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Auth Number/ })).toBeNull();
  });

  it('pages forward and back, and a page size starts again at page 0', async () => {
    const server = fakeServer().on(DETAILS, (r) => pageOf(r.query));
    const { ui } = openReport();
    await rowsShown();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    await ui.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('DOE 1011, JANE')).toBeTruthy();
    expect(server.last(DETAILS)?.query).toMatchObject({ page: '1', rowsPerPage: '10' });
    expect(screen.getByText('11–20 of 40')).toBeTruthy();

    await ui.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '25');
    await waitFor(() => expect(server.last(DETAILS)?.query).toMatchObject({ page: '0', rowsPerPage: '25' }));
    expect(await screen.findByText('1–25 of 40')).toBeTruthy();
    expect(
      within(screen.getByRole('combobox', { name: 'Rows per page' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50', '100']);

    await ui.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('26–40 of 40')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('BillingReportPage: Claim Sent (001 §4 Billing)', () => {
  it('records the claim, reloads the table, and shows the claim date instead of the action', async () => {
    const claimed = new Set<number>();
    const server = fakeServer()
      .on(DETAILS, () =>
        billingPage(
          [1001, 1002].map((id) =>
            billingRow({
              patient_id: id,
              [`${PRODUCT}_claim`]: claimed.has(id * 10) ? 1 : 0,
              [`${PRODUCT}_claim_date`]: claimed.has(id * 10) ? '2026-03-15' : null,
            }),
          ),
          2,
          0,
        ),
      )
      .on(CLAIM, (r) => {
        claimed.add(Number(r.query.id));
        return { status: 1, message: 'Claim recorded', claim_date: '2026-03-15' };
      });
    const { ui } = openReport();
    await rowsShown();
    expect(screen.queryByText('03/15/2026')).toBeNull();

    await ui.click(screen.getByRole('button', { name: 'Mark claim sent for DOE 1002, JANE' }));
    expect(await screen.findByText('03/15/2026')).toBeTruthy();
    expect(server.last(CLAIM)?.query).toEqual({ id: '10020' });
    await waitFor(() => expect(server.requests(DETAILS)).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Mark claim sent for DOE 1002, JANE' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark claim sent for DOE 1001, JANE' })).toBeTruthy();
  });

  it('keeps the action when the claim fails, and shows the error', async () => {
    fakeServer()
      .on(DETAILS, () => billingPage([billingRow()], 1, 0))
      .fail(CLAIM, 500, 'Database unavailable');
    const { ui } = openReport();
    await rowsShown();
    await ui.click(screen.getByRole('button', { name: 'Mark claim sent for DOE 1001, JANE' }));
    expect(await screen.findByRole('alertdialog', { name: 'Alert - 500' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark claim sent for DOE 1001, JANE' })).toBeTruthy();
  });
});

describe('BillingReportPage: download (001 §2.1, §7)', () => {
  it('downloads the PDF with the headers and sort, named by Content-Disposition', async () => {
    const server = fakeServer()
      .on(DETAILS, (r) => pageOf(r.query))
      .on(
        PDF,
        () =>
          new Response('%PDF-1.7', {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'attachment; filename="RPM-2026-03.pdf"',
            },
          }),
      );
    const created = vi.fn((_: Blob) => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    const { ui } = openReport();
    await rowsShown();
    await ui.click(sortButton('Patient Name, not sorted'));
    await ui.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'doe{Enter}');
    await waitFor(() => expect(server.last(DETAILS)?.headers.search).toBe('doe'));

    await ui.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['RPM-2026-03.pdf blob:report']));
    const request = server.last(PDF);
    expect(request?.query).toEqual({ orderby: 'patient_name', order: 'asc' });
    expect(request?.headers).toMatchObject({ month: '3', year: '2026', search: 'doe', uid: '10' });
    // Read as the page's own Blob: jsdom's Blob (what the saved file is here) has no text() of its own.
    const pdfText = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(created.mock.calls[0]?.[0] as Blob);
    });
    expect(pdfText).toBe('%PDF-1.7');
  });
});

describe('BillingReportPage: evidence (decisions.md "Billing evidence bundle")', () => {
  it("each row's Evidence button downloads that patient-month's PDF under the server's file name", async () => {
    const server = fakeServer()
      .on(DETAILS, () =>
        billingPage(
          [1001, 1002].map((id) => billingRow({ patient_id: id })),
          2,
          0,
        ),
      )
      .on(
        getEvidenceBundle,
        (r) =>
          new Response('%PDF-1.7', {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': `attachment; filename="RPM_Billing_Evidence_${Number(r.query.id) / 10}_2026-03.pdf"`,
            },
          }),
      );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:evidence'), revokeObjectURL: vi.fn() }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    const { ui } = openReport();
    await rowsShown();
    await ui.click(screen.getByRole('button', { name: 'Download billing evidence for DOE 1002, JANE' }));
    await waitFor(() => expect(saved).toEqual(['RPM_Billing_Evidence_1002_2026-03.pdf blob:evidence']));
    expect(server.requests(getEvidenceBundle)).toHaveLength(1);
    expect(server.last(getEvidenceBundle)?.query).toEqual({ id: '10020' });
    expect(server.last(getEvidenceBundle)?.headers).toMatchObject({ uid: '10' });
  });

  it('shows a refused download in the error dialog and keeps the button', async () => {
    fakeServer()
      .on(DETAILS, () => billingPage([billingRow()], 1, 0))
      .fail(getEvidenceBundle, 403, 'You do not have access to this practice.');
    const { ui } = openReport();
    await rowsShown();
    await ui.click(screen.getByRole('button', { name: 'Download billing evidence for DOE 1001, JANE' }));
    expect(await screen.findByRole('alertdialog', { name: 'Alert - 403' })).toBeTruthy();
    expect(screen.getByText('You do not have access to this practice.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download billing evidence for DOE 1001, JANE' })).toBeTruthy();
  });
});

describe('BillingReportPage: practice (001 §2.4, §6)', () => {
  const practices = [
    { practice_id: 4, org_id: 2, label: 'Main Street Practice' },
    { practice_id: 5, org_id: 3, label: 'Harbour Clinic' },
  ];

  it('roles 1 and 10 pick from all practices; a choice reloads from page 0, clearing sends none', async () => {
    const server = fakeServer()
      .on(DETAILS, (r) => pageOf(r.query))
      .on(ALL_PRACTICES, () => ({ status: 1, data: practices }));
    const { ui } = openReport();
    await rowsShown();
    await ui.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(server.last(DETAILS)?.query.page).toBe('1'));

    const selector = screen.getByRole('combobox', { name: MSG.searchPractice });
    expect(selector.getAttribute('placeholder')).toBe(MSG.searchPractice);
    await ui.click(selector);
    expect(await screen.findByRole('option', { name: 'Main Street Practice' })).toBeTruthy();
    await ui.type(selector, 'harb');
    expect(screen.queryByRole('option', { name: 'Main Street Practice' })).toBeNull();
    await ui.click(screen.getByRole('option', { name: 'Harbour Clinic' }));

    await waitFor(() =>
      expect(server.last(DETAILS)?.headers).toMatchObject({ practice: '5', organization: '3' }),
    );
    expect(server.last(DETAILS)?.query.page).toBe('0');
    expect((selector as HTMLInputElement).value).toBe('Harbour Clinic');
    expect(server.requests(ALL_PRACTICES)).toHaveLength(1);

    await ui.click(screen.getByRole('button', { name: 'Clear practice' }));
    await waitFor(() => expect(server.last(DETAILS)?.headers).not.toHaveProperty('practice'));
    expect((selector as HTMLInputElement).value).toBe('');
  });

  it('chooses with the arrow keys and Enter, and says No options when nothing matches', async () => {
    const server = fakeServer()
      .on(DETAILS, (r) => pageOf(r.query))
      .on(ALL_PRACTICES, () => ({ status: 1, data: practices }));
    const { ui } = openReport(makeUser({ roleid: [1], pages: ['Billing Report'] }));
    await rowsShown();
    const selector = screen.getByRole('combobox', { name: MSG.searchPractice });
    await ui.click(selector);
    await screen.findByRole('option', { name: 'Main Street Practice' });
    await ui.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(server.last(DETAILS)?.headers.practice).toBe('5'));

    await ui.clear(selector);
    await ui.type(selector, 'zzz');
    expect(await screen.findByText(MSG.noOptions)).toBeTruthy();
    await ui.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('role 17 searches practices with what is typed', async () => {
    const server = fakeServer()
      .on(DETAILS, (r) => pageOf(r.query))
      .on(SEARCH_PRACTICES, (r) => ({
        status: 1,
        data: practices.filter((p) =>
          p.label
            .toLowerCase()
            .includes(String((r.body as { search_term: string }).search_term).toLowerCase()),
        ),
      }));
    const { ui } = openReport(
      makeUser({ roleid: [17], pages: ['Billing Report'], is_external_care_coord: 1 }),
    );
    await rowsShown();
    await ui.type(screen.getByRole('combobox', { name: MSG.searchPractice }), 'main');
    await ui.click(await screen.findByRole('option', { name: 'Main Street Practice' }));
    await waitFor(() => expect(server.last(DETAILS)?.headers.practice).toBe('4'));
    expect(server.last(SEARCH_PRACTICES)?.body).toEqual({
      search_term: 'main',
      organization_id: 7,
      is_external_sleep_coord: 0,
      is_external_care_coord: 1,
    });
    expect(server.requests(ALL_PRACTICES)).toHaveLength(0);
  });

  it("other roles have no selector and use the location filter's practice", async () => {
    const server = fakeServer().on(DETAILS, (r) => pageOf(r.query));
    const user = storeUser(makeUser({ roleid: [11], pages: ['Billing Report'] }));
    renderWithProviders(
      <LocationFilterProvider user={user}>
        <BillingReportPage />
      </LocationFilterProvider>,
      '/app/billing-report',
    );
    await rowsShown();
    expect(screen.queryByRole('combobox', { name: MSG.searchPractice })).toBeNull();
    expect(screen.getByText('Main Street Practice')).toBeTruthy();
    expect(server.last(DETAILS)?.headers).toMatchObject({ practice: '1', organization: '7' });
    expect(server.requests(DETAILS)).toHaveLength(1);
  });
});

describe('BillingReportPage: temporary login (001 §2.1)', () => {
  it('switching to a temporary login goes to /app/dashboard', async () => {
    fakeServer().on(DETAILS, (r) => pageOf(r.query));
    const { path } = openReport();
    await rowsShown();
    // As the temporary-login machine stores it (000 §4.4): the flag, the main user, then the user acted as.
    act(() =>
      writeTemporaryLogin(
        { user_id: 10, token: 'tok-10', username: biller.username },
        makeUser({ user_id: 55, roleid: [10] }),
      ),
    );
    await waitFor(() => expect(path()).toBe('/app/dashboard'));
  });

  it('another tab starting a temporary login also leaves', async () => {
    fakeServer().on(DETAILS, (r) => pageOf(r.query));
    const { path } = openReport();
    await rowsShown();
    act(() => {
      localStorage.setItem(STORAGE_KEYS.tempLogin, 'true');
      localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(makeUser({ user_id: 55, roleid: [10] })));
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.user }));
    });
    await waitFor(() => expect(path()).toBe('/app/dashboard'));
  });

  it('a new user without the flag stays', async () => {
    fakeServer().on(DETAILS, (r) => pageOf(r.query));
    const { path } = openReport();
    await rowsShown();
    act(() => {
      localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(makeUser({ user_id: 55, roleid: [10] })));
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.user }));
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(path()).toBe('/app/billing-report');
  });
});
