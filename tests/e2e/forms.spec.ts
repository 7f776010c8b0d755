import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { listCount } from './list-helpers.js';
import { signIn } from './sign-in-helpers.js';

// Form (decisions.md "Form"): no menu of 000 §2.7 lists the route, so the organisation administrator, whose access
// list holds 'form', opens it by its address, builds a form with the field editor and fills it in for a patient.

/** A seeded patient the signed-in user may read, asked of the server as the app calls (000 §7 uid/token). */
async function findPatientId(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { user_id: number; token: string };
    const headers = { uid: String(user.user_id), token: user.token };
    for (let id = 1; id < 500; id++) {
      const res = await fetch(`/api/rpm/users/getDetailsByUserID?userid=${id}&roleid=7`, { headers });
      if (res.ok) return id;
    }
    throw new Error('no patient in scope');
  });
}

test('an organisation administrator builds a form and fills it in for a patient', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'role2@demo.test');
  const patientId = await findPatientId(page);
  await page.goto('/app/form');
  await expect(page.getByText(/^Coming soon/)).toHaveCount(0);
  const grid = page.getByRole('grid');
  await expect.poll(() => listCount(page)).toBe(3);
  await expect(grid.getByRole('row').filter({ hasText: 'Paper intake (retired)' })).toContainText('Inactive');
  await expectAccessible(page);

  // The field editor: three fields, one reordered and one removed; a choice with one option is refused.
  await page.getByRole('button', { name: 'Add Form' }).click();
  const editor = page.getByRole('dialog', { name: 'Add Form' });
  await editor.getByLabel('Title*').fill('Sleep intake');
  await editor.getByLabel('Field 1 label').fill('Age');
  await editor.getByLabel('Field 1 kind').selectOption('Number');
  await editor.getByRole('checkbox', { name: 'Age required' }).check({ force: true });
  for (const [n, label, kind] of [
    [2, 'Snores', 'Yes / No'],
    [3, 'Scratch', 'Text'],
    [4, 'Sleepiness', 'Choice'],
  ] as const) {
    await editor.getByRole('button', { name: 'Add field' }).click();
    await editor.getByLabel(`Field ${n} label`).fill(label);
    await editor.getByLabel(`Field ${n} kind`).selectOption(kind);
  }
  await editor.getByLabel('Field 4 options, separated by commas').fill('Low');
  await editor.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(editor.getByText('A choice needs at least 2 options.')).toBeVisible();
  await editor.getByLabel('Field 4 options, separated by commas').fill('Low, High');
  await editor.getByRole('checkbox', { name: 'Sleepiness required' }).check({ force: true });
  await editor.getByRole('button', { name: 'Remove Scratch' }).click();
  await editor.getByRole('button', { name: 'Move Sleepiness up' }).click();
  await expect(editor.getByLabel('Field 2 label')).toHaveValue('Sleepiness');
  await expect(editor.getByLabel('Field 3 key')).toHaveValue('snores');
  await expectAccessible(page);
  await editor.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(editor).toHaveCount(0);
  const row = grid.getByRole('row').filter({ hasText: 'Sleep intake' });
  await expect(row).toContainText('Active');
  await expect.poll(() => listCount(page)).toBe(4);

  // Fill in: the patient found by RPM ID, the answers checked on the form, then the submission listed.
  await row.getByRole('button', { name: 'Fill in Sleep intake' }).click();
  const fill = page.getByRole('dialog', { name: 'Fill in Sleep intake' });
  await fill.getByLabel('Find patient').fill(String(patientId));
  const patient = fill.getByLabel('Patient*');
  await expect(patient.locator('option')).toHaveCount(2);
  await patient.selectOption({ index: 1 });
  const form = fill.getByRole('form', { name: 'Sleep intake' });
  await expect(fill.getByText('No submissions yet for this patient.')).toBeVisible();
  await form.getByLabel('Age*').fill('many');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Enter a number')).toBeVisible();
  // Sleepiness is required; Snores, left blank, is not.
  await expect(form.getByText('Required')).toHaveCount(1);
  await expectAccessible(page);
  await form.getByLabel('Age*').fill('67');
  await form.getByLabel('Sleepiness*').selectOption('High');
  await form.getByRole('radio', { name: 'Yes' }).check({ force: true });
  await form.getByRole('button', { name: 'Submit' }).click();
  // The form's toast may still show beside the submission's; the submission is proven by the table below.
  await expect(page.getByText('Added Successfully').last()).toBeVisible();
  const earlier = fill.getByRole('table', { name: /^Submitted / });
  await expect(earlier.getByRole('row')).toHaveText(['Age67', 'SleepinessHigh', 'SnoresYes']);
  await expect(earlier).toContainText('Marcus Bennett');
  await page.keyboard.press('Escape');
  await expect(row.getByRole('gridcell').nth(4)).toHaveText('1');
});
