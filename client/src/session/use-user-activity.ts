import { useEffect } from 'react';

/**
 * Calls `onActivity` on every key or pointer press anywhere on the page (000 §4.1: the session's activity), caught
 * before the page's own handlers so none can hide it. Keep `onActivity` stable (its change re-subscribes).
 */
export function useUserActivity(onActivity: () => void): void {
  useEffect(() => {
    const options = { capture: true, passive: true } as const;
    window.addEventListener('keydown', onActivity, options);
    window.addEventListener('pointerdown', onActivity, options);
    return () => {
      window.removeEventListener('keydown', onActivity, options);
      window.removeEventListener('pointerdown', onActivity, options);
    };
  }, [onActivity]);
}
