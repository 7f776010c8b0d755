import { MSG } from '@rpm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';

describe('NotFoundPage', () => {
  it('shows 404 and Page Not Found for an unknown path, and goes to / from Go To Dashboard', async () => {
    const user = userEvent.setup();
    const { path } = renderAt('/no/such/page');
    expect(await screen.findByText(MSG.notFoundCode)).toBeTruthy();
    expect(screen.getByRole('heading', { name: MSG.notFoundTitle })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: MSG.goToDashboard }));
    await waitFor(() => expect(path()).toBe('/'));
  });
});
