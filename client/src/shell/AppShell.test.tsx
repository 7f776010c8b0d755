import { Classes } from '@blueprintjs/core';
import {
  ALL_LISTS,
  type DashboardSummary,
  getDashboardSummary,
  getLanguages,
  getOrganizations,
  getUserTypes,
  MSG,
  STORAGE_KEYS,
} from '@rpm/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { serveShellCalls } from '../test/shell-calls';
import { AppShell } from './AppShell';
import { uiSettingsKey } from './ui-settings';

// No socket in jsdom: the hub connection is someone else's concern and is replaced by one that never opens.
vi.mock('../hub/connect-hub', () => ({
  takeOrConnectHub: () => ({ connection: new Promise(() => undefined), opened: null }),
  dropEarlyHub: () => undefined,
}));

/** The dashboard of a month with nothing in it. */
const EMPTY_DASHBOARD: DashboardSummary = {
  month: '2026-11',
  days_left: 11,
  rpm_statuses: [],
  ccm_statuses: [],
  enrolled: 0,
  active: 0,
  alerts: { critical: { count: 0, oldest_at: null }, abnormal: { count: 0, oldest_at: null } },
  progress: { met: 0, on_track: 0, at_risk: 0, unreachable: 0 },
  minutes: { under20: 0, from20to39: 0, from40: 0 },
  outreach_tasks_open: 0,
  outreach_tasks_mine: 0,
  response: [],
};

/** Answers the calls the shell makes on start (counts, version, session) as the server would. */
function answerShellCalls() {
  const server = serveShellCalls(fakeServer())
    .on(getOrganizations, { status: 1, data: [] })
    .on(getLanguages, { status: 1, data: [] })
    .on(getUserTypes, { status: 1, data: [] })
    .on(getDashboardSummary, { status: 1, data: EMPTY_DASHBOARD });
  // Every list screen the shell may open: an empty page and no scoped filter options.
  for (const list of ALL_LISTS)
    server
      .on(list.calls.list, { status: 1, data: [], count: 0 })
      .on(list.calls.filterOptions, { status: 1, data: {} });
  return server;
}

function renderShell(path: string, notFound = false) {
  answerShellCalls();
  return renderWithProviders(<AppShell notFound={notFound} />, path);
}

