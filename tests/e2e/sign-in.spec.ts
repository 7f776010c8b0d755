import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { logOut, SIGN_IN_WAIT, signInThroughForm, submitSignIn } from './sign-in-helpers.js';

// 000 §6.1: every demo sign-in lands on the start page of its lowest role and flags.
const START_PAGES: [string, string][] = [
  ['role1@demo.test', '/app/dashboard'],
  ['role2@demo.test', '/app/dashboard'],
  ['role3@demo.test', '/app/dashboard'],
  ['role5@demo.test', '/app/dashboard'],
  ['role6@demo.test', '/app/dashboard'],
  ['role8@demo.test', '/app/dashboard'],
  ['role9@demo.test', '/app/dashboard'],
  ['role10@demo.test', '/app/billing-dashboard'],
  ['role11@demo.test', '/app/billing-dashboard'],
  ['role13@demo.test', '/app/dashboard'],
  ['role14@demo.test', '/app/sales-dashboard'],
  ['role15@demo.test', '/app/dashboard'],
  ['role16@demo.test', '/app/sleepTests'],
  ['role17@demo.test', '/app/sleepTests'],
  ['role18@demo.test', '/app/dentalDashboard'],
  ['role20@demo.test', '/app/technician-calendar'],
  ['dentist@demo.test', '/app/dentalDashboard'],
  ['interpreting@demo.test', '/app/sleepTests'],
  ['sleeplab@demo.test', '/app/sleep-lab'],
  ['coread@demo.test', '/app/sleepTestsInterpretation'],
  ['extcare@demo.test', '/app/dashboard'],
  ['agent@demo.test', '/app/dashboard'],
];

test.describe('start page after sign-in (000 §6.1)', () => {
  for (const [username, path] of START_PAGES) {
    test(`${username} lands on ${path}`, async ({ page }) => {
      await signInThroughForm(page, username);
      await expect(page).toHaveURL(path);
      await expect(page.getByText('Login Successful')).toBeVisible();
      // The role's access list opens its start page: no not-found variant.
      await expect(page.getByText('Oops, Page Not Found :(')).toHaveCount(0);
      // Inside the shell: the greeting names the signed-in user.
      await expect(page.getByText(/^Hi, /)).toBeVisible();
    });
  }
});

test('a password older than 45 days shows the notice (000 §4.3)', async ({ page }) => {
  await signInThroughForm(page, 'role3@demo.test');
  await expect(page.getByText('Your password has not been changed for more than 45 days')).toBeVisible();
});

test('a wrong password shows the red message and keeps the user on the sign-in page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Sign in with your email id')).toBeVisible();
  await submitSignIn(page, 'role2@demo.test', 'wrong-password');
  await expect(page.getByText('*Invalid Username or Password')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('repeated failures show the too-many-attempts state (000 §4.3)', async ({ page }) => {
  await page.goto('/');
  for (let i = 0; i < 5; i++) {
    await submitSignIn(page, 'someone.else@demo.test', `wrong-${i}`);
    await expect(page.getByText('*Invalid Username or Password')).toBeVisible();
  }
  await submitSignIn(page, 'someone.else@demo.test', 'wrong-again');
  await expect(
    page.getByText(/Too many sign-in attempts\. Please try again in \d+ minutes?\./),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
});

test('the sign-in form validates before sending (000 §5)', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Required')).toHaveCount(2);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email')).toBeVisible();
});

test('an anonymous deep link goes to / and comes back after sign-in (000 §2.1)', async ({ page }) => {
  await page.goto('/app/patients?tab=active');
  await expect(page).toHaveURL(/\/$/);
  await submitSignIn(page, 'role5@demo.test');
  await expect(page).toHaveURL('/app/patients?tab=active', SIGN_IN_WAIT);
});

test('an unknown path shows the not-found page (000 §2.6)', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByText('Page Not Found')).toBeVisible();
  await page.getByRole('button', { name: 'Go To Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('logout clears the stored user and the cookies, and ends the server session (000 §4.2)', async ({
  page,
  context,
}) => {
  await signInThroughForm(page, 'role13@demo.test');
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.token);
  expect(token).toBeTruthy();
  const name = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.name as string);
  await logOut(page, name);
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).not.toContain('lastActivity');
  expect(names).not.toContain('rpm_session');
  // Back to /app shows the sign-in page again, not the app.
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('every chunk the sign-in page and the dashboard load carries V8’s compile hint first (issue 17 goal 2)', async ({
  page,
}) => {
  await signInThroughForm(page, 'role8@demo.test');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The build's chunks, as its manifest names them (the captcha's worker scripts are assets of their own).
  const chunks = new Set(Object.values(buildManifest()).map((entry) => `/${entry.file}`));
  const scripts = [...new Set(await fetchedPaths(page))].filter(
    (path) => path.endsWith('.js') && chunks.has(path),
  );
  expect(scripts.length).toBeGreaterThan(10);
  // Decoded from the .br the server sends: the hint must come before any token.
  for (const path of scripts)
    expect((await (await page.request.get(path)).text()).slice(0, 29), path).toBe(
      '//# allFunctionsCalledOnLoad\n',
    );
});

test('typing the password loads every start screen but the Technician Calendar’s (issue 17 goals 1 and 2)', async ({
  page,
}) => {
  const manifest = buildManifest();
  const chunk = (source: string) => `/${manifest[source]?.file}`;
  await page.goto('/');
  await page.getByLabel('Email').fill('role8@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('not yet sent');
  // The roles are not known before 'Sign in': the dashboard first, then the other start pages' screens.
  await expect
    .poll(() => fetchedPaths(page))
    .toEqual(
      expect.arrayContaining(
        [
          'src/dashboard/DashboardPage.tsx',
          'src/billing/BillingDashboardPage.tsx',
          'src/sleep/DentalDashboard.tsx',
        ].map(chunk),
      ),
    );
  // The calendar's 48 KiB load only for the user who lands on it (decisions.md "Every start screen loaded while typing").
  expect(await fetchedPaths(page)).not.toContain(chunk('src/sleep/TechnicianCalendar.tsx'));
});

/** The client build's manifest: each source module's chunk. */
function buildManifest(): Record<string, { file: string }> {
  const dist = resolve(import.meta.dirname, '..', process.env.E2E_CLIENT_DIST ?? '../client/dist');
  return JSON.parse(readFileSync(resolve(dist, '.vite/manifest.json'), 'utf8'));
}

/** The paths the page has fetched so far. */
function fetchedPaths(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
  );
}
