import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from './sign-in-helpers.js';

/** The bell button; its name carries the unread count ('Notifications, 3 unread'). */
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
/** The open bell popup (000 §2.8). */
const popup = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** The unread count the bell announces (0 when it shows no badge). */
async function unreadCount(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  const match = /, (\d+) unread$/.exec(name);
  return match ? Number(match[1]) : 0;
}

/** A new browser context (its own storage and cookies: another person) signed in as `username`. */
async function signedInElsewhere(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

test('choosing a notification opens the patient chart after the monitor page, and marks it read (000 §2.8, §4.6)', async ({
  page,
}) => {
  await signIn(page, 'role2@demo.test');
  // The demo seed leaves every clinical user at least two unread alerts.
  await expect(bell(page)).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  await expect(page.locator('.bell-badge')).toBeVisible();
  const before = await unreadCount(page);
  expect(before).toBeGreaterThanOrEqual(2);

  await bell(page).click();
  await expect(popup(page)).toBeVisible();
  await expect(popup(page)).toHaveCSS('width', '350px');
  const unread = popup(page).locator('button.bell-entry-unread').first();
  await expect(unread).toBeVisible();
  await unread.click();

  await expect(page).toHaveURL(/\/app\/patient-chart\/overview\/\d+$/);
  const patientId = /overview\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1];
  // That patient's notifications are read: the badge drops without a reload.
  await expect.poll(() => unreadCount(page)).toBeLessThan(before);
  // Back returns to the monitor page the bell opened first.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/app/ActiveNotifications/monitor/${patientId}$`));
});

test("clear all asks first, then clears and says 'Updated Successfully' (000 §2.8, §4.6)", async ({
  page,
}) => {
  await signIn(page, 'role8@demo.test');
  await expect(bell(page)).toHaveAccessibleName(/unread$/);
  await bell(page).click();
  await expect(popup(page).locator('.bell-entry').first()).toBeVisible();

  await popup(page).getByRole('button', { name: 'Clear All' }).click();
  const confirm = page
    .getByRole('alertdialog')
    .filter({ hasText: 'Are you sure, you want to close all notifications?' });
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(popup(page).locator('.bell-entry').first()).toBeVisible();

  await popup(page).getByRole('button', { name: 'Clear All' }).click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Updated Successfully')).toBeVisible();
  await expect(popup(page).getByText('No alerts for you')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.locator('.bell-badge')).toHaveCount(0);
});

test("a notification sent from 'Vital Configuration' raises the recipient's badge at once, over the socket (000 §2.9, §4.6, §4.8)", async ({
  page,
  browser,
}) => {
  // The recipient, in a browser of their own, waits on the dashboard.
  const recipient = await signedInElsewhere(browser, 'role2@demo.test');
  await expect(bell(recipient)).toHaveAccessibleName(/^Notifications/);
  await expect.poll(() => unreadCount(recipient)).toBeGreaterThan(0);
  const before = await unreadCount(recipient);

  await signIn(page, 'role1@demo.test');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Vital Configuration' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vital Configuration' });
  await expect(dialog).toBeVisible();

  // The validations come first (000 §5).
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('User type is not selected')).toBeVisible();
  await expect(dialog.getByText('User is not selected')).toBeVisible();
  // A blank message says what is wrong with it (issue 44): 'Required'.
  await expect(dialog.getByText('Required', { exact: true })).toBeVisible();
  await dialog.getByLabel('Message').fill('Call me!');
  await expect(dialog.getByText('Max character limit is 300')).toBeVisible();

  await dialog.getByLabel('User Type').selectOption({ label: 'Role 2' });
  const users = dialog.getByLabel('Users');
  await expect(users.locator('option', { hasText: 'Marcus Bennett' })).toHaveCount(1);
  await users.selectOption({ label: 'Marcus Bennett' });
  const message = `Please review the new readings ${Date.now()}`;
  await dialog.getByLabel('Message').fill(message);
  await expect(dialog.getByText('Max character limit is 300')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  // No reload on the recipient's side: the hub pushes it (the poll would take 10 minutes).
  await expect.poll(() => unreadCount(recipient), { timeout: 5_000 }).toBe(before + 1);
  await bell(recipient).click();
  await expect(popup(recipient).getByText(message)).toBeVisible();
  await expect(popup(recipient).getByText('Avery Collins')).toBeVisible();
  await recipient.context().close();
});
