import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { listCount } from './list-helpers.js';
import { signIn } from './sign-in-helpers.js';

// Global Reports (000 §2.2, §2.7 Main; decisions.md "Global Reports"): each practice of the user's scope with its
// month against the targets of 001 §9; a practice opens its patients.
test('a nurse opens Global Reports, reads her practice’s month and follows it to the practice’s patients', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'role8@demo.test');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Global Reports', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/global-reports$/);
  await expect(page.getByRole('region', { name: 'Global Reports' })).toBeVisible();
  await expect(page.getByText(/^Coming soon/)).toHaveCount(0);
  await expect.poll(() => listCount(page)).toBeGreaterThan(0);
  const grid = page.getByRole('grid');
  for (const header of [
    'RPM Patients',
    '16+ Reading Days',
    '20+ RPM Minutes',
    'CCM Goal Met',
    'Minutes Logged',
  ])
    await expect(grid.getByRole('columnheader', { name: header })).toBeVisible();
  // This month by default, as 'YYYY-MM'.
  const month = new Date().toISOString().slice(0, 7);
  const first = grid.getByRole('row').nth(1);
  await expect(first).toContainText(month);
  await expectAccessible(page);

  // Last month through the URL's filter: the rows say so.
  const [year, mm] = month.split('-').map(Number) as [number, number];
  const last = mm === 1 ? `${year - 1}-12` : `${year}-${String(mm - 1).padStart(2, '0')}`;
  await page.goto(`/app/global-reports?month=${last}`);
  await expect(grid.getByRole('row').nth(1)).toContainText(last);

  // The practice's name opens the patients list filtered to it.
  const practice = (await grid.getByRole('row').nth(1).getByRole('link').textContent()) ?? '';
  await grid.getByRole('row').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(/\/app\/patients\?practice=\d+$/);
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText(`Practice: ${practice}`);
  await expect.poll(() => listCount(page)).toBeGreaterThan(0);
});
