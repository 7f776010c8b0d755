import { SEAL_INTERVAL_MS, sealChain } from '../audit/seal.js';
import { type JobOptions, periodic } from './periodic.js';

/**
 * Seals the audit chain's head every few seconds with AUDIT_KEY (audit/seal.ts), and once more when the app stops,
 * so a rewrite of anything but the newest seconds of the log is found by `npm run audit:verify`. Replicas may seal
 * the same head; the second insert does nothing.
 */
export function createAuditSealJob(opts: JobOptions & { readonly key: string }) {
  const pass = () => sealChain(opts.db, opts.clock, opts.key);
  const timer = periodic(pass, opts.intervalMs ?? SEAL_INTERVAL_MS, (err) =>
    opts.log?.error({ err }, 'audit seal failed'),
  );
  return {
    start: timer.start,
    async stop(): Promise<void> {
      await timer.stop();
      await pass().catch((err) => opts.log?.error({ err }, 'audit seal failed'));
    },
  };
}
