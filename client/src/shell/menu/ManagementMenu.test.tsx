import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, storeUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { MANAGEMENT_LABEL, ManagementMenu } from './ManagementMenu';

describe('ManagementMenu', () => {
  it.each<[string[], string[]]>([
    [
      ['Organizations Table', 'Practices Table', 'Locations Table', 'Programs Table'],
      ['Organizations', 'Practices', 'Locations', 'Programs'],
    ],
    [
      ['Programs Table', 'Locations Table'],
      ['Locations', 'Programs'],
    ],
  ])('pages %j show %j', async (pages, labels) => {
    storeUser(makeUser({ pages }));
    const user = userEvent.setup();
    const { path } = renderWithProviders(<ManagementMenu />, '/app/dashboard');
    await user.click(screen.getByRole('button', { name: MANAGEMENT_LABEL }));
    const menu = await screen.findByRole('menu', { name: MANAGEMENT_LABEL });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(labels);
    await user.click(within(menu).getByRole('menuitem', { name: 'Programs' }));
    expect(path()).toBe('/app/programs');
  });

  it('renders nothing without any of the four pages', () => {
    storeUser(makeUser({ pages: ['Dashboard'] }));
    const { container } = renderWithProviders(<ManagementMenu />, '/app/dashboard');
    expect(container.textContent).toBe('');
  });
});
