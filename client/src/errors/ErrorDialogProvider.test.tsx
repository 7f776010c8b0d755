import { alertTitle, isAlive, MSG } from '@rpm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { readLastActivity, setLastActivity } from '../session/storage';
import { json, mockFetch, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { useApi } from './ErrorDialogProvider';

function CallsOnMount() {
  const api = useApi();
  useEffect(() => {
    api.call(isAlive).catch(() => undefined);
  }, [api]);
  return <p>page</p>;
}

describe('ErrorDialogProvider', () => {
  it.each([MSG.loggedInElsewhere, MSG.pastSessionExpired])(
    'on a 401 "%s" shows the alert, and Close ends the session and goes to /',
    async (message) => {
      storeUser();
      setLastActivity(123);
      mockFetch(() => json({ status: 401, message }, 401));
      const user = userEvent.setup();
      const { path } = renderWithProviders(<CallsOnMount />, '/app/dashboard');

      const dialog = await screen.findByRole('alertdialog', { name: alertTitle(401) });
      expect(dialog.textContent).toContain(message);
      await user.click(screen.getByRole('button', { name: MSG.close }));

      await waitFor(() => expect(path()).toBe('/'));
      expect(localStorage.length).toBe(0);
      expect(readLastActivity()).toBeNull();
      expect(screen.queryByRole('alertdialog')).toBeNull();
    },
  );

  it('shows other failures with their status and message; Close only closes', async () => {
    storeUser();
    mockFetch(() => json({ status: 403, message: 'Not your patient' }, 403));
    const user = userEvent.setup();
    const { path } = renderWithProviders(<CallsOnMount />, '/app/dashboard');

    const dialog = await screen.findByRole('alertdialog', { name: 'Alert - 403' });
    expect(dialog.textContent).toContain('Not your patient');
    await user.click(screen.getByRole('button', { name: MSG.close }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(path()).toBe('/app/dashboard');
    expect(localStorage.length).toBe(1);
  });

  it('offers Reload when the server cannot be reached', async () => {
    mockFetch(() => {
      throw new TypeError('offline');
    });
    renderWithProviders(<CallsOnMount />);
    const dialog = await screen.findByRole('alertdialog', { name: MSG.alert });
    expect(dialog.textContent).toContain(MSG.cantConnect);
    expect(screen.getByRole('button', { name: MSG.reload })).toBeTruthy();
  });
});
