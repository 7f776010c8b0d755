import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';

// Client test files that need a module graph of their own: they mock a module (vi.mock), or say `// vitest: isolate`
// because they read module state another file leaves behind. Found by reading the files, so a new mock needs no entry.
const clientSrc = 'client/src';
const clientTests = readdirSync(clientSrc, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => join(clientSrc, file));
const needsIsolation = (file: string) =>
  /\bvi\.(do)?[mM]ock\(|\/\/ vitest: isolate\b/.test(readFileSync(file, 'utf8'));
const fromClient = (files: string[]) => files.map((file) => relative('client', file));
const isolatedClientTests = fromClient(clientTests.filter(needsIsolation));
const sharedClientTests = fromClient(clientTests.filter((file) => !needsIsolation(file)));

// react-big-calendar's ES module goes through Vite as in the build, so its lodash and react-overlays imports take the
// client's aliases (client/vite.config.ts) in tests too; Node would load its CommonJS `main` as it is.
const calendarThroughBuildAliases = { deps: { inline: ['react-big-calendar'] } };
const calendarModule = [
  { find: /^react-big-calendar$/, replacement: 'react-big-calendar/dist/react-big-calendar.esm.js' },
];

// One project per package; `npm run test:unit` runs them all, `--project bff` one of them. The scripts pass
// `--maxWorkers=100%`, every core to every project: vitest's default leaves one idle (cores - 1), half of a 2-core
// machine (unit suite 12 → 6.7 min, PostgreSQL suite 6 → 2.7 min; issue 45 §4). In this file it would reach the
// projects that extend no root config only, and vitest refuses projects that differ in it.
// `isolate: false` keeps one module graph per worker instead of one per file: import and environment set-up were
// about half of every run (BFF on PostgreSQL 5.1 → 1.8 min; client 95 files ~2.5 → 1 min).
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
          // A file's setup seeds or loads its database and builds an app: seconds on an idle machine, but a busy one
          // (two other suites beside it) stretched it past a minute.
          hookTimeout: 180_000,
          // Each file builds its own app on a database of its own copied from a template (db/test-database.ts), and
          // no BFF test mocks a module, so files can share a worker's modules.
          isolate: false,
        },
      },
      {
        extends: './client/vite.config.ts',
        root: 'client',
        resolve: { alias: calendarModule },
        test: {
          name: 'client',
          isolate: false,
          exclude: isolatedClientTests,
          server: calendarThroughBuildAliases,
        },
      },
      {
        extends: './client/vite.config.ts',
        root: 'client',
        resolve: { alias: calendarModule },
        // `extends` adds arrays to the client config's own, so each project names what it leaves out.
        test: { name: 'client-isolated', exclude: sharedClientTests, server: calendarThroughBuildAliases },
      },
    ],
  },
});
