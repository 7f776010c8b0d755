import { getBillingCountSummary, getMonthClose, MSG } from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { BillingDashboardPage } from './BillingDashboardPage';

const SUMMARY = getBillingCountSummary;
const counts = {
  count99453: 5,
  count99454: 40,
  count99457: 30,
  count99458_40Mins: 12,
  count99458_60Mins: 4,
  count98980: 0,
  count98981_40Mins: 2,
  count98981_60Mins: 1,
};
const zero = Object.fromEntries(Object.keys(counts).map((key) => [key, 0])) as typeof counts;
const bar = (code: string, label: string, program: string, patients: number, units = patients) => ({
  code,
  label,
  program,
  patients,
  units,
  amount: patients * 10,
});
const codes = [
  bar('99453', 'RPM set-up', 'RPM', 5),
  bar('99454', 'RPM device 16-30 days', 'RPM', 40),
  bar('99457', 'RPM management first 20 min', 'RPM', 30),
  bar('99458', 'RPM management each further 20 min', 'RPM', 12, 16),
  bar('99490', 'CCM first 20 min', 'CCM', 10),
];
/** The month close of the panel beside the chart: October, two reasons. */
const CLOSE = {
  month: '2026-02',
  ready: 12,
  blocked: 3,
  sent: 5,
  reasons: [
    {
      need: 'consent',
      text: 'No consent on file',
      reports: [
        { report: 'rpm', patients: 2 },
        { report: 'ccm', patients: 4 },
      ],
    },
  ],
};
const dashboardServer = () => fakeServer().on(getMonthClose, { status: 1, data: CLOSE });
const answer = (total: number) => ({ status: 1, data: counts, total, codes, reports: [] });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 15, 10, 0));
});
afterEach(() => vi.useRealTimers());

function openDashboard(pages = ['Billing Dashboard', 'Billing Report']) {
  storeUser(makeUser({ user_id: 11, roleid: [11], pages }));
  return {
    ...renderWithProviders(<BillingDashboardPage />, '/app/billing-dashboard'),
    ui: userEvent.setup(),
  };
}

describe('BillingDashboardPage', () => {
  it("draws one bar per code from the month's counts, with its code, name and count as text", async () => {
    const server = dashboardServer().on(SUMMARY, () => answer(4321));
    openDashboard();
    const chart = await screen.findByRole('list', { name: 'Patients per code billed, March 2026' });
    expect(server.last(SUMMARY)?.headers).toMatchObject({ month: '3', year: '2026', uid: '11' });

    const bars = within(chart).getAllByRole('listitem');
    expect(bars.map((item) => item.textContent)).toEqual([
      '99453RPM set-up5',
      '99454RPM device 16-30 days40',
      '99457RPM management first 20 min30',
      '99458RPM management each further 20 min12 (16 units)',
      '99490CCM first 20 min10',
    ]);
    // Bar lengths relative to the largest count (40).
    const width = (index: number) =>
      (bars[index]?.querySelector('.billing-bar-fill') as HTMLElement | null)?.style.width;
    expect([width(1), width(2), width(0), width(4)]).toEqual(['100%', '75%', '12.5%', '25%']);
    expect(screen.getByText('$4,321.00')).toBeTruthy();
  });

  it('links every bar and the button into the billing report of the month', async () => {
    dashboardServer().on(SUMMARY, () => answer(0));
    const { ui, path } = openDashboard();
    const chart = await screen.findByRole('list', { name: /Patients per code/ });
    for (const link of within(chart).getAllByRole('link')) {
      expect(link.getAttribute('href')).toBe('/app/billing-report?year=2026&month=3');
    }
    await ui.click(screen.getByRole('link', { name: /Open Billing Report/ }));
    expect(path()).toBe('/app/billing-report?year=2026&month=3');
  });

  it('a bar opens the report', async () => {
    dashboardServer().on(SUMMARY, () => answer(0));
    const { ui, path } = openDashboard();
    await ui.click(await screen.findByRole('link', { name: /99454/ }));
    expect(path()).toBe('/app/billing-report?year=2026&month=3');
  });

  it('has no links into the report without its access-list entry', async () => {
    dashboardServer().on(SUMMARY, () => answer(0));
    openDashboard(['Billing Dashboard']);
    await screen.findByRole('list', { name: /Patients per code/ });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('reloads for another month; a year change resets the month to January', async () => {
    const server = dashboardServer().on(SUMMARY, () => answer(0));
    const { ui } = openDashboard();
    await screen.findByRole('list', { name: /Patients per code/ });
    const month = screen.getByRole('combobox', { name: 'Month' });
    expect(within(month).getAllByRole('option')).toHaveLength(3);

    await ui.selectOptions(month, '2');
    await waitFor(() => expect(server.last(SUMMARY)?.headers).toMatchObject({ month: '2', year: '2026' }));
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2024');
    await waitFor(() => expect(server.last(SUMMARY)?.headers).toMatchObject({ month: '1', year: '2024' }));
    expect(await screen.findByRole('list', { name: 'Patients per code billed, January 2024' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open Billing Report/ }).getAttribute('href')).toBe(
      '/app/billing-report?year=2024&month=1',
    );
  });

  it("says 'No Records Found' for a month with nothing to bill", async () => {
    dashboardServer().on(SUMMARY, () => ({ status: 1, data: zero, total: 0, codes: [], reports: [] }));
    openDashboard();
    expect(await screen.findByText(MSG.noRecordsFound)).toBeTruthy();
    expect(screen.queryByRole('list', { name: /Patients per code/ })).toBeNull();
  });

  it('shows the month being closed: ready, blocked, sent, and each missing document linking to its patients', async () => {
    dashboardServer().on(SUMMARY, () => answer(0));
    const { ui, path } = openDashboard([
      'Billing Dashboard',
      'Billing Report',
      'RPM Billing',
      'CCM Billing Report',
    ]);
    expect(await screen.findByRole('heading', { name: 'Closing February 2026' })).toBeTruthy();
    expect(screen.getByText(/ready to bill/).textContent).toBe('12 ready to bill');
    const table = screen.getByRole('table', { name: 'Blocked, Closing February 2026' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Blocked: missing', 'RPM', 'CCM', 'PCM', 'BHI']);
    await ui.click(within(table).getByRole('link', { name: '4 CCM patients blocked: No consent on file' }));
    expect(path()).toBe('/app/ccm-billing?month=2026-02&status=billable%2Cblocked&need=consent');
  });

  it('links a reason only into the reports the user may open', async () => {
    dashboardServer().on(SUMMARY, () => answer(0));
    openDashboard(['Billing Dashboard', 'Billing Report', 'RPM Billing']);
    const table = await screen.findByRole('table', { name: /^Blocked, / });
    expect(
      within(table)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['2 RPM patients blocked: No consent on file']);
  });

  it('shows a failure in the error dialog', async () => {
    dashboardServer().fail(SUMMARY, 403, 'Not allowed');
    openDashboard();
    expect(await screen.findByRole('alertdialog', { name: 'Alert - 403' })).toBeTruthy();
  });
});
