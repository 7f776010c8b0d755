import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { SIGN_IN_WAIT, signIn } from './sign-in-helpers.js';

// Onboarding (issue 42 §1; decisions.md "Onboarding"): a practice signs itself up without an account (000 §2.1),
// with its W-9 and agreement; the top administrator, whose menu holds Onboarding (is_onboarding), reviews the
// sign-up from there and approves it, and the practice exists.

const SCRIPT = '<script>window.hacked=1</script>';
/** A valid NPI (the CMS example number). */
const NPI = '1234567893';

test('an anonymous practice signs up with its documents; the administrator reviews and approves it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const practice = `Lantern Bay Clinic ${Date.now() % 100000}`;
  const w9 = Buffer.from(
    `%PDF-1.4\n% w9 ${practice}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

  await page.goto('/app/onboarding');
  await expect(page).toHaveURL(/\/app\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Practice Onboarding' })).toBeVisible();
  await expectAccessible(page, { inFrame: false });

  await page.getByLabel('Practice name*').fill(practice);
  await page.getByLabel('Practice NPI (10 digits)*').fill(NPI);
  await page.getByLabel('Address*').fill(`1 Harbor Road ${SCRIPT}`);
  const form = page.getByRole('form', { name: 'Practice sign-up' });
  await form.getByRole('region', { name: 'Practice' }).getByLabel('Phone*').fill('5550107788');
  const contact = form.getByRole('region', { name: 'Contact' });
  await contact.getByLabel('Name*').fill(`Iris ${SCRIPT}`);
  await contact.getByLabel('Email*').fill('iris@lanternbay.example.com');
  await contact.getByLabel('Phone*').fill('5550107799');
  const provider = form.getByRole('group', { name: 'Provider 1' });
  await provider.getByLabel('Name*').fill('Dr. Ada Moss');
  await provider.getByLabel('NPI*').fill(NPI);
  await provider.getByLabel('Credential (e.g. MD, NP)*').fill('MD');
  await form.getByLabel('RPM').fill('35');
  await form.getByLabel('CCM').fill('12');
  await form.getByLabel('W-9').setInputFiles({ name: 'w9.pdf', mimeType: 'application/pdf', buffer: w9 });
  await form
    .getByLabel('Signed agreement')
    .setInputFiles({ name: 'agreement.pdf', mimeType: 'application/pdf', buffer: w9 });
  await form.getByRole('region', { name: 'Signature' }).getByLabel('Full name*').fill('Iris Novak');
  await form.getByText('I agree to the service agreement').click();
  await form.getByRole('button', { name: 'Submit' }).click();

  const done = page.getByRole('status').filter({ hasText: 'Your reference number is' });
  await expect(done).toBeVisible(SIGN_IN_WAIT);
  const reference = (await done.locator('strong').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^OB-[A-Z0-9]{8}$/);
  await expectAccessible(page, { inFrame: false });

  // The administrator's menu holds Onboarding; from there, the review list.
  await signIn(page, 'role1@demo.test');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Onboarding' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding$/);
  await expect(page.getByRole('region', { name: 'Your onboarding' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Review practice sign-ups' }).click();
  await expect(page).toHaveURL(/\/app\/practice-sign-ups$/);
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Submitted');
  await expectAccessible(page);
  await row.getByRole('link', { name: reference }).click();

  // The view shows what was typed as text, and the document as it was sent.
  await expect(page.getByRole('heading', { name: `${practice} · ${reference}` })).toBeVisible();
  await expect(page.getByText(`1 Harbor Road ${SCRIPT}`)).toBeVisible();
  await expect(page.getByText(`Iris ${SCRIPT}`)).toBeVisible();
  expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download W-9' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('w9.pdf');
  expect(Buffer.compare(await readFile(await file.path()), w9)).toBe(0);

  await page.getByRole('button', { name: 'Start review' }).click();
  await expect(page.getByRole('button', { name: 'Start review' })).toHaveCount(0);
  await page.getByLabel('Organization of the new practice').selectOption({ index: 0 });
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('region', { name: 'Decision' })).toContainText('Approved by Avery Collins');
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The practice exists.
  await page.goto(`/app/practices`);
  await page.getByRole('searchbox').fill(practice);
  await page.getByRole('searchbox').press('Enter');
  await expect(page.getByRole('grid').getByRole('row').filter({ hasText: practice })).toBeVisible();
});
