import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { listCount } from './list-helpers.js';
import { signIn } from './sign-in-helpers.js';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

// The Sales Practice Dashboard (decisions.md "Sales Practice Dashboard"): the rep's brought-in practices, by the
// sales rep whose menu holds it.
test('a sales rep opens the Sales Practice Dashboard from the menu: practices, programs, revenue and trends', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'role14@demo.test');
  await page.getByRole('link', { name: 'Sales Practice Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/app\/sales-practice-dashboard$/);
  const dashboard = page.getByRole('region', { name: 'Sales Practice Dashboard' });
  await expect(dashboard.getByRole('heading', { name: 'Practices' })).toBeVisible();
  await expect(page.getByText(/^Coming soon/)).toHaveCount(0);
  const table = dashboard.getByRole('table', { name: /^Enrolled patients by program and billable revenue/ });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Practice',
    'Organization',
    'RPM',
    'CCM',
    'BHI',
    'PCM',
    'RTM',
    'Enrolled',
    'Revenue',
  ]);
  await expect(table.getByRole('row')).not.toHaveCount(1);
  // Each trend is one image whose name reads all six months.
  for (const name of [/^Patients on a program billing report per month/, /^Billable revenue per month/]) {
    const chart = dashboard.getByRole('img', { name });
    await expect(chart).toBeVisible();
    expect(((await chart.getAttribute('aria-label')) ?? '').split(', ').length).toBeGreaterThanOrEqual(6);
  }
  await expectAccessible(page);
});

// SS Resource (decisions.md "SS Resource"), by a biller whose menu holds it (the Billing Utility's entry).
test('a biller adds a link and a PDF to the sleep-study resources, downloads the file and deletes it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'role10@demo.test');
  await page.goto('/app/billing-utility');
  const utility = page.getByRole('region', { name: 'Billing Utility' });
  const card = utility
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'SS Resource' }) });
  await expect(card.locator('.billing-utility-count')).toHaveText(/^\d+ forms$/);
  await card.getByRole('link', { name: 'SS Resource' }).click();
  await expect(page).toHaveURL(/\/app\/ss-resource\?category=Form$/);
  await expect.poll(() => listCount(page)).toBeGreaterThan(0);
  await page.goto('/app/ss-resource');
  const grid = page.getByRole('grid');
  await expect.poll(() => listCount(page)).toBeGreaterThan(0);
  await expectAccessible(page);

  // A link: a bad address is refused on the form, a good one listed with Open.
  await page.getByRole('button', { name: 'Add Resource' }).click();
  const add = page.getByRole('dialog', { name: 'Add Resource' });
  await add.getByLabel('Title*').fill('Sleep hygiene handout');
  await add.getByLabel('Category').selectOption('Patient handout');
  await add.getByRole('radio', { name: 'Link' }).click();
  await add.getByLabel('Web address*').fill('javascript:alert(1)');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add.getByText('Enter a web address starting with http:// or https://')).toBeVisible();
  await expectAccessible(page);
  await add.getByLabel('Web address*').fill('https://sleepeducation.org/healthy-sleep/');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toHaveCount(0);
  const linkRow = grid.getByRole('row').filter({ hasText: 'Sleep hygiene handout' });
  await expect(
    linkRow.getByRole('button', { name: 'Open Sleep hygiene handout in a new tab' }),
  ).toHaveAttribute('href', 'https://sleepeducation.org/healthy-sleep/');

  // A PDF: uploaded, downloaded as sent, deleted by its uploader.
  await page.getByRole('button', { name: 'Add Resource' }).click();
  await add.getByLabel('Title*').fill('Titration protocol');
  await add.getByLabel('Category').selectOption('Protocol');
  await add.getByLabel('File', { exact: true }).setInputFiles({
    name: 'titration.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toHaveCount(0);
  const fileRow = grid.getByRole('row').filter({ hasText: 'Titration protocol' });
  await expect(fileRow).toContainText('titration.pdf');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    fileRow.getByRole('button', { name: 'Download Titration protocol' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('titration.pdf');
  await fileRow.getByRole('button', { name: 'Delete Titration protocol' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(fileRow).toHaveCount(0);
  // The seeded resources are the administrator's: the biller has no Delete on them.
  await expect(grid.getByRole('button', { name: /^Delete / })).toHaveText(['Delete']);
  await expect(linkRow.getByRole('button', { name: 'Delete Sleep hygiene handout' })).toBeVisible();
});
