import { checkSession, getDashboardSummary, MSG, ONBOARDING_TEXT, STORAGE_KEYS } from '@rpm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readRedirectUrl } from '../session/storage';
import { fakeServer, requestLine } from '../test/fake-server';
import { DASHBOARD_SUMMARY, makeUser, storeUser } from '../test/fixtures';
import { renderAt } from '../test/render';
import { serveShellCalls } from '../test/shell-calls';

describe('the /app gate', () => {
  it('sends an anonymous visitor to / and saves the visited path with its query', async () => {
    const { path } = renderAt('/app/patients?status=1');
    await waitFor(() => expect(path()).toBe('/'));
    expect(readRedirectUrl()).toBe('/app/patients?status=1');
    expect(await screen.findByRole('heading', { name: MSG.signInTitle })).toBeTruthy();
  });

  it('opens onboarding paths without a login', async () => {
    const { path } = renderAt('/app/onboarding');
    expect(await screen.findByRole('heading', { name: ONBOARDING_TEXT.title })).toBeTruthy();
    expect(path()).toBe('/app/onboarding');
    expect(localStorage.getItem(STORAGE_KEYS.redirectUrl)).toBeNull();
  });

  it('sends a signed-in user from /app to the start page', async () => {
    storeUser(makeUser({ roleid: [20] }));
    const { path } = renderAt('/app');
    await waitFor(() => expect(path()).toBe('/app/technician-calendar'));
  });

  it('shows the page in the frame with the user', async () => {
    storeUser();
    serveShellCalls(fakeServer()).on(getDashboardSummary, { status: 1, data: DASHBOARD_SUMMARY });
    renderAt('/app/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'dashboard' })).toBeTruthy();
    expect(screen.getByText('Hi, Dana Nurse')).toBeTruthy();
    expect(screen.getByText(MSG.breadcrumbLabel)).toBeTruthy();
  });

  it('shows the frame not-found variant for an unknown /app path', async () => {
    storeUser();
    renderAt('/app/no-such-page');
    expect(await screen.findByText(MSG.notFoundOops)).toBeTruthy();
    // Still inside the shell: the avatar (user menu) is there.
    expect(screen.getByRole('button', { name: 'Dana Nurse' })).toBeTruthy();
  });

  it('shows the not-found variant for a page missing from the access list', async () => {
    storeUser(makeUser({ pages: ['Dashboard'] }));
    renderAt('/app/billing-report');
    expect(await screen.findByText(MSG.notFoundOops)).toBeTruthy();
  });

  it('logs out from the frame, clearing storage even when the call fails', async () => {
    storeUser();
    localStorage.setItem(STORAGE_KEYS.tempLogin, 'true');
    // The dashboard behind the menu may load its figures before the logout navigates away.
    const server = serveShellCalls(fakeServer())
      .on(getDashboardSummary, { status: 1, data: DASHBOARD_SUMMARY })
      .fail(checkSession, 500, 'down');
    const user = userEvent.setup();
    const { path } = renderAt('/app/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Dana Nurse' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(path()).toBe('/'));
    expect(server.lines()).toContain(requestLine(checkSession, { query: { status: 0 } }));
    for (const key of [
      STORAGE_KEYS.user,
      STORAGE_KEYS.mainUser,
      STORAGE_KEYS.tempLogin,
      STORAGE_KEYS.redirectUrl,
    ]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(await screen.findByRole('heading', { name: MSG.signInTitle })).toBeTruthy();
  });
});

describe('/', () => {
  it('sends a signed-in user to the start page via the saved redirect URL, then forgets it', async () => {
    storeUser();
    localStorage.setItem(STORAGE_KEYS.redirectUrl, '/app/patients');
    const { path } = renderAt('/');
    await waitFor(() => expect(path()).toBe('/app/patients'));
    expect(localStorage.getItem(STORAGE_KEYS.redirectUrl)).toBeNull();
  });

  it('shows the sign-in page at /login too', () => {
    renderAt('/login');
    expect(screen.getByRole('heading', { name: MSG.signInTitle })).toBeTruthy();
  });
});
