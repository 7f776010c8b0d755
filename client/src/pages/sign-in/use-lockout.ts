import { useCallback, useEffect, useState } from 'react';

/**
 * Wait when a 429 answer has no usable `Retry-After`. Spec 000 §8 is silent on the wait; we chose one minute.
 */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** The too-many-attempts state of the sign-in form (000 §4.3, §8). */
export interface Lockout {
  /** Seconds the server asked us to wait, while the wait lasts; `null` when sign-in is allowed. */
  readonly retryAfter: number | null;
  /** Starts the wait; sign-in is allowed again when it is over. */
  readonly lock: (seconds: number | undefined) => void;
}

/** Counts down a 429's `Retry-After` with a timer, then allows sign-in again. */
export function useLockout(): Lockout {
  // An object, so a second 429 with the same wait is a new state and restarts the timer.
  const [wait, setWait] = useState<{ readonly seconds: number } | null>(null);

  useEffect(() => {
    if (wait === null) return;
    const timer = setTimeout(() => setWait(null), wait.seconds * 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const lock = useCallback((seconds: number | undefined) => {
    const s = seconds === undefined || !Number.isFinite(seconds) ? DEFAULT_RETRY_AFTER_SECONDS : seconds;
    setWait({ seconds: Math.max(1, Math.ceil(s)) });
  }, []);

  return { retryAfter: wait?.seconds ?? null, lock };
}
