import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it may, and probes for that as each object schema is built.
 * A browser with our CSP (no 'unsafe-eval') reports a violation for the probe; jitless mode skips it.
 * Schemas are built as this package loads, so in a browser jitless mode is set here, when this module is evaluated
 * (it is the first module of the package's index); the server keeps zod's compiled parsers.
 */
function setJitlessZod(): void {
  z.config({ jitless: true });
}

if (typeof (globalThis as { document?: unknown }).document !== 'undefined') setJitlessZod();
