import { defineConfig } from 'vitest/config';

// One project per package; `npm run test:unit` runs them all, `--project bff` one of them.
export default defineConfig({
  test: {
    // The JSON report feeds the closing 'N passed, N failed' line of .ci/run (scripts/test-summary.mjs).
    reporters: ['default', 'json'],
    outputFile: { json: '.tmp/reports/vitest-unit.json' },
    projects: [
      { test: { name: 'shared', root: 'shared', include: ['src/**/*.test.ts'] } },
      { test: { name: 'machines', root: 'machines', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'bff',
          root: 'bff',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite has one connection and takes seconds to open: files run one at a time, one database each.
          fileParallelism: false,
        },
      },
      './client/vite.config.ts',
    ],
  },
});
