import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it may. A browser with our CSP (no 'unsafe-eval') reports a
 * violation for zod's probe of that; jitless mode skips it. The client calls this once at start-up.
 */
export function setJitlessZod(): void {
  z.config({ jitless: true });
}