describe('AppShell', () => {
  it("shows the title and 'You are here:' with the page below", async () => {
    storeUser(makeUser({ pages: ['Dashboard', 'Patients Table'] }));
    renderShell('/app/patients');
    expect(await screen.findByRole('heading', { level: 1, name: 'patients' })).toBeTruthy();
    expect(screen.getByText(MSG.breadcrumbLabel)).toBeTruthy();
    // The page below is the patient list, loaded on demand (the setup's 5 s wait covers a loaded machine).
    expect(await screen.findByText(MSG.noRecordsFound)).toBeTruthy();
  });

  it.each(['/app/crm-dashboard', '/app/crypto-dashboard'])(
    'hides title and breadcrumb on %s',
    async (path) => {
      storeUser();
      renderShell(path);
      // The page itself is not built yet: it says so under its name.
      expect(await screen.findByRole('heading', { level: 2, name: /Dashboard$/ })).toBeTruthy();
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
      expect(screen.queryByText(MSG.breadcrumbLabel)).toBeNull();
    },
  );

  it("shows 'Oops, Page Not Found :(' inside the shell for a route the user cannot open", async () => {
    storeUser();
    renderShell('/app/billing-report', true);
    expect(await screen.findByText(MSG.notFoundOops)).toBeTruthy();
    expect(screen.getByRole('button', { name: MSG.goToDashboard })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it.each(['/app/dashboard', '/app/patients'])(
    "during a temporary login %s opens under 'Acting as {name}' of the user acted as, with Home (000 §4.4)",
    async (path) => {
      storeUser(makeUser({ name: 'Grace Kim' }));
      localStorage.setItem(STORAGE_KEYS.tempLogin, 'true');
      localStorage.setItem(
        STORAGE_KEYS.mainUser,
        JSON.stringify({ user_id: 1, token: 'tok-1', username: 'role1@demo.test' }),
      );
      renderShell(path);
      const header = await screen.findByRole('banner');
      const status = within(header).getByRole('status');
      expect(status.textContent).toBe('Acting as Grace Kim');
      // The banner is the header's first row, and its Home button is the header's only one.
      expect(header.firstElementChild?.contains(status)).toBe(true);
      expect(header.firstElementChild?.contains(within(header).getByRole('button', { name: MSG.home }))).toBe(
        true,
      );
    },
  );

  it('shows no banner and no Home button outside a temporary login', async () => {
    storeUser(makeUser({ name: 'Grace Kim' }));
    renderShell('/app/dashboard');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByText('Hi, Grace Kim')).toBeTruthy();
    expect(within(header).queryByRole('status')).toBeNull();
    expect(screen.queryByText(/Acting as/)).toBeNull();
    expect(within(header).queryByRole('button', { name: MSG.home })).toBeNull();
  });

  it("applies the user's stored theme, mode and layout to the shell and the body", async () => {
    const user = storeUser();
    localStorage.setItem(
      uiSettingsKey(user.user_id),
      JSON.stringify({
        type: 'dark',
        gradient: true,
        decoration: false,
        layout: 'right-sidebar',
        bgPosition: 'half',
        theme: 'orange',
      }),
    );
    const { container, unmount } = renderShell('/app/dashboard');
    await screen.findByRole('banner');
    const root = container.querySelector('.shell');
    expect(root?.classList.contains(Classes.DARK)).toBe(true);
    expect(root?.getAttribute('data-theme')).toBe('orange');
    expect(root?.getAttribute('data-layout')).toBe('right-sidebar');
    expect(root?.getAttribute('data-bg')).toBe('half');
    expect(root?.getAttribute('data-decoration')).toBe('false');
    expect(document.body.classList.contains(Classes.DARK)).toBe(true);
    expect(document.body.dataset.theme).toBe('orange');

    // Signing out removes the shell; the sign-in page is light again.
    unmount();
    expect(document.body.classList.contains(Classes.DARK)).toBe(false);
    expect(document.body.dataset.theme).toBeUndefined();
  });

  it('the dark/light toggle switches the mode and stores it for the user', async () => {
    const user = storeUser();
    const { container } = renderShell('/app/dashboard');
    (await screen.findByRole('button', { name: 'Dark Mode' })).click();
    await waitFor(() =>
      expect(container.querySelector('.shell')?.classList.contains(Classes.DARK)).toBe(true),
    );
    expect(JSON.parse(localStorage.getItem(uiSettingsKey(user.user_id)) ?? '{}').type).toBe('dark');
    expect(screen.getByRole('button', { name: 'Light Mode' })).toBeTruthy();
  });

  it("offers 'Vital Configuration' in the settings menu, opening the send-notification dialog", async () => {
    storeUser();
    renderShell('/app/dashboard');
    (await screen.findByRole('button', { name: 'Settings' })).click();
    (await screen.findByText(MSG.vitalConfiguration)).click();
    expect(await screen.findByText(MSG.userType)).toBeTruthy();
  });

  it('darkens the header past 30 px of scroll and shows the title in it past 40 px (000 §2.7)', async () => {
    storeUser();
    renderShell('/app/patients');
    const header = await screen.findByRole('banner');
    const scrollTo = (y: number) =>
      act(() => {
        window.scrollY = y;
        window.dispatchEvent(new Event('scroll'));
      });

    expect(header.classList.contains('shell-header--dark')).toBe(false);
    expect(within(header).queryByText('patients')).toBeNull();
    scrollTo(35);
    expect(header.classList.contains('shell-header--dark')).toBe(true);
    expect(within(header).queryByText('patients')).toBeNull();
    scrollTo(45);
    expect(within(header).getByText('patients')).toBeTruthy();
    expect(document.querySelector('.shell-menu--fixed')).toBeNull();
    scrollTo(70);
    expect(document.querySelector('.shell-sidebar.shell-menu--fixed')).not.toBeNull();
    scrollTo(0);
  });

  it.each([
    { small: true, drawer: true },
    { small: false, drawer: false },
  ])(
    'the menu button opens the drawer on small screens, else folds the sidebar (small $small)',
    async ({ small, drawer }) => {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: small && query.includes('max-width'),
        media: query,
      }));
      storeUser();
      const user = userEvent.setup();
      const { container } = renderShell('/app/dashboard');
      await user.click(await screen.findByRole('button', { name: 'Open Menu' }));
      if (drawer) {
        expect(await screen.findByRole('dialog')).toBeTruthy();
        expect(container.querySelector('.shell-sidebar')).not.toBeNull();
      } else {
        expect(screen.queryByRole('dialog')).toBeNull();
        expect(container.querySelector('.shell-sidebar')).toBeNull();
        await user.click(screen.getByRole('button', { name: 'Open Menu' }));
        expect(container.querySelector('.shell-sidebar')).not.toBeNull();
      }
    },
  );
});
