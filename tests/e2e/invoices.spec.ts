import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { monthLabel } from '@rpm/shared';
import { expectAccessible } from './accessibility.js';
import { signIn } from './sign-in-helpers.js';

// Invoices (000 §2.4; decisions.md "Invoices"): the demo biller issues last month's invoice for a practice of her
// organisation, finds it on the list and downloads its PDF.
test("a biller issues last month's invoice for a practice, sees it listed and downloads its PDF", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'role10@demo.test');
  await page.goto('/app/invoices');
  await expect(page.getByText(/^Coming soon/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();

  await page.getByRole('button', { name: 'Issue Invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue Invoice' });
  await dialog.getByLabel('Practice*').selectOption({ label: 'Northwind Heart Clinic' });
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
  // The newest month offered is the last one that has ended.
  await expect(dialog.getByLabel('Month*')).toHaveValue(lastMonth);
  await expect(dialog.getByLabel('Month*').locator('option').first()).toHaveText(monthLabel(lastMonth));
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Issue Invoice' }).click();

  const toast = page.getByText(/^Invoice INV-\d{4}-\d{6} issued$/);
  await expect(toast).toBeVisible();
  const number = /INV-\d{4}-\d{6}/.exec((await toast.textContent()) ?? '')?.[0] as string;
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Northwind Heart Clinic');
  await expect(row).toContainText(lastMonth);
  await expect(row).toContainText('Issued');
  await expect(row).toContainText(/\$[\d,]+\.\d\d/);
  await expectAccessible(page);
  await page.screenshot({ path: '../.tmp/invoices.png', fullPage: true });

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${number} as PDF` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${number}.pdf`);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // The same practice and month again: the server names the invoice already issued.
  await page.getByRole('button', { name: 'Issue Invoice' }).click();
  await dialog.getByLabel('Practice*').selectOption({ label: 'Northwind Heart Clinic' });
  await dialog.getByRole('button', { name: 'Issue Invoice' }).click();
  await expect(page.getByText(`Invoice ${number} already exists for this practice and month.`)).toBeVisible();
});
