import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { listCount } from './list-helpers.js';
import { signIn } from './sign-in-helpers.js';

// Patient Consent (000 §2.4 Billing Utility; decisions.md "Patient Consent"): every enrolment order's consent and its
// latest authorisation, filtered by the authorisation's state, a row opening the chart's Orders tab.
test('billing reads the consents on file, narrows to lapsed authorisations and opens a patient’s orders', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'role1@demo.test');
  await page.goto('/app/patient-consent');
  await expect(page.getByRole('region', { name: 'Patient Consent' })).toBeVisible();
  await expect(page.getByText(/^Coming soon/)).toHaveCount(0);
  const all = await expect
    .poll(() => listCount(page))
    .toBeGreaterThan(0)
    .then(() => listCount(page));
  await expectAccessible(page);

  await page.goto('/app/patient-consent?authorization=expired');
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText(
    'Authorization Status: Expired',
  );
  await expect.poll(() => listCount(page)).toBeGreaterThan(0);
  expect(await listCount(page)).toBeLessThan(all);
  const grid = page.getByRole('grid');
  for (const row of (await grid.getByRole('row').allTextContents()).slice(1))
    expect(row).toContain('Expired');

  await grid.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/patient-chart\/enroll-details\/\d+$/);
});
