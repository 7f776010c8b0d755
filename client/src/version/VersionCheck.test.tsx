import { getRpmVersion } from '@rpm/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/call';
import { fakeServer } from '../test/fake-server';
import { renderWithProviders } from '../test/render';
import { clearCacheAndReload } from './clear-cache';
import { VERSION_CHECK_MS, VersionCheck } from './VersionCheck';

vi.mock('./clear-cache', () => ({ clearCacheAndReload: vi.fn(async () => undefined) }));
// The real call, watched: once its promise settled, the component has acted on the answer.
vi.mock('../api/call', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../api/call')>();
  return { ...actual, call: vi.fn(actual.call) };
});

/** Yields to the event loop until `check` holds (the 30-minute interval is faked, so waitFor cannot poll). */
async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
  expect(check()).toBe(true);
}

/** Waits until the version has been asked `n` times and every answer (or failure) has been handled. */
async function judged(n: number) {
  await until(() => vi.mocked(call).mock.calls.length >= n);
  expect(vi.mocked(call).mock.calls).toHaveLength(n);
  await act(async () => {
    await Promise.allSettled(vi.mocked(call).mock.results.map((r) => r.value));
  });
}

const OFFER = 'A new version is available';

/** Answers the version call (the fake server matches its method and path) and checks what is sent. */
function serveVersion(value: () => string) {
  return fakeServer().on(getRpmVersion, ({ query, headers, body }) => {
    expect(query).toEqual({});
    expect(headers).toMatchObject({ 'content-type': 'application/json' });
    expect(body).toEqual({ config_key: 'rpm_version' });
    return { status: 1, data: { value: value() } };
  }).fetch;
}

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(call).mockClear();
});

describe('VersionCheck', () => {
  it.each([
    ['1.2.0', '1.1.0', true],
    ['1.1.0', '1.1.0', false],
    ['1.0.9', '1.1.0', false],
  ])('server %s, running %s: offers a reload %s', async (latest, running, offers) => {
    const fetch = serveVersion(() => latest);
    renderWithProviders(<VersionCheck runningVersion={running} />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    if (offers) {
      const dialog = await screen.findByRole('dialog', { name: OFFER });
      expect(dialog.textContent).toContain(`Version ${latest}`);
    } else {
      await judged(1);
      expect(screen.queryByRole('dialog')).toBeNull();
    }
  });

  it('clears the cache and reloads on request', async () => {
    serveVersion(() => '2.0.0');
    const user = userEvent.setup();
    renderWithProviders(<VersionCheck runningVersion="1.0.0" />);
    await user.click(await screen.findByRole('button', { name: 'Clear cache and reload' }));
    expect(clearCacheAndReload).toHaveBeenCalledTimes(1);
  });

  it('ignores failures silently', async () => {
    const { fetch } = fakeServer().fail(getRpmVersion, 500, 'down');
    renderWithProviders(<VersionCheck runningVersion="1.0.0" />);
    await judged(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("asks again every 30 minutes; 'Later' dismisses that version but a newer one is offered", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let latest = '1.0.0';
    const fetch = serveVersion(() => latest);
    const user = userEvent.setup();
    renderWithProviders(<VersionCheck runningVersion="1.0.0" />);
    await judged(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    latest = '1.1.0';
    act(() => vi.advanceTimersByTime(VERSION_CHECK_MS - 1));
    expect(fetch).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    await judged(2);
    expect(screen.getByRole('dialog', { name: OFFER })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() => vi.advanceTimersByTime(VERSION_CHECK_MS));
    await judged(3);
    expect(screen.queryByRole('dialog')).toBeNull();

    latest = '1.2.0';
    act(() => vi.advanceTimersByTime(VERSION_CHECK_MS));
    await judged(4);
    expect(screen.getByRole('dialog', { name: OFFER }).textContent).toContain('Version 1.2.0');
  });

  it('stays silent when the build has no version', async () => {
    const fetch = serveVersion(() => '9.0.0');
    renderWithProviders(<VersionCheck runningVersion="" />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await judged(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
