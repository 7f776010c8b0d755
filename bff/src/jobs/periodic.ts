import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/schema.js';

/** What every job is made with: the database, the app's clock, where failures are logged, and its interval. */
export interface JobOptions {
  readonly db: Db;
  readonly clock: Clock;
  readonly log?: Pick<FastifyBaseLogger, 'error'>;
  /** Time between passes of the job's start(). */
  readonly intervalMs?: number;
}

/** A job's timer: a pass every interval, never two at once; stop waits for the running pass. */
export function periodic(pass: () => Promise<unknown>, intervalMs: number, onError: (err: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const runOnce = (): void => {
    if (running) return;
    running = pass()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start(): void {
      if (timer) return;
      timer = setInterval(runOnce, intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
