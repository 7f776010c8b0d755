import { START_PAGES } from '@rpm/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../test/fixtures';
import { openSignedIn, preloadLikelyStart } from './signed-in-code';

// The frame's module and the hub are replaced by recorders: when signing in makes the start calls is under test.
const frame = vi.hoisted(() => ({
  SignedInApp: vi.fn(() => null),
  preloadStartScreen: vi.fn(async (_path: string) => undefined),
  preloadEveryStartScreen: vi.fn(async () => undefined),
  prefetchStartCalls: vi.fn(),
}));
vi.mock('../frame/SignedInApp', () => frame);
const hub = vi.hoisted(() => ({ connect: (): void => undefined }));
vi.mock(import('../hub/connect-hub'), () => ({
  openHubEarly: () =>
    new Promise<void>((resolve) => {
      hub.connect = resolve;
    }),
}));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  frame.prefetchStartCalls.mockClear();
  frame.preloadEveryStartScreen.mockClear();
  frame.preloadStartScreen.mockReset().mockImplementation(async () => undefined);
});

const user = makeUser({ user_id: 5, token: 'tok-5' });

// decisions.md "Start calls at sign-in".
describe('openSignedIn', () => {
  it('makes the start calls once the hub has connected, so no push after them is missed', async () => {
    const opened = vi.fn();
    void openSignedIn(user, START_PAGES.dashboard).then(opened);
    await vi.advanceTimersByTimeAsync(100);
    expect(frame.preloadStartScreen).toHaveBeenCalledWith(START_PAGES.dashboard);
    expect(frame.prefetchStartCalls).not.toHaveBeenCalled();

    hub.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(frame.prefetchStartCalls).toHaveBeenCalledWith(user, START_PAGES.dashboard);
    expect(opened).toHaveBeenCalled();
  });

  it('waits at most 300 ms for a hub that does not connect', async () => {
    void openSignedIn(user, START_PAGES.sleepTests);
    await vi.advanceTimersByTimeAsync(299);
    expect(frame.prefetchStartCalls).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(frame.prefetchStartCalls).toHaveBeenCalledWith(user, START_PAGES.sleepTests);
  });

  it('lets the user go on after 3 s when the start screen does not load, and never fails', async () => {
    frame.preloadStartScreen.mockImplementation(() => new Promise(() => undefined));
    const opened = vi.fn();
    void openSignedIn(user, START_PAGES.dashboard).then(opened);
    hub.connect();
    await vi.advanceTimersByTimeAsync(2999);
    expect(opened).not.toHaveBeenCalled();
    expect(frame.prefetchStartCalls).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(opened).toHaveBeenCalled();

    frame.preloadStartScreen.mockImplementation(async () => {
      throw new Error('chunk failed');
    });
    await expect(openSignedIn(user, START_PAGES.dashboard)).resolves.toBeUndefined();
  });
});

// decisions.md "Every start screen loaded while typing".
describe('preloadLikelyStart', () => {
  it('loads the dashboard’s screen first, then every other start screen', async () => {
    let dashboardLoaded = (): void => undefined;
    frame.preloadStartScreen.mockImplementation(
      () =>
        new Promise<undefined>((resolve) => {
          dashboardLoaded = () => resolve(undefined);
        }),
    );
    const done = preloadLikelyStart();
    await vi.advanceTimersByTimeAsync(0);
    expect(frame.preloadStartScreen).toHaveBeenCalledWith(START_PAGES.dashboard);
    expect(frame.preloadEveryStartScreen).not.toHaveBeenCalled();
    dashboardLoaded();
    await done;
    expect(frame.preloadEveryStartScreen).toHaveBeenCalledOnce();
  });

  it('loads only the dashboard’s screen when the browser saves data', async () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    try {
      await preloadLikelyStart();
      expect(frame.preloadStartScreen).toHaveBeenCalledWith(START_PAGES.dashboard);
      expect(frame.preloadEveryStartScreen).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
  });
});
