import { START_PAGES } from '@rpm/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearRedirectUrl, writeRedirectUrl } from '../../session/storage';
import { renderAt } from '../../test/render';

// Only the preload is replaced: what typing the password asks to load is the behaviour under test.
const preloadSignedIn = vi.hoisted(() => vi.fn(async (_path: string) => undefined));
vi.mock(import('../../routing/signed-in-code'), async (original) => ({
  ...(await original()),
  preloadSignedIn,
}));

afterEach(() => {
  preloadSignedIn.mockClear();
  clearRedirectUrl();
});

describe('typing the password (issue 17 goal 2)', () => {
  it('loads the signed-in frame and the dashboard, where most roles start (000 §6.1)', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await user.type(screen.getByLabelText('Email'), 'dana@clinic.test');
    expect(preloadSignedIn).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Password'), 'S');
    expect(preloadSignedIn).toHaveBeenCalledWith(START_PAGES.dashboard);
  });

  it('loads the saved redirect instead, which a role of 000 §6.1 "others" lands on', async () => {
    writeRedirectUrl('/app/billing-report');
    const user = userEvent.setup();
    renderAt('/');
    await user.type(screen.getByLabelText('Password'), 'S');
    expect(preloadSignedIn).toHaveBeenCalledWith('/app/billing-report');
  });
});
