import { useCallback, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

function isFullScreen(): boolean {
  return document.fullscreenElement != null;
}

/** Full screen on or off (000 §2.7, §4.12) through the Fullscreen API. */
export interface FullScreen {
  readonly active: boolean;
  /** Whether the browser allows full screen here (an iframe without permission does not). */
  readonly supported: boolean;
  readonly toggle: () => void;
}

/**
 * The page's full-screen state, following the browser (Esc leaves full screen without our button). A refused
 * request (no user gesture, a policy) leaves the state as it is; there is nothing for the user to fix.
 */
export function useFullScreen(): FullScreen {
  const active = useSyncExternalStore(subscribe, isFullScreen, () => false);
  const toggle = useCallback(() => {
    const request = isFullScreen()
      ? document.exitFullscreen?.()
      : document.documentElement.requestFullscreen?.();
    request?.catch(() => undefined);
  }, []);
  return { active, supported: document.fullscreenEnabled === true, toggle };
}
