import { addReadingMonths } from '../db/reading-months.js';
import { type JobOptions, periodic } from './periodic.js';

const HOUR_MS = 3_600_000;

/**
 * Keeps this month's and the next month's readings partitions in place
 * (decisions.md "Readings partitioned by month"): once when the app is ready, then every hour on the app's clock.
 * Replicas may race; the database function adds each month once.
 */
export function createReadingMonthsJob(opts: JobOptions) {
  const pass = async () => {
    const now = opts.clock.now();
    await addReadingMonths(opts.db, now, now);
  };
  const timer = periodic(pass, opts.intervalMs ?? HOUR_MS, (err) =>
    opts.log?.error({ err }, 'adding readings partitions failed'),
  );
  return {
    async start(): Promise<void> {
      await pass().catch((err) => opts.log?.error({ err }, 'adding readings partitions failed'));
      timer.start();
    },
    stop: timer.stop,
  };
}
