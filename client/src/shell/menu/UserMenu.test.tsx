import { checkSession, PAGES } from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server';
import { makeUser, storeUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { UserMenu } from './UserMenu';

vi.mock('../../machines/TemporaryLoginDialog', () => ({
  TemporaryLoginDialog: ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) =>
    isOpen ? (
      <div role="dialog" aria-label="Temporary login">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    ) : null,
}));

async function openMenu(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name }));
  const menu = await screen.findByRole('menu', { name });
  return {
    user,
    menu,
    items: () =>
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
  };
}

describe('UserMenu', () => {
  it.each<[string, Parameters<typeof makeUser>[0], string[]]>([
    [
      'admin (1)',
      { roleid: [1] },
      [
        'User Profile',
        'Configure Defaults',
        'Notification Defaults',
        'Insurance Defaults',
        'Sign in as another user',
        'Logout',
      ],
    ],
    [
      'practice lead (5)',
      { roleid: [5] },
      [
        'User Profile',
        'Configure Defaults',
        'Notification Defaults',
        'Insurance Defaults',
        'RPM Protocol Defaults',
        'CCM Care Plan Defaults',
        'Notes Defaults',
        'Logout',
      ],
    ],
    [
      'physician (6)',
      { roleid: [6] },
      [
        'User Profile',
        'Configure Defaults',
        'Notification Defaults',
        'Custom Interpretation Config',
        'CCM Care Plan Defaults',
        'Notes Defaults',
        'Logout',
      ],
    ],
    [
      'dentist (6)',
      { roleid: [6], is_dentist: 1 },
      ['User Profile', 'Custom Interpretation Config', 'Logout'],
    ],
    ['biller (10)', { roleid: [10] }, ['User Profile', 'Insurance Defaults', 'Logout']],
    [
      'sleep-lab user (5)',
      { roleid: [5], is_sleeplab_user: 1 },
      [
        'User Profile',
        'Configure Defaults',
        'RPM Protocol Defaults',
        'CCM Care Plan Defaults',
        'Notes Defaults',
        'Logout',
      ],
    ],
  ])('%s sees its entries', async (_name, overrides, expected) => {
    storeUser(makeUser({ name: 'Robin Ames', pages: [...PAGES], ...overrides }));
    renderWithProviders(<UserMenu />, '/app/dashboard');
    const { items } = await openMenu('Robin Ames');
    expect(items()).toEqual(expected);
  });

  it('links navigate inside the app', async () => {
    storeUser(makeUser({ name: 'Robin Ames', roleid: [5] }));
    const { path } = renderWithProviders(<UserMenu />, '/app/dashboard');
    const { user, menu } = await openMenu('Robin Ames');
    const item = within(menu).getByRole('menuitem', { name: 'CCM Care Plan Defaults' });
    expect(item.getAttribute('href')).toBe('/app/ccm-defaults');
    await user.click(item);
    expect(path()).toBe('/app/ccm-defaults');
  });

  it('the avatar is named after the user and shows the initials without a profile image', () => {
    storeUser(makeUser({ name: 'Dana Nurse', profile_img: null }));
    renderWithProviders(<UserMenu />, '/app/dashboard');
    const avatar = screen.getByRole('button', { name: 'Dana Nurse' });
    expect(avatar.textContent).toBe('DN');
    expect(avatar.querySelector('img')).toBeNull();
  });

  it('shows profileImages/{profile_img} when set', () => {
    storeUser(makeUser({ name: 'Dana Nurse', profile_img: 'dana 1.png' }));
    renderWithProviders(<UserMenu />, '/app/dashboard');
    const img = screen.getByRole('button', { name: 'Dana Nurse' }).querySelector('img');
    expect(img?.getAttribute('src')).toBe('/profileImages/dana%201.png');
  });

  it('Logout ends the session and goes to /', async () => {
    storeUser(makeUser({ name: 'Dana Nurse' }));
    const server = fakeServer().on(checkSession, { status: 1, message: 'ok' });
    const { path } = renderWithProviders(<UserMenu />, '/app/dashboard');
    const { user, menu } = await openMenu('Dana Nurse');
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(path()).toBe('/'));
    expect(server.all[0]?.call).toBe(checkSession);
    expect(localStorage.getItem('user')).toBeNull();
  });

  it("'Sign in as another user' opens the temporary-login dialog", async () => {
    storeUser(makeUser({ name: 'Avery Collins', roleid: [1] }));
    renderWithProviders(<UserMenu />, '/app/dashboard');
    const { user, menu } = await openMenu('Avery Collins');
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign in as another user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Temporary login' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Temporary login' })).toBeNull());
  });

  it('no temporary login during a temporary login', async () => {
    storeUser(makeUser({ name: 'Avery Collins', roleid: [1] }));
    localStorage.setItem('tempLogin', 'true');
    renderWithProviders(<UserMenu />, '/app/dashboard');
    const { items } = await openMenu('Avery Collins');
    expect(items()).not.toContain('Sign in as another user');
  });
});
