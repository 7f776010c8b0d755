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
          // Files run two at a time, each on a database of its own copied from a template (db/test-database.ts).
          // Measured on two cores: no faster than one at a time (the files are CPU-bound; import is most of it).
        },
      },
      './client/vite.config.ts',
    ],
  },
});
