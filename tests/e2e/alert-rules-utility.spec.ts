import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { listCount } from './list-helpers.js';
import { signIn } from './sign-in-helpers.js';

// The Alert Rules utility (000 §2.7 Utilities; decisions.md "Alert Rules utility"): every rule of the patients in
// scope, the active ones by default, each row opening the patient's Alert Rules tab.
test('a nurse opens Alert Rules under Utilities, sees the active rules with their levels and opens a patient', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'role8@demo.test');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Utilities', exact: true }).click();
  await menu.getByRole('link', { name: 'Alert Rules', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/alert-rules$/);
  await expect(page.getByRole('region', { name: 'Alert Rules' })).toBeVisible();
  await expect(page.getByText(/^Coming soon/)).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText('Status: Active');
  const active = await expect
    .poll(() => listCount(page))
    .toBeGreaterThan(0)
    .then(() => listCount(page));
  const grid = page.getByRole('grid');
  const rows = (await grid.getByRole('row').allTextContents()).slice(1);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row).toContain('Active');
    expect(row).not.toContain('Inactive');
  }
  // A blood-pressure rule writes its bounds as the chart does: abnormal range, then critical range, then unit.
  await expect(grid.getByText(/systolic \d+–\d+ \(critical \d+–\d+\) mmHg/).first()).toBeVisible();
  // A scale's rule has no bounds but a gain and loss over the dry weight (001 §5).
  await page.goto('/app/alert-rules?device_type=2'); // device type 2: the weight scale (migration 0001)
  await expect(grid.getByText(/^gain \d+ lbs, loss \d+ lbs over dry weight$/).first()).toBeVisible();
  await page.goto('/app/alert-rules');
  await expectAccessible(page);

  // Removing the chip shows every rule, paused and ended ones too (the status filter at 'all', 001 §2.4).
  await page.getByRole('button', { name: 'Remove filter Status' }).click();
  await expect(page).toHaveURL(/rule_status=(&|$)/);
  await expect(page.getByRole('button', { name: 'Remove filter Status' })).toHaveCount(0);
  expect(await listCount(page)).toBeGreaterThanOrEqual(active);

  // The patient's name opens the chart's Alert Rules tab, where the rule is edited.
  await grid.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/patient-chart\/alert-rules\/\d+$/);
  await expect(page.getByRole('columnheader', { name: 'Monitoring Levels' })).toBeVisible();
});
