import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { signIn } from './sign-in-helpers.js';

// Registration (issue 38 §1; decisions.md "Patient registration"): the front desk adds a patient from the patients
// list, meets the duplicate check on a second record of one name and birth date, and the new chart opens.

const stamp = Date.now().toString(36).toUpperCase();
/** A save and the page it opens may take a while on a busy machine. */
const SLOW = { timeout: 20_000 };

/** Fills the registration form for a person; the practice and location are the first offered. */
async function fillForm(page: Page, mrn: string) {
  const practice = page.getByLabel('Practice *');
  await expect(practice.locator('option')).not.toHaveCount(1);
  await practice.selectOption({ index: 1 });
  const location = page.getByLabel('Location *');
  await expect(location.locator('option')).not.toHaveCount(1);
  await location.selectOption({ index: 1 });
  await page.getByLabel('First Name *').fill('Ana-Lucía');
  await page.getByLabel('Last Name *').fill(`D'Souza${stamp.replace(/\d/g, '')}`);
  await page.getByLabel('Date of Birth *').fill('1952-03-14');
  await page.getByLabel('Mobile').fill('4045550177');
  await page.getByLabel('MRN *').fill(mrn);
  await page.getByLabel('Diagnosis Codes (ICD-10-CM) *').fill('I10, E11.9');
}

test('the front desk registers a patient, meets the duplicate check, and the chart opens', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'role15@demo.test');
  await page.goto('/app/patients');
  await page.getByRole('button', { name: 'Add Patient' }).click();
  await expect(page).toHaveURL(/\/app\/patient-chart\/overview\/new$/);
  await expect(page.getByRole('heading', { name: 'New Patient' })).toBeVisible();

  // A bad field is named under it and nothing is sent.
  await page.getByRole('button', { name: 'Register Patient' }).click();
  await expect(page.getByText('Correct the fields marked below.')).toBeVisible();
  await expect(page.getByText('Enter at least one diagnosis code')).toBeVisible();
  await expectAccessible(page);

  await fillForm(page, `E2E-${stamp}-1`);
  await page.getByRole('button', { name: 'Register Patient' }).click();
  await expect(page).toHaveURL(/\/app\/patient-chart\/overview\/\d+$/, SLOW);
  const first = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.locator('.chart-patient-name')).toContainText('Ana-Lucía');
  await expect(page.getByTestId('chart-dob')).toHaveText('03/14/1952');

  // The same last name and birth date again: the first record is offered before a second is made.
  await page.goto('/app/patients');
  await page.getByRole('button', { name: 'Add Patient' }).click();
  await fillForm(page, `E2E-${stamp}-2`);
  await page.getByRole('button', { name: 'Register Patient' }).click();
  const dialog = page.getByRole('dialog', { name: 'Possible duplicate' });
  await expect(dialog).toBeVisible(SLOW);
  await expect(dialog).toContainText(`MRN E2E-${stamp}-1`);
  await expect(dialog).toContainText('DOB 03/14/1952');
  await expect(dialog).toContainText('Same last name and date of birth, Same mobile');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Register as a new patient' }).click();
  await expect(page).toHaveURL(/\/app\/patient-chart\/overview\/\d+$/, SLOW);
  expect(Number(new URL(page.url()).pathname.split('/').pop())).not.toBe(first);
});

test('a coordinator edits demographics and a stale save shows what the other save changed', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'role2@demo.test');
  await page.goto('/app/patients');
  await page.getByRole('grid').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/patient-chart\/overview\/\d+$/, SLOW);
  const id = new URL(page.url()).pathname.split('/').pop();
  await page.goto(`/app/patient-chart/demographics/${id}`);
  await page.getByRole('button', { name: 'Edit Demographics' }).click();
  await page.getByLabel('City').fill('Decatur');

  // Someone else saves the same patient meanwhile (another tab of another session).
  const other = await (await browser.newContext()).newPage();
  await signIn(other, 'role1@demo.test');
  await other.goto(`/app/patient-chart/demographics/${id}`);
  await other.getByRole('button', { name: 'Edit Demographics' }).click();
  await other.getByLabel('ZIP Code').fill('30030');
  await other.getByRole('button', { name: 'Save' }).click();
  await expect(other.getByText('Updated Successfully')).toBeVisible(SLOW);

  await page.getByRole('button', { name: 'Save' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Someone saved this patient' });
  await expect(notice).toContainText('ZIP Code: now ‘30030’', SLOW);
  await expect(page.getByLabel('City')).toHaveValue('Decatur');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated Successfully')).toBeVisible(SLOW);
  await expect(page.locator('.chart-demographics')).toContainText('Decatur');
  await expect(page.locator('.chart-demographics')).toContainText('30030');
});
