import { type DashboardSummary, getDashboardSummary, type StoredUser } from '@rpm/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubProvider } from '../hub/HubProvider';
import { LIST_CHANGED_EVENT, LIVE_RELOAD_DEBOUNCE_MS } from '../list/use-live-reload';
import { LocationFilterProvider, useLocationFilter } from '../shell/location-filter';
import { fakeServer } from '../test/fake-server';
import { DASHBOARD_SUMMARY, makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { DashboardPage } from './DashboardPage';

let hubListener: ((event: string, payload: unknown) => void) | undefined;
vi.mock('socket.io-client', () => ({
  io: () => ({
    onAny: (listener: (event: string, payload: unknown) => void) => {
      hubListener = listener;
    },
    offAny: () => undefined,
    on: () => undefined,
    off: () => undefined,
    disconnect: () => undefined,
  }),
}));

const NOW = new Date('2026-11-20T10:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

/** A button standing in for the header's practice dropdown (000 §4.5). */
function ChoosePractice({ id }: { id: number }) {
  const { setPractice } = useLocationFilter();
  return (
    <button type="button" onClick={() => setPractice(id)}>
      choose {id}
    </button>
  );
}

function openDashboard(user: StoredUser, answer: (n: number) => DashboardSummary = () => DASHBOARD_SUMMARY) {
  storeUser(user);
  let n = 0;
  const server = fakeServer().on(getDashboardSummary, () => ({ status: 1, data: answer(n++) }));
  const rendered = renderWithProviders(
    <HubProvider>
      <LocationFilterProvider user={user}>
        <ChoosePractice id={2} />
        <DashboardPage />
      </LocationFilterProvider>
    </HubProvider>,
    '/app/dashboard',
  );
  return { ...rendered, server, ui: userEvent.setup() };
}

/** A nurse of two practices: the header offers a practice choice, the first is current. */
const nurse = () => makeUser({ roleid: [8] });
/** A nurse of one practice: no choice, every practice in scope. */
const singlePractice = () =>
  makeUser({
    roleid: [8],
    data: {
      organization_id: 7,
      organization_name: 'North Clinic',
      practices: [{ value: 1, label: 'Main' }],
      locations: [],
    },
  });

const hrefOf = (name: RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('DashboardPage', () => {
  it("shows the month's figures for the header's practice, the alerts with the oldest waiting time", async () => {
    const { server } = openDashboard(nurse());
    const critical = await screen.findByRole('link', { name: /Critical alerts/ });
    expect(server.last(getDashboardSummary)?.query).toEqual({ practice: '1' });
    // 10:00 - 07:55: two hours and five minutes.
    expect(critical.textContent).toBe('2Critical alertsoldest waiting 2 h 05 min');
    expect(hrefOf(/Abnormal alerts/)).toBe('/app/monitor?level=abnormal&practice=1');
    expect(screen.getByRole('link', { name: /Abnormal alerts/ }).textContent).toContain(
      'oldest waiting 2 d 0 h',
    );
    expect(screen.getByText('Main Street Practice · November 2026 · 11 days left')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Under monitoring/ }).textContent).toBe(
      '15Under monitoringDevice Setup or Active',
    );
    expect(screen.getByRole('link', { name: /Outreach tasks open/ }).textContent).toBe(
      '6Outreach tasks open2 assigned to you',
    );
  });

  it('links every figure to the list it counts, filtered alike (list URL convention)', async () => {
    openDashboard(nurse());
    await screen.findByRole('link', { name: /Critical alerts/ });
    expect(hrefOf(/Critical alerts/)).toBe('/app/monitor?level=critical&practice=1');
    expect(hrefOf(/Under monitoring/)).toBe('/app/patients?practice=1&rpm_status=4,5');
    expect(hrefOf(/Outreach tasks open/)).toBe('/app/myTasks?status=open,in_progress');

    const progress = screen.getByRole('list', { name: 'Enrolled patients against 16 reading days' });
    expect(
      within(progress)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['16 days met3', '/app/patients?practice=1&rpm_status=4,5&progress=met'],
      ['On track5', '/app/patients?practice=1&rpm_status=4,5&progress=on_track'],
      ['At risk4', '/app/patients?practice=1&rpm_status=4,5&progress=at_risk'],
      ['Cannot reach 16 days3', '/app/patients?practice=1&rpm_status=4,5&progress=unreachable'],
    ]);
    const minutes = screen.getByRole('list', { name: 'Enrolled patients by RPM minutes' });
    expect(
      within(minutes)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/app/patients?practice=1&rpm_status=4,5&minutes=under20',
      '/app/patients?practice=1&rpm_status=4,5&minutes=20to39',
      '/app/patients?practice=1&rpm_status=4,5&minutes=40plus',
    ]);
    // Statuses without patients are left out.
    const rpm = screen.getByRole('list', { name: 'Patients by RPM status' });
    expect(
      within(rpm)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Enrolled4', '/app/patients?practice=1&rpm_status=1'],
      ['Device Setup6', '/app/patients?practice=1&rpm_status=4'],
      ['Active9', '/app/patients?practice=1&rpm_status=5'],
      ['Discharged2', '/app/patients?practice=1&rpm_status=7'],
    ]);
    const ccm = screen.getByRole('list', { name: 'Patients by CCM status' });
    expect(within(ccm).getAllByRole('link')[1]?.getAttribute('href')).toBe(
      '/app/patients?practice=1&ccm_status=3',
    );
  });

  it('shows the time to acknowledge by level and practice, each count linking to the worklist of its alerts', async () => {
    openDashboard(nurse());
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['Critical', 'All practices', '5', '4', '12 min', '41 min', '2'],
      ['Critical', 'Main Street Practice', '5', '4', '12 min', '41 min', '2'],
    ]);
    const links = within(table)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    const month = 'level=critical&raised_from=2026-11-01&raised_to=2026-11-20';
    expect(links).toEqual([
      `/app/monitor?state=acknowledged&${month}&practice=1`,
      `/app/monitor?state=&${month}&practice=1&escalated=yes`,
      `/app/monitor?state=acknowledged&${month}&practice=3`,
      `/app/monitor?state=&${month}&practice=3&escalated=yes`,
    ]);
  });

  it('a figure opens its list', async () => {
    const { ui, path } = openDashboard(nurse());
    await ui.click(await screen.findByRole('link', { name: /At risk/ }));
    expect(path()).toBe('/app/patients?practice=1&rpm_status=4,5&progress=at_risk');
  });

  it('counts every practice in scope for a user without a practice choice, and links unfiltered by practice', async () => {
    const { server } = openDashboard(singlePractice());
    await screen.findByRole('link', { name: /Critical alerts/ });
    expect(server.last(getDashboardSummary)?.query).toEqual({});
    expect(hrefOf(/Critical alerts/)).toBe('/app/monitor?level=critical');
    expect(screen.getByText('All practices · November 2026 · 11 days left')).toBeTruthy();
  });

  it("follows the header's practice", async () => {
    const { server, ui } = openDashboard(nurse());
    await screen.findByRole('link', { name: /Critical alerts/ });
    await ui.click(screen.getByRole('button', { name: 'choose 2' }));
    await waitFor(() => expect(server.last(getDashboardSummary)?.query).toEqual({ practice: '2' }));
    expect(await screen.findByText(/^Harbour Practice ·/)).toBeTruthy();
    await waitFor(() => expect(hrefOf(/Critical alerts/)).toBe('/app/monitor?level=critical&practice=2'));
  });

  it('draws the distributions as bars, the largest count the full height, each chart with its numbers as text', async () => {
    openDashboard(nurse());
    await screen.findByRole('link', { name: /Critical alerts/ });
    const heights = screen
      .getAllByRole('img')
      .map((chart) =>
        [...chart.querySelectorAll<HTMLElement>('.dashboard-plot-area')].map((area) => [
          Number(area.querySelector('.dashboard-plot-value')?.textContent),
          area.querySelector<HTMLElement>('.dashboard-plot-bar')?.style.height,
        ]),
      );
    expect(heights).toEqual([
      [
        [3, '60%'],
        [5, '100%'],
        [4, '80%'],
        [3, '60%'],
      ],
      [
        [8, '100%'],
        [4, '50%'],
        [3, '37.5%'],
      ],
      [
        [4, `${400 / 9}%`],
        [6, `${600 / 9}%`],
        [9, '100%'],
        [2, `${200 / 9}%`],
      ],
      [
        [5, '100%'],
        [3, '60%'],
      ],
    ]);
    expect(
      screen.getByRole('img', {
        name: 'Enrolled patients against 16 reading days: 16 days met 3, On track 5, At risk 4, Cannot reach 16 days 3',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Patients by CCM status: Eligible 5, Active 3' })).toBeTruthy();
  });

  it('reloads once, 300 ms after a burst of hub events, and shows the new counts', async () => {
    const { server } = openDashboard(nurse(), (n) =>
      n === 0
        ? DASHBOARD_SUMMARY
        : {
            ...DASHBOARD_SUMMARY,
            alerts: {
              ...DASHBOARD_SUMMARY.alerts,
              critical: { count: 3, oldest_at: DASHBOARD_SUMMARY.alerts.critical.oldest_at },
            },
          },
    );
    await screen.findByRole('link', { name: /Critical alerts/ });
    await waitFor(() => expect(hubListener).toBeDefined());
    expect(server.requests(getDashboardSummary)).toHaveLength(1);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => {
      for (let i = 0; i < 3; i++) hubListener?.(LIST_CHANGED_EVENT, { patient_id: i + 1 });
      vi.advanceTimersByTime(LIVE_RELOAD_DEBOUNCE_MS - 1);
    });
    expect(server.requests(getDashboardSummary)).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(server.requests(getDashboardSummary)).toHaveLength(2);
    vi.useRealTimers();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Critical alerts/ }).textContent).toMatch(/^3Critical/),
    );
  });
});
