import type { SimulatedClock } from 'xstate';

/** Lets settled promises (the fake actors' answers) reach their actors: one macrotask. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Moves a simulated clock forward by `ms` in steps of at most `step` ms, letting fake actors answer after each step,
 * so an answer that starts a new timer starts it at about the right simulated time. Tests only.
 */
export async function advance(clock: SimulatedClock, ms: number, step = 1000): Promise<void> {
  let left = ms;
  while (left > 0) {
    const by = Math.min(step, left);
    clock.increment(by);
    left -= by;
    await flush();
  }
  await flush();
}
