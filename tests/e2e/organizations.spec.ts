import { expect, type Page, test } from '@playwright/test';
import { signIn } from './sign-in-helpers.js';

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });

test('role 1 creates an organisation (validation first), edits it and opens More Information (000 §2.10, §2.11, §4.7, §5)', async ({
  page,
}) => {
  await signIn(page, 'role1@demo.test');
  await page.goto('/app/organizations');
  await expect(page.getByText('Organization Name', { exact: true }).first()).toBeVisible();
  for (const column of ['Description', 'Practices', 'Locations', 'Created', 'Operations'])
    await expect(page.getByText(column, { exact: true }).first()).toBeVisible();
  // Each row's operations fit their column: 'More Information' is not cut off.
  const cell = page.locator('.org-operations-cell').first();
  const more = cell.getByRole('button', { name: 'More Information' });
  const [button, column] = [await more.boundingBox(), await cell.boundingBox()];
  expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual(
    (column?.x ?? 0) + (column?.width ?? 0),
  );

  await page.getByRole('button', { name: 'Add Organization' }).click();
  const create = dialogNamed(page, 'Add Organization');
  const name = create.getByLabel('Organization Name');
  const description = create.getByLabel('Organization Description');

  // Validation messages first.
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create.getByText('Required')).toHaveCount(2);
  await name.fill('Lakeside & Sons');
  await name.blur();
  await expect(create.getByText('Invalid Name')).toBeVisible();
  await description.fill('Heart care <b>');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create.getByText('Name cannot contain special characters')).toBeVisible();
  await expect(create.getByText('Description cannot contain special characters')).toBeVisible();

  // Language 1 (the default) leaves Translate disabled and no translation shown.
  const language = create.getByLabel('Source Language');
  await expect(language).toHaveValue('1');
  await expect(create.getByRole('button', { name: 'Translate' })).toBeDisabled();
  await expect(create.getByLabel('Translated Value')).toHaveCount(0);

  const orgName = `Lakeside Health ${Date.now()}`;
  await name.fill(`  ${orgName}  `);
  await description.fill('  Cardiology and primary care, Lakeside.  ');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toHaveCount(0);
  await expect(page.getByText('Added Successfully')).toBeVisible();
  // Trimmed on save, and listed.
  await expect(page.getByText(orgName, { exact: true })).toBeVisible();

  // Edit: the new name is trimmed and saved; the table shows it.
  await page.getByRole('button', { name: `Edit ${orgName}` }).click();
  const edit = dialogNamed(page, 'Edit Organization');
  await expect(edit.getByLabel('Organization Name')).toHaveValue(orgName);
  await expect(edit.getByLabel('Organization Description')).toHaveValue(
    'Cardiology and primary care, Lakeside.',
  );
  const renamed = `${orgName} North`;
  await edit.getByLabel('Organization Name').fill(renamed);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByText('Updated Successfully')).toBeVisible();
  await expect(page.getByText(renamed, { exact: true })).toBeVisible();

  // More Information: the record's fields, no Operations, and a close button.
  await page.getByRole('button', { name: `More Information ${renamed}` }).click();
  const info = dialogNamed(page, 'More Information');
  await expect(info.getByRole('row', { name: /Organization Name/ })).toContainText(renamed);
  await expect(info.getByRole('row', { name: /Description/ })).toContainText(
    'Cardiology and primary care, Lakeside.',
  );
  await expect(info.getByRole('row', { name: /Practices/ })).toContainText('0');
  await expect(info.getByText('Operations')).toHaveCount(0);
  await info.getByRole('button', { name: 'Close' }).click();
  await expect(info).toHaveCount(0);
});

test("Translate says 'Please enter text.' and shows the not-configured error dialog (000 §4.7, §5, §8)", async ({
  page,
}) => {
  await signIn(page, 'role1@demo.test');
  await page.goto('/app/organizations');
  await page.getByRole('button', { name: 'Add Organization' }).click();
  const create = dialogNamed(page, 'Add Organization');
  await create.getByLabel('Source Language').selectOption({ label: 'Spanish' });
  const translate = create.getByRole('button', { name: 'Translate' });
  await expect(translate).toBeEnabled();

  await translate.click();
  await expect(create.getByText('Please enter text.')).toBeVisible();

  await create.getByLabel('Organization Description').fill('Cuidado del corazón');
  await translate.click();
  const alert = page.getByRole('alertdialog', { name: 'Alert - 503' });
  await expect(alert).toContainText('no translation provider is configured');
  await alert.getByRole('button', { name: 'Close' }).click();
  await expect(alert).toHaveCount(0);
  // The form is still there, as typed, without a translation.
  await expect(create.getByLabel('Organization Description')).toHaveValue('Cuidado del corazón');
  await expect(create.getByLabel('Translated Value')).toHaveCount(0);
});
