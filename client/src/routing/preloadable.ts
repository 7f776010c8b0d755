import type { StoredUser } from '@rpm/shared';
import { type ComponentType, createElement, lazy, useState } from 'react';

/**
 * A screen's first calls, made ahead for a user about to see it (shell/start-calls.ts): each is the request the
 * screen makes as it first draws, so `call` hands it the answer.
 */
export type StartCalls = (user: StoredUser) => void;

/** A component whose code loads on demand, and can be asked to load ahead of its first render. */
export interface Preloadable<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Loads the code; once it resolves the component renders without suspending. */
  readonly preload: () => Promise<void>;
  /** Makes the screen's first calls ahead, once its code is loaded; nothing for a screen that declares none. */
  readonly startCalls: StartCalls;
}

/**
 * Like React.lazy, but a component whose code is already loaded (by `preload` or an earlier render) renders at once
 * instead of suspending. React holds a Suspense boundary's content back until 300 ms after it showed the fallback,
 * which was most of the time from pressing 'Sign in' to a usable start page.
 */
export function preloadable<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  pickStartCalls?: (module: M) => StartCalls,
): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let startCalls: StartCalls | undefined;
  let pending: Promise<void> | null = null;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = pick(module);
        startCalls = pickStartCalls?.(module);
      },
      (error: unknown) => {
        pending = null; // a failed load is forgotten, so the next ask retries
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType<P> })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module level, as React.lazy is.
  function Preloaded(props: P) {
    // Chosen once per mount: switching from Lazy to the loaded type later would remount the page.
    const [type] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(type, props);
  }
  return Object.assign(Preloaded, { preload, startCalls: (user: StoredUser) => startCalls?.(user) });
}
