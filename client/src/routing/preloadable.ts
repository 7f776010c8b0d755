import { type ComponentType, createElement, lazy, useState } from 'react';

/** A component whose code loads on demand, and can be asked to load ahead of its first render. */
export interface Preloadable<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Loads the code; once it resolves the component renders without suspending. */
  readonly preload: () => Promise<void>;
}

/**
 * Like React.lazy, but a component whose code is already loaded (by `preload` or an earlier render) renders at once
 * instead of suspending. React holds a Suspense boundary's content back until 300 ms after it showed the fallback,
 * which was most of the time from pressing 'Sign in' to a usable start page (issue 17 goal 2).
 */
export function preloadable<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = pick(module);
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
  return Object.assign(Preloaded, { preload });
}
