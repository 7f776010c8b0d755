import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { listCount } from './list-helpers.js';
import { signIn } from './sign-in-helpers.js';

// Care Orders (000 §2.4 '{product} Care Orders'; decisions.md "Care Orders"): the devices ordered for the patients in
// scope, the open ones by default, a route segment preselecting a status, a row opening the chart's Sub Orders.
test('a nurse opens Care Orders from the menu, sees the open orders, narrows to shipped ones and opens one', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'role8@demo.test');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Orders', exact: true })
    .click();
  await expect(page).toHaveURL(/\/app\/orders$/);
  await expect(page.getByRole('region', { name: 'RPM Care Orders' })).toBeVisible();
  await expect(page.getByText(/^Coming soon/)).toHaveCount(0);
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  // By default the open orders: ordered or shipped, never delivered or returned.
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText('Status: Ordered, Shipped');
  await expect.poll(() => listCount(page)).toBeGreaterThan(0);
  const statuses = await grid.getByRole('row').allTextContents();
  expect(statuses.length).toBeGreaterThan(1);
  for (const row of statuses.slice(1)) expect(row).toMatch(/Ordered|Shipped/);
  for (const row of statuses.slice(1)) expect(row).not.toMatch(/Delivered|Returned/);
  await expectAccessible(page);

  // The orderStatus segment preselects the status: the shipped ones, each with its tracking number.
  await page.goto('/app/shipped/orders');
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText('Status: Shipped');
  await expect.poll(() => listCount(page)).toBeGreaterThan(0);
  const shipped = await grid.getByRole('row').allTextContents();
  for (const row of shipped.slice(1)) {
    expect(row).toContain('Shipped');
    expect(row).toMatch(/1Z\d{12}/);
  }

  // The patient's name opens the chart's Sub Orders, where the order's status is moved.
  const link = grid.getByRole('link').first();
  const name = ((await link.textContent()) ?? '').trim();
  await link.click();
  await expect(page).toHaveURL(/\/app\/patient-chart\/sub-orders\/\d+$/);
  await expect(page.getByText('Shipped').first()).toBeVisible();
  expect(name).not.toBe('');
  if (process.env.SHOTS) await page.screenshot({ path: '/tmp/sweep/care-orders-chart.png' });
});
