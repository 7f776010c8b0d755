import { PROGRESS_INTERVAL_MS, PROGRESS_STEP_MAX, ROUTE_CHANGE_DELAY_MS } from '@rpm/shared';
import { useEffect, useState } from 'react';

/** The progress bar's next value (000 §4.11): a random step of 1 to 40, never past 100. */
export function nextProgress(value: number, random: () => number = Math.random): number {
  const step = 1 + Math.min(PROGRESS_STEP_MAX - 1, Math.floor(random() * PROGRESS_STEP_MAX));
  return Math.min(100, value + step);
}

/** Page loading state (000 §3 pageLoaded, §4.11). */
export interface RouteProgress {
  /** The progress bar's value, 0 to 100. */
  readonly value: number;
  /** Whether the bar shows: from a navigation until one tick after it reached 100. */
  readonly running: boolean;
  /** False from a navigation until the page transition restarts, 500 ms later (000 §4.11, §9). */
  readonly pageLoaded: boolean;
}

/**
 * Runs the page-loading progress on every change of `pathname` (and on the first render): the bar advances by a
 * random step up to 40 every 500 ms until 100, and the page transition restarts 500 ms after the navigation
 * (000 §4.11, §9; decisions.md "Page progress bar").
 */
export function useRouteProgress(pathname: string, random: () => number = Math.random): RouteProgress {
  const [state, setState] = useState<RouteProgress>({ value: 0, running: true, pageLoaded: false });

  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts on every navigation; `random` is fixed per caller
  useEffect(() => {
    setState({ value: 0, running: true, pageLoaded: false });
    const ticker = window.setInterval(() => {
      setState((current) => {
        if (current.value >= 100) {
          window.clearInterval(ticker);
          return { ...current, running: false };
        }
        return { ...current, value: nextProgress(current.value, random) };
      });
    }, PROGRESS_INTERVAL_MS);
    const loaded = window.setTimeout(
      () => setState((current) => ({ ...current, pageLoaded: true })),
      ROUTE_CHANGE_DELAY_MS,
    );
    return () => {
      window.clearInterval(ticker);
      window.clearTimeout(loaded);
    };
  }, [pathname]);

  return state;
}
