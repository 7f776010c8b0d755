import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { listCount } from './list-helpers.js';
import { signIn } from './sign-in-helpers.js';

// The sales representative's screens (000 §2.4, §6.1; decisions.md "Leads"): the Sales Rep Dashboard as the start
// page, its pipeline leading to the Leads list, and a lead added and moved on through the list's form.
test('a sales rep starts on the pipeline, follows a stage to its leads, adds a lead and moves it to Demo', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'role14@demo.test');
  await expect(page).toHaveURL(/\/app\/sales-dashboard$/);
  const dashboard = page.getByRole('region', { name: 'Sales Rep Dashboard' });
  await expect(dashboard.getByRole('heading', { name: 'Pipeline' })).toBeVisible();
  await expect(page.getByText(/^Coming soon/)).toHaveCount(0);
  await expect(dashboard.getByRole('heading', { name: 'Next follow-ups' })).toBeVisible();
  await expect(dashboard.getByText(/\(overdue\)$/).first()).toBeVisible();
  await expectAccessible(page);

  // The Proposal bar's link opens the leads at that stage.
  await dashboard.getByRole('link', { name: /^Proposal \d+$/ }).click();
  await expect(page).toHaveURL(/\/app\/leads\?lead_stage=Proposal$/);
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText('Stage: Proposal');
  const grid = page.getByRole('grid');
  await expect.poll(() => listCount(page)).toBeGreaterThan(0);
  for (const row of (await grid.getByRole('row').allTextContents()).slice(1))
    expect(row).toContain('Proposal');
  await expectAccessible(page);

  // A new lead through the form, then moved on to Demo.
  await page.goto('/app/leads');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add Leads' });
  await add.getByLabel('Organization').selectOption({ index: 1 });
  await add.getByLabel('Practice').fill('Quarry Hill Cardiology');
  await add.getByLabel('Contact').fill('Iris Novak');
  await add.getByLabel('Phone').fill('(555) 014-7788');
  await add.getByLabel('Email').fill('not an email');
  await add.getByLabel('Stage').selectOption('New');
  await add.getByLabel('Next Follow-up').fill('2026-12-15');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Invalid email')).toBeVisible();
  await add.getByLabel('Email').fill('iris@quarryhill.example.com');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toHaveCount(0);
  await page.getByRole('searchbox').fill('Quarry Hill');
  await page.getByRole('searchbox').press('Enter');
  const row = grid.getByRole('row').filter({ hasText: 'Quarry Hill Cardiology' });
  await expect(row).toContainText('New');
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Leads' });
  await edit.getByLabel('Stage').selectOption('Demo');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText('Demo');
});
