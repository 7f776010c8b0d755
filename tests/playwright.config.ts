import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Several people may run browser tests at once: each port gets its own database, and the client build is chosen.
const CLIENT_DIST = process.env.E2E_CLIENT_DIST ?? '../client/dist';
const DATA_DIR = `../.tmp/e2e-db-${PORT}`;

/**
 * Browser tests in Debian's Chromium (npm cannot download browsers here) against the real BFF on a fresh PGlite
 * database with a small demo seed. The captcha is real but cheap (CAPTCHA_MAX_COUNTER) so sign-ins stay quick.
 */
export default defineConfig({
  testDir: './e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  // One worker: specs share the demo users, and a sign-in ends that user's older session (000 §8). Two servers with a
  // worker each were tried (issue 45 §4): 12.6 against ~14 minutes, but on 2 cores four specs then ran past their
  // timeouts, each passing alone.
  workers: 1,
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: `../.tmp/reports/playwright${process.env.E2E_PORT ? `-${PORT}` : ''}.json` }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && node --import tsx ../bff/src/server.ts`,
    url: `http://127.0.0.1:${PORT}/api/isAlive`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      CLIENT_DIST,
      SEED_DEMO: '1',
      SEED_PATIENTS: '40',
      // 50–100 guesses of 50 SHA-256 rounds: the widget's real work, a few milliseconds (the demo default is 5,000).
      CAPTCHA_MAX_COUNTER: '100',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // escalation.spec moves the server's clock; the escalation job runs every second.
      // decisions.md "Browser tests move the server's clock".
      TEST_CLOCK: '1',
      ESCALATION_INTERVAL_MS: '1000',
    },
  },
});
