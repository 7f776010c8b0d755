import { expect, type Page, test } from '@playwright/test';
import { signIn, signInThroughForm } from './sign-in-helpers.js';

/** The shell's root element, which carries the interface state (000 §3) as attributes. */
const shell = (page: Page) => page.locator('.shell');

test('theme, mode and layout persist across a reload (000 §3)', async ({ page }) => {
  await signIn(page, 'role2@demo.test');
  await page.getByRole('button', { name: 'Themes and Layout' }).click();
  const panel = page.getByRole('region', { name: 'Themes and Layout' });
  await panel.getByRole('button', { name: 'Green Purple' }).click();
  await panel.getByRole('radio', { name: 'Dark' }).click();
  await panel.getByText('Top Navigation').click();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  const applied = async () => {
    await expect(shell(page)).toHaveAttribute('data-theme', 'greenPurple');
    await expect(shell(page)).toHaveAttribute('data-layout', 'top-navigation');
    await expect(shell(page)).toHaveClass(/\bbp6-dark\b/);
    // The dark palette of the theme is what the band paints: its deep green (#1b5e20).
    await expect(page.locator('.shell-band')).toHaveCSS('background-image', /rgb\(27, 94, 32\)/);
    // Top navigation: the menu is a bar under the header, not a side column.
    await expect(page.locator('.shell-topmenu')).toBeVisible();
    await expect(page.locator('.shell-sidebar')).toHaveCount(0);
  };
  await applied();
  await page.reload();
  await applied();

  // The choice is the user's: another user signing in on this browser starts from the defaults.
  await page.evaluate(() => localStorage.removeItem('user'));
  await signIn(page, 'role5@demo.test');
  await expect(shell(page)).toHaveAttribute('data-layout', 'left-sidebar');
  await expect(shell(page)).not.toHaveClass(/\bbp6-dark\b/);
});

test('the dark/light toggle switches the mode (000 §2.7)', async ({ page }) => {
  await signIn(page, 'role2@demo.test');
  await page.getByRole('button', { name: 'Dark Mode' }).click();
  await expect(shell(page)).toHaveClass(/\bbp6-dark\b/);
  // Dialogs and popovers render on the body: it turns dark too.
  await expect(page.locator('body')).toHaveClass(/\bbp6-dark\b/);
  await page.getByRole('button', { name: 'Light Mode' }).click();
  await expect(shell(page)).not.toHaveClass(/\bbp6-dark\b/);
});

test("the full-screen button's label follows the state (000 §2.7)", async ({ page }) => {
  await signIn(page, 'role2@demo.test');
  await page.getByRole('button', { name: 'Full Screen', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Exit Full Screen' })).toBeVisible();
  expect(await page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await page.getByRole('button', { name: 'Exit Full Screen' }).click();
  await expect(page.getByRole('button', { name: 'Full Screen', exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
});

test('toasts open below the header, clear of its tools', async ({ page }) => {
  await signInThroughForm(page, 'role2@demo.test');
  const toast = page.locator('.bp6-toast', { hasText: 'Login Successful' });
  // A pointer on a toast keeps it open while it is measured.
  await toast.hover();
  const toastBox = await toast.boundingBox();
  const headerBox = await page.locator('.shell-header').boundingBox();
  expect(toastBox && headerBox && toastBox.y >= headerBox.y + headerBox.height).toBe(true);
  // The header's tools stay clickable meanwhile.
  await page.getByRole('button', { name: 'Full Screen', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Exit Full Screen' })).toBeVisible();
});

test('the guide has 5 steps with Next, Back and Done (000 §2.7)', async ({ page }) => {
  await signIn(page, 'role2@demo.test');
  await page.getByRole('button', { name: 'Show Guide' }).click();
  const guide = page.getByRole('dialog');
  const step = guide.getByRole('heading', { level: 3 });
  const titles = [
    'Hi welcome',
    'Dark and Light Mode',
    'Themes and Layout',
    'Search Components and Pages',
    'Code Preview',
  ];
  await expect(step).toHaveText(titles[0] ?? '');
  for (const title of titles.slice(1)) {
    await guide.getByRole('button', { name: 'Next' }).click();
    await expect(step).toHaveText(title);
  }
  await expect(guide.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await guide.getByRole('button', { name: 'Back' }).click();
  await expect(step).toHaveText('Search Components and Pages');
  await guide.getByRole('button', { name: 'Next' }).click();
  await guide.getByRole('button', { name: 'Done' }).click();
  await expect(guide).toHaveCount(0);
});

// decisions.md "Ended session's page": the server closes the ended session's socket, so the alert comes at once
// rather than at this browser's next call.
test('a sign-in elsewhere logs this browser out at once (000 §8)', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const page = await first.newPage();
    await signInThroughForm(page, 'role5@demo.test');
    await signInThroughForm(await second.newPage(), 'role5@demo.test');

    const alert = page.getByRole('alertdialog', { name: 'Alert - 401' });
    await expect(alert).toContainText(
      'System is logging you out because login from another device is detected',
    );
    await alert.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  } finally {
    await first.close();
    await second.close();
  }
});

test('the call/task toggle shows for a user with a call-centre link only (000 §2.7)', async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  const toggle = page.getByRole('button', { name: 'Hide Call Panel' });
  await expect(toggle).toBeVisible();
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Show Call Panel' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  // Per tab: a reload of this tab keeps it.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Show Call Panel' })).toBeVisible();

  await page.evaluate(() => localStorage.removeItem('user'));
  await signIn(page, 'role2@demo.test');
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Call Panel/ })).toHaveCount(0);
});

test('the practice dropdown changes the current practice (000 §4.5)', async ({ page }) => {
  // role5 belongs to two Riverside practices and has no global role.
  await signIn(page, 'role5@demo.test');
  const practice = page.getByRole('combobox', { name: 'Practice' });
  await expect(practice).toBeVisible();
  const options = await practice.locator('option').allTextContents();
  expect(options).toHaveLength(2);
  await practice.selectOption({ label: options[1] ?? '' });
  await expect(practice).toHaveValue((await practice.locator('option').nth(1).getAttribute('value')) ?? '');
  // role1 has every organisation ('*') and a global role: no dropdown.
  await page.evaluate(() => localStorage.removeItem('user'));
  await signIn(page, 'role1@demo.test');
  await expect(page.getByText('All organizations')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Practice' })).toHaveCount(0);
});
