import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { listCount } from './list-helpers.js';
import { signIn } from './sign-in-helpers.js';

// Patient Transfer (000 §2.4 'Care Coord Mapping', §2.7 Utilities; decisions.md "Patient Transfer"): the patients in
// scope with their care coordinator; chosen rows are handed to another coordinator.
test('a care coordinator opens Patient Transfer, chooses two patients and hands them to a colleague', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'role9@demo.test');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Utilities', exact: true }).click();
  await menu.getByRole('link', { name: 'Patient Transfer', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/patient-transfer$/);
  await expect(page.getByRole('region', { name: 'Patient Transfer' })).toBeVisible();
  await expect(page.getByText(/^Coming soon/)).toHaveCount(0);
  await expect.poll(() => listCount(page)).toBeGreaterThan(2);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('columnheader', { name: 'Care Coordinator' })).toBeVisible();
  await expectAccessible(page);

  // Nothing chosen, nothing to transfer.
  const transfer = page.getByRole('button', { name: 'Transfer', exact: true });
  await expect(transfer).toBeDisabled();
  // Blueprint draws its own box over the native input: check the input itself.
  const rowBoxes = grid.getByRole('checkbox', { name: /^Select (?!all rows)/ });
  await rowBoxes.nth(0).check({ force: true });
  await rowBoxes.nth(1).check({ force: true });
  const firstRow = async () => (await grid.getByRole('row').nth(1).textContent()) ?? '';
  const before = await firstRow();
  await transfer.click();

  // The dialog offers the coordinators who may see both patients; one who is not the first patient's takes them.
  const dialog = page.getByRole('dialog', { name: 'Transfer Patients' });
  const choice = dialog.getByLabel('Transfer 2 patients to*');
  await expect(choice.locator('option')).not.toHaveCount(1);
  await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(dialog.getByText('Required')).toBeVisible();
  const names = (await choice.locator('option').allTextContents()).slice(1);
  const to = names.find((name) => !before.includes(name));
  if (!to) throw new Error(`no other coordinator offered: ${names.join(' | ')}`);
  await choice.selectOption({ label: to });
  await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(new RegExp(`^[12] patients? transferred to ${to}$`))).toBeVisible();

  // The list reloads in the same order: both rows now name their new coordinator, and the choice is cleared.
  await expect(grid.getByRole('row').nth(1)).toContainText(to);
  await expect(grid.getByRole('row').nth(2)).toContainText(to);
  await expect(transfer).toBeDisabled();
});
