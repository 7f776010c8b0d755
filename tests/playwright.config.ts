import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Several people may run browser tests at once: each port gets its own database, and the client build is chosen.
const CLIENT_DIST = process.env.E2E_CLIENT_DIST ?? '../client/dist';
// Two servers (E2E_SERVERS=1 for one): the specs split in two halves of about equal time (12 and 12.5 minutes
// in the last whole run), each half on its own server and database, one spec at a time on each, so the demo users
// of one half never meet the other's (a sign-in ends that user's older session, 000 §8).
const SERVERS = process.env.E2E_SERVERS === '1' ? 1 : 2;
const FIRST_HALF = [
  'sign-in.spec.ts',
  'chart-rest.spec.ts',
  'menus.spec.ts',
  'admin-staff.spec.ts',
  'utility-lists.spec.ts',
  'billing.spec.ts',
  'csp.spec.ts',
  'care-orders.spec.ts',
  'session.spec.ts',
  'alerts.spec.ts',
  'patient-transfer.spec.ts',
];

const dataDir = (port: number) => `../.tmp/e2e-db-${port}`;

/** The BFF on `port` with a fresh PGlite database and a small demo seed. */
function server(port: number): Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number] {
  return {
    command: `rm -rf ${dataDir(port)} && node --import tsx ../bff/src/server.ts`,
    url: `http://127.0.0.1:${port}/api/isAlive`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir(port),
      CLIENT_DIST,
      SEED_DEMO: '1',
      SEED_PATIENTS: '40',
      CAPTCHA_MAX_COUNTER: '2000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
  };
}

/**
 * Browser tests in Debian's Chromium (npm cannot download browsers here) against the real BFF on a fresh PGlite
 * database with a small demo seed. The captcha is real but cheap (CAPTCHA_MAX_COUNTER) so sign-ins stay quick.
 */
export default defineConfig({
  testDir: './e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: SERVERS,
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
  projects:
    SERVERS === 1
      ? [{ name: 'all', workers: 1, use: { baseURL: `http://127.0.0.1:${PORT}` } }]
      : [
          { name: 'first', workers: 1, testMatch: FIRST_HALF, use: { baseURL: `http://127.0.0.1:${PORT}` } },
          {
            name: 'second',
            workers: 1,
            testIgnore: FIRST_HALF,
            use: { baseURL: `http://127.0.0.1:${PORT + 1}` },
          },
        ],
  webServer: Array.from({ length: SERVERS }, (_, n) => server(PORT + n)),
});
