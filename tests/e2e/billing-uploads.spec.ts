import { expect, test } from '@playwright/test';
import { CLAIM_TEXT } from '@rpm/shared';
import { expectAccessible } from './accessibility.js';
import { signIn } from './sign-in-helpers.js';

// Billing Uploads (000 §2.4; decisions.md "Billing Uploads", "Denials worklist"): the demo biller uploads a payer's
// claim-status file (tests/e2e/fixtures/claim-status.csv: a paid line, a denial, another organisation's patient and
// a bad status), reads the preview, commits, finds the denial on the Denials Worklist and resubmits it.
const FIXTURE = new URL('./fixtures/claim-status.csv', import.meta.url).pathname;

test('a biller uploads a claim-status file, commits it, and resubmits its denial from the worklist', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'role10@demo.test');
  await page.goto('/app/billing-uploads');
  await expect(page.getByText(/^Coming soon/)).toHaveCount(0);
  await expect(
    page.getByText('claim,patient_mrn,code,date_of_service,status,amount,denial_reason'),
  ).toBeVisible();
  // The seeded denials of the biller's organisation are on the worklist before any upload.
  const worklist = page.getByRole('region', { name: 'Denials Worklist' });
  await expect(worklist.getByRole('grid').getByRole('row').nth(1)).toBeVisible();

  await page.getByLabel(/CSV file/).setInputFiles(FIXTURE);
  await page.getByRole('button', { name: 'Preview' }).click();
  const summary = page.getByRole('region', { name: 'Upload claim-status.csv' });
  await expect(summary.getByText('All 4 rows')).toBeVisible();
  expect(await summary.getByRole('definition').allTextContents()).toEqual(['4', '2', '0', '0', '0', '2']);
  const table = summary.getByRole('table');
  await expect(
    table.getByRole('row', {
      name: `4 Invalid patient_mrn: ${CLAIM_TEXT.noPatient('M100001')}`,
      exact: false,
    }),
  ).toBeVisible();
  await expect(
    table.getByRole('row', { name: `5 Invalid status: ${CLAIM_TEXT.status}`, exact: false }),
  ).toBeVisible();
  await expect(table.locator('.upload-cell-problem')).toHaveCount(2);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Commit' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 added, 0 updated.' })).toBeVisible();

  // The denial is on the worklist, found by its claim number; the paid line is not.
  const search = worklist.getByPlaceholder('Search patient, MRN or claim');
  await search.fill('E2E-CLM');
  await search.press('Enter');
  const rows = worklist.getByRole('grid').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('E2E-CLM-2');
  await expect(rows.nth(1)).toContainText('CO-4 The procedure code is inconsistent with the modifier used');
  await expect(rows.nth(1)).toContainText('$51.77');
  await expectAccessible(page);
  await page.screenshot({ path: '../.tmp/billing-uploads.png', fullPage: true });

  await worklist.getByRole('button', { name: 'Resubmit claim E2E-CLM-2 99457' }).click();
  await expect(page.getByText(CLAIM_TEXT.resubmitted)).toBeVisible();
  await expect(worklist.getByText('E2E-CLM-2')).toHaveCount(0);
});
