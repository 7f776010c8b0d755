import { MSG } from '@rpm/shared';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { HomeButton } from './HeaderTools';
import { CallPanelToggle, Greeting } from './TopBar';

// The temporary-login state comes from the session machines (another module); here it is set per test.
const temporary = vi.hoisted(() => ({ active: false, returnHome: vi.fn() }));
vi.mock('../machines/hooks', () => ({
  useTemporaryLogin: () => ({
    active: temporary.active,
    state: 'idle',
    start: vi.fn(),
    returnHome: temporary.returnHome,
  }),
}));

// A hovered tooltip's open or close timer (Blueprint's popover, 100 ms) must not fire after this file's jsdom is gone:
// unmount, then let such timers run out while `window` still exists.
afterEach(async () => {
  cleanup();
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
});

beforeEach(() => {
  temporary.active = false;
  temporary.returnHome.mockClear();
});

describe('header visibility rules (000 §2.7)', () => {
  it.each([
    { tempLogin: false, home: false, greeting: true },
    { tempLogin: true, home: true, greeting: false },
  ])(
    'temporary login $tempLogin: Home shows $home, the greeting shows $greeting',
    ({ tempLogin, home, greeting }) => {
      temporary.active = tempLogin;
      storeUser(makeUser({ name: 'Dana Nurse' }));
      renderWithProviders(
        <>
          <HomeButton />
          <Greeting />
        </>,
        '/app/dashboard',
      );
      expect(screen.queryByRole('button', { name: MSG.home }) !== null).toBe(home);
      expect(screen.queryByText('Hi, Dana Nurse') !== null).toBe(greeting);
    },
  );

  it("Home returns to the main account, with the tooltip 'Open Your Dashboard'", async () => {
    temporary.active = true;
    storeUser();
    const user = userEvent.setup();
    renderWithProviders(<HomeButton />, '/app/dashboard');
    await user.hover(screen.getByRole('button', { name: MSG.home }));
    expect(await screen.findByText(MSG.homeTooltip)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: MSG.home }));
    expect(temporary.returnHome).toHaveBeenCalledOnce();
  });

  it.each([
    { awsLink: null, tempLogin: false, shows: false },
    { awsLink: '   ', tempLogin: false, shows: false },
    { awsLink: 'https://clinic.my.connect.aws/ccp-v2', tempLogin: false, shows: true },
    { awsLink: null, tempLogin: true, shows: true },
    { awsLink: 'https://clinic.my.connect.aws/ccp-v2', tempLogin: true, shows: true },
  ])(
    'call/task toggle with aws_link $awsLink and temporary login $tempLogin: shows $shows',
    ({ awsLink, tempLogin, shows }) => {
      temporary.active = tempLogin;
      storeUser(makeUser({ aws_link: awsLink }));
      renderWithProviders(<CallPanelToggle />, '/app/dashboard');
      expect(screen.queryByRole('button', { name: /Call Panel/ }) !== null).toBe(shows);
    },
  );

  it('the call/task toggle flips the panel for this tab only (session storage)', async () => {
    storeUser(makeUser({ aws_link: 'https://clinic.my.connect.aws/ccp-v2' }));
    const user = userEvent.setup();
    renderWithProviders(<CallPanelToggle />, '/app/dashboard');
    const hide = screen.getByRole('button', { name: 'Hide Call Panel' });
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    await user.click(hide);
    const show = screen.getByRole('button', { name: 'Show Call Panel' });
    expect(show.getAttribute('aria-pressed')).toBe('false');
    expect(sessionStorage.getItem('callPanelShown')).toBe('false');
    expect(localStorage.getItem('callPanelShown')).toBeNull();
    await user.click(show);
    expect(sessionStorage.getItem('callPanelShown')).toBe('true');
  });
});
