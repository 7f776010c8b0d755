import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, { command: string }>;

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Several people may run browser tests at once: each port gets its own database, and the client build is chosen.
const CLIENT_DIST = process.env.E2E_CLIENT_DIST ?? '../client/dist';

/**
 * The specs of the first server: about half of the measured time (greedy by each file's seconds in the JSON report,
 * 2026-12). Every other spec, a new one included, runs on the second. Each server has its own database and demo users,
 * so the two halves run side by side (issue 45 §4: the whole `npm test` under 20 minutes).
 */
const FIRST_SERVER_SPECS = [
  'admin-staff',
  'alert-rules-utility',
  'alerts',
  'billing-uploads',
  'billing-utility',
  'care-orders',
  'chart-rest',
  'dense-tables',
  'evidence',
  'forms',
  'menus',
  'month-close',
  'notifications',
  'onboarding',
  'patient-consent',
  'patient-identity',
  'reports',
  'sales',
  'session',
  'sign-in',
  'sleep-lock',
  'uploads',
].map((name) => `${name}.spec.ts`);

/** One server: the real BFF on a fresh PGlite database of its own with a small demo seed. */
const server = (port: number): WebServer => {
  const dataDir = `../.tmp/e2e-db-${port}`;
  return {
    command: `rm -rf ${dataDir} && node --import tsx ../bff/src/server.ts`,
    url: `http://127.0.0.1:${port}/api/isAlive`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
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
  };
};

/**
 * Browser tests in Debian's Chromium (npm cannot download browsers here) against the real BFF. The captcha is real
 * but cheap (CAPTCHA_MAX_COUNTER) so sign-ins stay quick. Two servers on PORT and PORT + 1, one worker each: a
 * server's specs share its demo users, and a sign-in ends that user's older session (000 §8).
 */
export default defineConfig({
  testDir: './e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: `../.tmp/reports/playwright${process.env.E2E_PORT ? `-${PORT}` : ''}.json` }],
  ],
  use: {
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
  projects: [
    {
      name: 'first server',
      testMatch: FIRST_SERVER_SPECS,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${PORT}` },
    },
    {
      name: 'second server',
      testIgnore: FIRST_SERVER_SPECS,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${PORT + 1}` },
    },
  ],
  webServer: [server(PORT), server(PORT + 1)],
});
