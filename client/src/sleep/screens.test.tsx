import { type CallDef, HUB_EVENTS, type SleepStudyRow, sleepTestsList } from '@rpm/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_CHANGED_EVENT, LIVE_RELOAD_DEBOUNCE_MS } from '../list/use-live-reload';
import { fakeServer, pageOf } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { SleepTestsScreen } from './screens';
import { studyRow } from './study-fixture';

// The hub's listeners, by event: a test plays the server's push.
const hubListeners = vi.hoisted(() => new Map<string, () => void>());
vi.mock('../hub/HubProvider', () => ({
  useHubEvent: (event: string, handler: () => void) => {
    hubListeners.set(event, handler);
  },
  useHubConnect: () => undefined,
}));

const listCall = sleepTestsList.calls.list as unknown as CallDef;

function study(locked: boolean): SleepStudyRow {
  return studyRow({
    reader: 'Samuel Adeyemi',
    rdi: null,
    sleep_efficiency: null,
    locked_by: locked ? 'Locked by Samuel Adeyemi' : null,
    locked_since: locked ? '2026-03-10T14:05:00Z' : null,
  });
}

beforeEach(() => {
  hubListeners.clear();
  storeUser(makeUser({ pages: ['Sleep Tests'] }));
});
afterEach(() => vi.useRealTimers());

describe("Sleep Tests: 'Locked by {name}' live (issue 15 §2)", () => {
  it('shows the holder after SLEEP::LOCK and clears it after SLEEP::FREE, within the reload debounce', async () => {
    let locked = false;
    const server = fakeServer()
      .on(listCall, (r) => pageOf([study(locked)], r.query))
      .on(sleepTestsList.calls.filterOptions as unknown as CallDef, () => ({ status: 1, data: {} }));
    renderWithProviders(<SleepTestsScreen />, '/app/sleepTests');
    await screen.findByText('DOE, JOHN');
    expect(screen.queryByText('Locked by Samuel Adeyemi')).toBeNull();
    // Alerts changing elsewhere do not reload a study list.
    expect(hubListeners.get(LIST_CHANGED_EVENT)).toBeDefined();
    const before = server.requests(listCall).length;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => hubListeners.get(LIST_CHANGED_EVENT)?.());
    act(() => vi.advanceTimersByTime(LIVE_RELOAD_DEBOUNCE_MS));
    expect(server.requests(listCall)).toHaveLength(before);
    // Another reader takes the lock: the hub's broadcast reloads the list.
    locked = true;
    act(() => hubListeners.get(HUB_EVENTS.sleepLock)?.());
    act(() => vi.advanceTimersByTime(LIVE_RELOAD_DEBOUNCE_MS));
    vi.useRealTimers();
    await screen.findByText('Locked by Samuel Adeyemi');
    expect(server.requests(listCall)).toHaveLength(before + 1);
    // Freed: cleared on the next broadcast.
    locked = false;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => hubListeners.get(HUB_EVENTS.sleepFree)?.());
    act(() => vi.advanceTimersByTime(LIVE_RELOAD_DEBOUNCE_MS));
    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByText('Locked by Samuel Adeyemi')).toBeNull());
  });
});
