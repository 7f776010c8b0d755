import { START_PAGES } from '@rpm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearRedirectUrl, writeRedirectUrl } from '../../session/storage';
import { renderAt } from '../../test/render';

// The signed-in frame's module is replaced by one that records which start screen it is asked to load: what typing
// the password loads is the behaviour under test, through the real preload chain (routing/signed-in-code.ts).
const preloadStartScreen = vi.hoisted(() => vi.fn(async (_path: string) => undefined));
vi.mock(import('../../frame/SignedInApp'), () => ({ SignedInApp: () => <span />, preloadStartScreen }));

afterEach(() => {
  preloadStartScreen.mockClear();
  clearRedirectUrl();
});

describe('typing the password (issue 17 goal 2)', () => {
  it('loads the signed-in frame and the dashboard, where most roles start (000 §6.1)', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await user.type(screen.getByLabelText('Email'), 'dana@clinic.test');
    expect(preloadStartScreen).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Password'), 'S');
    await waitFor(() => expect(preloadStartScreen).toHaveBeenCalledWith(START_PAGES.dashboard));
  });

  it('loads the saved redirect instead, which a role of 000 §6.1 "others" lands on', async () => {
    writeRedirectUrl('/app/billing-report');
    const user = userEvent.setup();
    renderAt('/');
    await user.type(screen.getByLabelText('Password'), 'S');
    await waitFor(() => expect(preloadStartScreen).toHaveBeenCalledWith('/app/billing-report'));
  });
});
