import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { listCount } from './list-helpers.js';
import { signIn } from './sign-in-helpers.js';

// Billing Utility (000 §2.4; decisions.md "Billing Utility"): the landing page of the routes its access-list entry
// unlocks, each with what it is for, a link and its count of rows needing attention, which the linked list shows.
test('the biller reads the utilities and their counts, and a count is what its linked list shows', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'role10@demo.test');
  await page.goto('/app/billing-utility');
  const region = page.getByRole('region', { name: 'Billing Utility' });
  const cards = region.getByRole('listitem');
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText([
    'Patient Consent',
    'Reading Report',
    'Practice Intervention',
    'Organization Groups',
    'Incoming Messages',
    'Transcript Queues',
    'Sleep Return Devices',
    'Latest Assigned Devices',
    'SS Resource',
  ]);
  await expect(cards.filter({ hasText: 'Coming soon' })).toHaveCount(0);
  await expect(region.locator('.billing-utility-count')).toHaveCount(9);

  const card = cards.filter({ has: page.getByRole('heading', { name: 'Patient Consent' }) });
  const count = Number(await card.locator('.billing-utility-count strong').textContent());
  await expect(card.locator('.billing-utility-count')).toHaveText(`${count} authorizations expired`);
  expect(count).toBeGreaterThan(0);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('billing-utility.png'), fullPage: true });

  await card.getByRole('link', { name: 'Patient Consent' }).click();
  await expect(page).toHaveURL(/\/app\/patient-consent\?authorization=expired$/);
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText(
    'Authorization Status: Expired',
  );
  await expect.poll(() => listCount(page)).toBe(count);
});
