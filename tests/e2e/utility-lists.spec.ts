import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { listCount } from './list-helpers.js';
import { signIn } from './sign-in-helpers.js';

// Three Utilities lists (000 §2.4, §2.7; issue 38 §4): GM Patients, Latest Assigned Devices and Sleep Return Devices
// (decisions.md "GM Patients", "Latest Assigned Devices", "Sleep Return Devices"), each from the menu, through a
// filter, to a row's link, axe clean. SHOTS=1 keeps a 1280 px screenshot of each.

/** Opens a Utilities entry from the menu and waits for the list's rows; answers its count. */
async function openFromMenu(page: Page, entry: string, title: string, path: string): Promise<number> {
  await page.setViewportSize({ width: 1280, height: 800 });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // Billing roles have one flat menu (000 §2.7); others open the Utilities group first.
  const group = menu.getByRole('button', { name: 'Utilities', exact: true });
  if ((await group.count()) > 0) await group.click();
  await menu.getByRole('link', { name: entry, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('region', { name: title })).toBeVisible();
  await expect(page.getByText(/^Coming soon/)).toHaveCount(0);
  return expect
    .poll(() => listCount(page))
    .toBeGreaterThan(0)
    .then(() => listCount(page));
}

/** The grid's data rows' texts. */
const rowTexts = async (page: Page) =>
  (await page.getByRole('grid').getByRole('row').allTextContents()).slice(1);

async function shot(page: Page, name: string) {
  if (process.env.SHOTS) await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test('the administrator reads GM Patients practice by practice, narrows to CCM patients and opens a chart', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'role1@demo.test');
  const all = await openFromMenu(page, 'GM Utility', 'GM Patients', '/app/gm-utility');
  await expect(page.getByRole('columnheader', { name: 'MRN' })).toBeVisible();
  await shot(page, 'gm-patients');
  await expectAccessible(page);

  await page.goto('/app/gm-utility?program=ccm');
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText('Program: CCM');
  await expect.poll(() => listCount(page)).toBeGreaterThan(0);
  expect(await listCount(page)).toBeLessThan(all);
  for (const row of await rowTexts(page)) expect(row).toContain('CCM');

  await page.getByRole('grid').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/patient-chart\/overview\/\d+$/);
});

test('a biller sees the latest assigned devices, the silent ones, and opens a patient’s Devices tab', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'role10@demo.test');
  const all = await openFromMenu(
    page,
    'Latest Assigned Devices',
    'Latest Assigned Devices',
    '/app/latest-assigned-devices',
  );
  await shot(page, 'latest-assigned-devices');
  await expectAccessible(page);

  await page.goto('/app/latest-assigned-devices?first_reading=none');
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText('First Reading: None yet');
  await expect.poll(() => listCount(page)).toBeGreaterThan(0);
  expect(await listCount(page)).toBeLessThan(all);

  await page.getByRole('grid').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/patient-chart\/devices\/\d+$/);
});

test('a biller chases overdue sleep devices, marks one returned and opens the patient', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'role10@demo.test');
  await openFromMenu(page, 'Sleep Return Devices', 'Sleep Return Devices', '/app/sleep-return-devices');
  // By default the devices still out (decisions.md "Sleep Return Devices").
  for (const row of await rowTexts(page)) expect(row.replace('Mark Returned', '')).not.toContain('Returned');
  await shot(page, 'sleep-return-devices');
  await expectAccessible(page);

  await page.goto('/app/sleep-return-devices?return_state=overdue');
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText('Status: Overdue');
  const overdue = await expect
    .poll(() => listCount(page))
    .toBeGreaterThan(0)
    .then(() => listCount(page));
  for (const row of await rowTexts(page)) expect(row).toContain('Overdue');

  await page
    .getByRole('button', { name: /^Mark the device of test \d+ returned$/ })
    .first()
    .click();
  await expect(page.getByText('Updated Successfully')).toBeVisible();
  await expect.poll(() => listCount(page)).toBe(overdue - 1);

  // The device returned joins the returns, received by the biller; its patient opens the chart.
  await page.goto('/app/sleep-return-devices?return_state=returned&orderby=returned_at&order=desc');
  const returned = page.getByRole('grid').getByRole('row').nth(1);
  await expect(returned).toContainText('Morales, Linda');
  await returned.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/patient-chart\/overview\/\d+$/);
});
