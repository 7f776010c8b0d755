import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { SIGN_IN_WAIT, signIn, submitSignIn } from './sign-in-helpers.js';

/**
 * Staff administration in the running app (issue 16 part 1): an administrator adds a nurse, resets their password
 * (they must change it at the next sign-in, 000 §4.3) and deactivates them while they are signed in elsewhere (their
 * page goes to sign-in at once). The nurse is made here, so no demo user the other specs sign in with is changed.
 */

test.describe.configure({ mode: 'serial' });

const NURSE = { first: 'Nell', last: 'Harper', username: 'nell.harper@example.com' };
const NAME = `${NURSE.first} ${NURSE.last}`;
const RESET_TO = 'Reset-by-admin7';
const CHOSEN = 'Chosen-by-nell9';

/** The administrator's page on the Nurses table, found by name. */
async function nursesTable(page: Page): Promise<void> {
  await page.goto('/app/nurses');
  const search = page.getByRole('searchbox', { name: 'Search name or username' });
  await search.fill(NURSE.last);
  await search.press('Enter');
  await expect(page.getByRole('button', { name: `Deactivate ${NAME}` })).toBeVisible();
}

async function pickFirst(dialog: Locator, label: string): Promise<void> {
  const select = dialog.getByLabel(label, { exact: true });
  await expect(select.locator('option')).not.toHaveCount(1);
  await select.selectOption({ index: 1 });
}

/** A fresh browser (no shared storage) signed in as the admin. */
async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'role1@demo.test');
  return page;
}

test('an administrator adds a nurse and resets their password; the nurse must change it at the next sign-in', async ({
  browser,
}) => {
  test.setTimeout(90_000); // two browsers, three sign-ins and a password change
  const admin = await adminPage(browser);
  await admin.goto('/app/nurses');
  await admin.getByRole('button', { name: 'Add Nurse' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add Nurse' });
  await dialog.getByText('Add New Nurse').click();
  await pickFirst(dialog, 'Practice');
  await expect(dialog.getByLabel('Organization', { exact: true })).not.toHaveValue('');
  await pickFirst(dialog, 'Location');
  await pickFirst(dialog, 'Program');
  await dialog.getByLabel('First Name').fill(NURSE.first);
  await dialog.getByLabel('Last Name').fill(NURSE.last);
  await dialog.getByLabel('DOB').fill('1988-05-06');
  await dialog.getByLabel('Mobile').fill('5552223333');
  await dialog.getByLabel('Username').fill(NURSE.username);
  await dialog.getByLabel('Password', { exact: true }).fill('Created-by-admin5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await nursesTable(admin);
  await admin.getByRole('button', { name: `Reset password of ${NAME}` }).click();
  const reset = admin.getByRole('dialog', { name: 'Reset password' });
  await reset.getByLabel('New Password').fill(RESET_TO);
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(reset).toBeHidden();
  await expect(admin.getByText('Password Updated')).toBeVisible();

  // The nurse signs in with the password the administrator chose and must change it first.
  const nurse = await (await browser.newContext()).newPage();
  await nurse.goto('/');
  await submitSignIn(nurse, NURSE.username, RESET_TO);
  const change = nurse.getByRole('dialog', { name: 'Change Password' });
  await expect(change).toBeVisible();
  await change.getByLabel('Current Password').fill(RESET_TO);
  await change.getByLabel('New Password').fill(CHOSEN);
  await change.getByLabel('Confirm Password').fill(CHOSEN);
  await change.getByRole('button', { name: 'Save' }).click();
  await expect(change).toBeHidden();
  await submitSignIn(nurse, NURSE.username, CHOSEN);
  await expect(nurse).toHaveURL(/\/app\//, SIGN_IN_WAIT);
});

test('an administrator deactivates a nurse signed in elsewhere: the nurse’s page goes to sign-in', async ({
  browser,
}) => {
  test.setTimeout(60_000); // two browsers and two sign-ins
  const nurse = await (await browser.newContext()).newPage();
  await signIn(nurse, NURSE.username, CHOSEN);
  await expect(nurse.getByRole('button', { name: NAME })).toBeVisible();

  const admin = await adminPage(browser);
  await nursesTable(admin);
  await admin.getByRole('button', { name: `Deactivate ${NAME}` }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(admin.getByRole('button', { name: `Deactivate ${NAME}` })).toBeHidden();

  // No click on the nurse's page: the closed socket makes it ask for its session, which has ended.
  const alert = nurse.getByRole('alertdialog', { name: 'Alert - 401' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Close' }).click();
  await expect(nurse).toHaveURL(/\/$/);
  await expect(nurse.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
