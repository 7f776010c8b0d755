import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from './sign-in-helpers.js';

// 000 §2.7 menus and search, with the visibility rules of 000 §6.2, for the seeded demo users. The shell's default
// layout is the left sidebar on a wide screen: the main menu is the navigation landmark 'Main menu'.

const GROUPS = ['Main', 'Organizations', 'Users', 'Inventory', 'Configuration', 'Billing', 'Utilities'];

const mainMenu = (page: Page): Locator => page.getByRole('navigation', { name: 'Main menu' });

async function linkNames(menu: Locator): Promise<string[]> {
  return (await menu.getByRole('link').allTextContents()).map((t) => t.trim());
}

test('biller (role 10): billing items listed flat, without group headings', async ({ page }) => {
  await signIn(page, 'role10@demo.test');
  const menu = mainMenu(page);
  await expect(menu.getByRole('link', { name: 'Billing Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('button')).toHaveCount(0);
  const names = await linkNames(menu);
  expect(names.slice(0, 3)).toEqual(['Billing Report', 'Fixed Billing Report', 'BHI Billing']);
  expect(names).toEqual(expect.arrayContaining(['Invoices', 'RPM Billing', 'Patients', 'Billing Utility']));
  expect(names).not.toContain('Dashboard');
  expect(names).not.toContain('Physicians');
});

test('dentist: only the Dental Dashboard', async ({ page }) => {
  await signIn(page, 'dentist@demo.test');
  const menu = mainMenu(page);
  await expect(menu.getByRole('link', { name: 'Dental Dashboard' })).toBeVisible();
  expect(await linkNames(menu)).toEqual(['Dental Dashboard']);
  await expect(menu.getByRole('link', { name: 'Dental Dashboard' })).toHaveAttribute('aria-current', 'page');
});

test('sleep-lab user: only Sleep Lab', async ({ page }) => {
  await signIn(page, 'sleeplab@demo.test');
  const menu = mainMenu(page);
  await expect(menu.getByRole('link', { name: 'Sleep Lab' })).toBeVisible();
  expect(await linkNames(menu)).toEqual(['Sleep Lab']);
});

test('external care coordinator: Practices, Locations and Programs only', async ({ page }) => {
  await signIn(page, 'extcare@demo.test');
  const menu = mainMenu(page);
  await expect(menu.getByRole('link', { name: 'Practices' })).toBeVisible();
  expect(await linkNames(menu)).toEqual(['Practices', 'Locations', 'Programs']);
  await expect(menu.getByRole('button')).toHaveText(['Organizations']);
  await menu.getByRole('link', { name: 'Locations' }).click();
  await expect(page).toHaveURL('/app/locations');
  await expect(menu.getByRole('link', { name: 'Locations' })).toHaveAttribute('aria-current', 'page');
});

test('admin (role 1): every group; groups open and close; links navigate', async ({ page }) => {
  await signIn(page, 'role1@demo.test');
  const menu = mainMenu(page);
  for (const title of GROUPS)
    await expect(menu.getByRole('button', { name: title, exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(menu.getByRole('link', { name: /My Tasks/ })).toBeVisible();

  const users = menu.getByRole('button', { name: 'Users', exact: true });
  await expect(users).toHaveAttribute('aria-expanded', 'false');
  await users.click();
  await expect(users).toHaveAttribute('aria-expanded', 'true');
  await menu.getByRole('link', { name: 'Physicians', exact: true }).click();
  await expect(page).toHaveURL('/app/physicians');
  await expect(menu.getByRole('link', { name: 'Physicians', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // The avatar opens the user menu; admins may sign in as another user (000 §2.7, §6.2).
  await page.getByRole('button', { name: 'Avery Collins' }).click();
  const userMenu = page.getByRole('menu', { name: 'Avery Collins' });
  await expect(userMenu.getByRole('menuitem')).toHaveText([
    'User Profile',
    'Configure Defaults',
    'Notification Defaults',
    'Insurance Defaults',
    'Sign in as another user',
    'Logout',
  ]);
  await userMenu.getByRole('menuitem', { name: 'User Profile' }).click();
  await expect(page).toHaveURL('/app/profile');
});

test('search: suggestions, Enter navigates, and the Alert for special characters', async ({ page }) => {
  await signIn(page, 'role1@demo.test');
  const search = page.getByRole('combobox', { name: 'Search' });

  await search.fill('billing');
  const options = page.getByRole('listbox', { name: 'Search' }).getByRole('option');
  await expect(options).toHaveCount(5);

  await search.fill('invoices');
  await expect(options).toHaveText(['Invoices']);
  await search.press('Enter');
  await expect(page).toHaveURL('/app/invoices');
  await expect(search).toHaveValue('');

  await search.fill('dashboard');
  await expect(options.first()).toHaveText('Dashboard');
  await search.press('ArrowDown');
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL('/app/sales-practice-dashboard');

  await search.fill('!!');
  await search.press('Enter');
  const alert = page.getByRole('alertdialog', { name: 'Alert' });
  await expect(alert).toContainText('Search Cannot be Empty or contain Special Characters');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toHaveCount(0);
  await expect(page).toHaveURL('/app/sales-practice-dashboard');
});

// Issue 44: the server narrows restricted users' calls as the menu narrows their entries; their start screens and
// the screens their menu offers must still load without a single refused call.
for (const username of ['dentist@demo.test', 'sleeplab@demo.test', 'extcare@demo.test']) {
  test(`${username}: the start screen and every menu entry load without a refused call`, async ({ page }) => {
    const refused: string[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/') && res.status() === 403) refused.push(res.url());
    });
    await signIn(page, username);
    await page.waitForLoadState('networkidle');
    const links = await mainMenu(page).getByRole('link').all();
    const hrefs = await Promise.all(links.map((link) => link.getAttribute('href')));
    for (const href of hrefs) {
      if (href === null) continue;
      await page.goto(href);
      await page.waitForLoadState('networkidle');
    }
    expect(refused).toEqual([]);
  });
}
