import { MSG, PAGES } from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, storeUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { SEARCH_NO_MATCH, SearchBox } from './SearchBox';

const box = () => screen.getByRole('combobox', { name: 'Search' });
const options = () => within(screen.getByRole('listbox', { name: 'Search' })).queryAllByRole('option');

function setup(path = '/app/dashboard', pages: readonly string[] = PAGES) {
  storeUser(makeUser({ roleid: [1], pages: [...pages] }));
  const user = userEvent.setup();
  return { user, ...renderWithProviders(<SearchBox />, path) };
}

describe('SearchBox', () => {
  it('suggests at most 5 entries matching the text, case-insensitively', async () => {
    const { user } = setup();
    expect(box().getAttribute('aria-expanded')).toBe('false');
    await user.type(box(), 'BILLING');
    await waitFor(() => expect(options()).toHaveLength(5));
    expect(box().getAttribute('aria-expanded')).toBe('true');
    for (const option of options()) expect(option.textContent?.toLowerCase()).toContain('billing');
    await user.clear(box());
    await user.type(box(), 'my ta');
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['My Tasks']));
  });

  it('suggests only entries the user may open', async () => {
    const { user } = setup('/app/dashboard', ['Dashboard']);
    await user.type(box(), 'dash');
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['Dashboard']));
  });

  it('Enter with no chosen suggestion opens the first match', async () => {
    const { user, path } = setup();
    await user.type(box(), 'dashboard');
    await waitFor(() => expect(options().length).toBeGreaterThan(1));
    await user.keyboard('{Enter}');
    expect(path()).toBe('/app/dashboard');
    expect((box() as HTMLInputElement).value).toBe('');
  });

  it('arrow keys choose a suggestion and Enter opens it', async () => {
    const { user, path } = setup('/app/patients');
    await user.type(box(), 'dashboard');
    await waitFor(() => expect(options().length).toBe(5));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = options()[1];
    expect(second?.getAttribute('aria-selected')).toBe('true');
    expect(box().getAttribute('aria-activedescendant')).toBe(second?.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(options()[4]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(path()).toBe('/app/sales-practice-dashboard');
  });

  it('a click on a suggestion opens it', async () => {
    const { user, path } = setup();
    await user.type(box(), 'invoices');
    await waitFor(() => expect(options()).toHaveLength(1));
    const option = options()[0];
    if (!option) throw new Error('no option');
    await user.click(option);
    expect(path()).toBe('/app/invoices');
  });

  it.each(['!!', 'dash<', ''])(
    'Enter on %j (empty or special characters) opens the Alert; OK closes it and nothing navigates',
    async (typed) => {
      const { user, path } = setup('/app/patients');
      await user.click(box());
      if (typed !== '') await user.keyboard(typed);
      await user.keyboard('{Enter}');
      const alert = await screen.findByRole('alertdialog', { name: MSG.alert });
      expect(alert.textContent).toContain(MSG.searchInvalid);
      await user.click(within(alert).getByRole('button', { name: MSG.ok }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(path()).toBe('/app/patients');
    },
  );

  it('no suggestion for special characters; a valid search with no match says so and Enter stays', async () => {
    const { user, path } = setup('/app/patients');
    await user.type(box(), 'zzzz');
    expect(await screen.findByText(SEARCH_NO_MATCH)).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(path()).toBe('/app/patients');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Escape closes the suggestions', async () => {
    const { user } = setup();
    await user.type(box(), 'dash');
    await waitFor(() => expect(box().getAttribute('aria-expanded')).toBe('true'));
    await user.keyboard('{Escape}');
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });
});
