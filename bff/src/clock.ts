/** The server's source of time; tests pass a simulated clock instead of sleeping (architecture.md "Tests"). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test moves by hand. */
export class SimulatedClock implements Clock {
  #ms: number;
  constructor(start: Date | string) {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
}

/**
 * The system clock moved forward by hand: the browser tests' server runs on it (TEST_CLOCK=1, test only) so a
 * 15-minute escalation is a request, not a wait; time still passes between moves.
 */
export class OffsetClock implements Clock {
  #offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }
  advance(ms: number): void {
    this.#offsetMs += ms;
  }
}
