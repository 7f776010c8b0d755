import type { SimulatedClock } from 'xstate';

/** Lets settled promises (the fake actors' answers) reach their actors: one macrotask. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Moves a simulated clock forward in steps, letting fake actors answer after each so their timers start on time. */
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
