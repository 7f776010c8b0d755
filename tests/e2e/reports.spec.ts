import { expect, type Page, test } from '@playwright/test';
import { monthLabel } from '@rpm/shared';
import { expectAccessible } from './accessibility.js';
import { listCount } from './list-helpers.js';
import { signIn } from './sign-in-helpers.js';

// Reading Report and Reports (000 §2.4; issue 42 §1; decisions.md "Reports and Reading Report"): readings per
// patient, vital and day, and per practice, vital and month, this month by default; axe clean. SHOTS=1 keeps a
// screenshot of each.

/** This month as the Month filter's chip names it (the browser's clock; the server's is the same machine's). */
const thisMonth = () => monthLabel(new Date().toISOString().slice(0, 7));

/** The grid's data rows' texts. */
const rowTexts = async (page: Page) =>
  (await page.getByRole('grid').getByRole('row').allTextContents()).slice(1);

async function shot(page: Page, name: string) {
  if (process.env.SHOTS) await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test('a biller opens the Reading Report from the menu, this month first, then every month’s out-of-range days', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'role10@demo.test');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // Billing roles have one flat menu (000 §2.7); others open the Utilities group first.
  const group = menu.getByRole('button', { name: 'Utilities', exact: true });
  if ((await group.count()) > 0) await group.click();
  await menu.getByRole('link', { name: 'Reading Report', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/reading-report$/);
  await expect(page.getByRole('region', { name: 'Reading Report' })).toBeVisible();
  await expect(page.getByText(/^Coming soon/)).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText(`Month: ${thisMonth()}`);
  const grid = page.getByRole('grid');
  for (const header of ['Day', 'Patient Name', 'Vital', 'Readings', 'Min', 'Max', 'Mean', 'Out of Range'])
    await expect(grid.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  await expectAccessible(page);

  // Every month: the seed's months of readings.
  await page.goto('/app/reading-report?month=');
  await expect.poll(() => listCount(page)).toBeGreaterThan(0);
  const all = await listCount(page);
  await shot(page, 'reading-report');

  await page.goto('/app/reading-report?month=&out_of_range=yes');
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText('Out of Range: Yes');
  await expect.poll(() => listCount(page)).toBeGreaterThan(0);
  expect(await listCount(page)).toBeLessThan(all);
  // Every row's out-of-range count is above 0.
  const column = (await grid.locator('thead th').allTextContents()).indexOf('Out of Range');
  expect(column).toBeGreaterThan(0);
  const counts = await grid.locator(`tbody tr td:nth-child(${column + 1})`).allTextContents();
  expect(counts.length).toBeGreaterThan(0);
  for (const count of counts) expect(Number(count.replace(/,/g, ''))).toBeGreaterThan(0);
  await expectAccessible(page);

  // A patient's name opens the chart.
  await grid.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/patient-chart\/overview\/\d+$/);
});

test('the administrator reads Reports per practice and vital, and a practice opens its patients', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'role1@demo.test');
  // No menu names /app/reports (000 §2.7): its access-list entry opens it by its address.
  await page.goto('/app/reports');
  await expect(page.getByRole('region', { name: 'Reports' })).toBeVisible();
  await expect(page.getByText(/^Coming soon/)).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText(`Month: ${thisMonth()}`);
  const grid = page.getByRole('grid');
  for (const header of ['Practice', 'Month', 'Patients', 'Readings', 'Mean', 'Patients Out of Range'])
    await expect(grid.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  await expectAccessible(page);

  // Last month: every row says so.
  const [year, month] = new Date().toISOString().slice(0, 7).split('-').map(Number) as [number, number];
  const last = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
  await page.goto(`/app/reports?month=${last}`);
  await expect.poll(() => listCount(page)).toBeGreaterThan(0);
  for (const row of await rowTexts(page)) expect(row).toContain(last);
  await shot(page, 'reports');
  await expectAccessible(page);

  const practice = (await grid.getByRole('row').nth(1).getByRole('link').textContent()) ?? '';
  await grid.getByRole('row').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(/\/app\/patients\?practice=\d+$/);
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText(`Practice: ${practice}`);
});
