import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { signInThroughForm } from './sign-in-helpers.js';

/**
 * The session machines in the running app against the real BFF (000 §4.1, §4.4). The page's clock is Playwright's
 * (installed before the first navigation), so ten idle minutes take a moment; the server keeps its real clock.
 */

const MARCUS = 'Marcus Bennett'; // role2@demo.test
const AVERY = 'Avery Collins'; // role1@demo.test
const GRACE = 'Grace Kim'; // role8@demo.test

const storedUser = (page: Page) => page.evaluate(() => localStorage.getItem('user'));
const lastActivity = (page: Page) =>
  page.evaluate(() => document.cookie.match(/(?:^|;\s*)lastActivity=(\d+)/)?.[1] ?? null);

test.describe("idle session and the 'Session Timeout' dialog (000 §4.1)", () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
    await signInThroughForm(page, 'role2@demo.test');
    // The shell (and with it the session machines) is up.
    await expect(page.getByRole('button', { name: MARCUS })).toBeVisible();
  });

  test('after 10 idle minutes the next check opens the dialog; Extend Session keeps the user signed in', async ({
    page,
  }) => {
    const dialog = page.getByRole('alertdialog', { name: 'Session Timeout' });
    // Checks every 5 minutes: at 5 the stored time is ahead; at 10 it is just past (it was set at sign-in).
    await page.clock.runFor('09:00');
    await expect(dialog).toBeHidden();
    await page.clock.runFor('01:30');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("You're Session is about to Expire")).toBeVisible();

    const before = Number(await lastActivity(page));
    const extended = page.waitForResponse(
      (r) => r.url().includes('/api/rpm/checkSession?status=1') && r.status() === 200,
    );
    await dialog.getByRole('button', { name: 'Extend Session' }).click();
    await extended;
    await expect(dialog).toBeHidden();
    expect(Number(await lastActivity(page))).toBeGreaterThan(before);

    // Still signed in, and the next checks find the new time ahead.
    await page.clock.runFor('05:00');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    expect(await storedUser(page)).not.toBeNull();
    await expect(page.getByRole('button', { name: MARCUS })).toBeVisible();
  });

  test('doing nothing in the dialog ends the session after its two idle minutes each, and goes to /', async ({
    page,
  }) => {
    const dialog = page.getByRole('alertdialog', { name: 'Session Timeout' });
    await page.clock.runFor('10:30');
    await expect(dialog).toBeVisible();
    // The first dialog idle (at 12:00) only resets the timer.
    await page.clock.runFor('02:00');
    await expect(dialog).toBeVisible();
    expect(await storedUser(page)).not.toBeNull();
    const ended = page.waitForRequest((r) => r.url().includes('/api/rpm/checkSession?status=0'));
    await page.clock.runFor('02:00');
    await ended;
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Sign in with your email id')).toBeVisible();
    expect(await storedUser(page)).toBeNull();
    expect(await lastActivity(page)).toBeNull();
  });
});

// Depends on the user menu's 'Sign in as another user' entry and the Home button (client/src/shell/).
test('temporary login as another user and back through Home (000 §4.4)', async ({ page }) => {
  await signInThroughForm(page, 'role1@demo.test');
  await page.getByRole('button', { name: AVERY }).click();
  await page.getByRole('menuitem', { name: 'Sign in as another user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in as another user' });
  await dialog.getByLabel('Username').fill('nobody@demo.test');
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog.getByRole('alert')).toContainText('nobody@demo.test');

  await dialog.getByLabel('Username').fill('role8@demo.test');
  await dialog.getByRole('button', { name: 'Start' }).click();
  // The dashboard reloads as the user acted as, with the Home button.
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('button', { name: GRACE })).toBeVisible();
  const home = page.getByRole('button', { name: 'Home', exact: true });
  await expect(home).toBeVisible();
  // Every page says whose account this is (decisions.md "Acting as banner").
  await expect(page.getByRole('banner').getByRole('status')).toHaveText(`Acting as ${GRACE}`);
  await expectAccessible(page);
  expect(await page.evaluate(() => localStorage.getItem('tempLogin'))).toBe('true');
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('mainUser'))) ?? 'null')).toMatchObject({
    username: 'role1@demo.test',
  });

  await home.click();
  await expect(page.getByRole('button', { name: AVERY })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(home).toBeHidden();
  expect(
    await page.evaluate(() => [localStorage.getItem('tempLogin'), localStorage.getItem('mainUser')]),
  ).toEqual([null, null]);
});
