import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from './sign-in-helpers.js';

test.use({ viewport: { width: 1920, height: 1080 } });

test("a biller downloads a patient-month's billing evidence PDF from last month's report (decisions.md 'Billing evidence bundle')", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'role10@demo.test');
  await expect(page).toHaveURL(/\/app\/billing-dashboard$/);
  // Last month: in a month's first days the current one has hardly any billing yet.
  const now = new Date();
  const last = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const loaded = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/rpm/billing/getBillingDetails' && r.ok(),
  );
  await page.goto(`/app/billing-report?year=${last.getFullYear()}&month=${last.getMonth() + 1}`);
  const { data } = await (await loaded).json();
  const row = data[0] as { patient_id: number; patient_name: string };
  // Table2 draws only the columns in view: scroll the table to its last columns (Claim Sent, Evidence).
  await page
    .locator('.billing-table .bp6-table-quadrant-main .bp6-table-quadrant-scroll-container')
    .evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
  // Table2 draws a row in more than one quadrant: the first copy takes the click.
  const button = page
    .getByRole('button', { name: `Download billing evidence for ${row.patient_name.toUpperCase()}` })
    .first();
  await expect(button).toBeVisible();

  const download = page.waitForEvent('download');
  const answer = page.waitForResponse((r) => r.url().includes('/api/rpm/billing/evidenceBundle'));
  await button.click();
  const response = await answer;
  expect(response.headers()['content-type']).toBe('application/pdf');
  const file = await download;
  const month = `${last.getFullYear()}-${String(last.getMonth() + 1).padStart(2, '0')}`;
  expect(file.suggestedFilename()).toBe(`RPM_Billing_Evidence_${row.patient_id}_${month}.pdf`);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  expect(bytes.length).toBeGreaterThan(2000);
});
