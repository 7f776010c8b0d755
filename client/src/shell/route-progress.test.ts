import { PROGRESS_INTERVAL_MS, ROUTE_CHANGE_DELAY_MS } from '@rpm/shared';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextProgress, useRouteProgress } from './route-progress';

describe('nextProgress (000 §4.11)', () => {
  it.each([
    { value: 0, random: 0, next: 1 }, // the smallest step still moves
    { value: 0, random: 0.5, next: 21 },
    { value: 0, random: 0.999, next: 40 }, // steps go up to 40
    { value: 70, random: 0.999, next: 100 }, // never past 100
    { value: 100, random: 0.3, next: 100 },
  ])('from $value with random $random goes to $next', ({ value, random, next }) => {
    expect(nextProgress(value, () => random)).toBe(next);
  });
});

describe('useRouteProgress (000 §4.11, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('runs to 100 in random steps every 500 ms, then hides; the page settles after 500 ms', () => {
    // A step of 25 each tick: 25, 50, 75, 100.
    const { result } = renderHook(() => useRouteProgress('/app/dashboard', () => 0.6));
    expect(result.current).toEqual({ value: 0, running: true, pageLoaded: false });

    tick(ROUTE_CHANGE_DELAY_MS - 1);
    expect(result.current).toMatchObject({ value: 0, pageLoaded: false });
    tick(1);
    expect(result.current).toMatchObject({ value: 25, pageLoaded: true, running: true });

    tick(PROGRESS_INTERVAL_MS * 2);
    expect(result.current.value).toBe(75);
    tick(PROGRESS_INTERVAL_MS);
    expect(result.current).toMatchObject({ value: 100, running: true });
    tick(PROGRESS_INTERVAL_MS);
    expect(result.current).toMatchObject({ value: 100, running: false });

    // Stopped: no timer left running.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('restarts on every navigation', () => {
    const { result, rerender } = renderHook(({ path }) => useRouteProgress(path, () => 0.99), {
      initialProps: { path: '/app/dashboard' },
    });
    tick(PROGRESS_INTERVAL_MS * 4);
    expect(result.current).toMatchObject({ value: 100, running: false, pageLoaded: true });

    rerender({ path: '/app/patients' });
    expect(result.current).toEqual({ value: 0, running: true, pageLoaded: false });
    tick(ROUTE_CHANGE_DELAY_MS);
    expect(result.current).toMatchObject({ value: 40, pageLoaded: true });
  });

  it('leaves no timers behind when the shell goes', () => {
    const { unmount } = renderHook(() => useRouteProgress('/app/dashboard', () => 0.1));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
