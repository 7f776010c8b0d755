import { generateKeyPairSync } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { signIn } from './sign-in-helpers.js';

// FHIR Clients (issue 43 §2; decisions.md "SMART backend services"): an organisation administrator registers a
// SMART backend-services client with its public key and revokes it.

test('an organisation administrator registers a FHIR client with its public key, then revokes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'role2@demo.test');
  await page.goto('/app/organizations');
  await page.getByRole('link', { name: 'FHIR Clients' }).click();
  await expect(page).toHaveURL(/\/app\/fhir-clients/);
  await expect(page.getByRole('table', { name: 'Registered FHIR clients' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Register client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register FHIR client' });
  await dialog.getByLabel('Name').fill('Northwind EHR');
  // A private key is refused: only public keys are registered.
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
  await dialog
    .getByLabel('Public keys (JWK Set)')
    .fill(JSON.stringify({ keys: [privateKey.export({ format: 'jwk' })] }));
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(/private key was given/)).toBeVisible();
  await page.getByRole('alertdialog', { name: 'Alert - 400' }).getByRole('button', { name: 'Close' }).click();
  await dialog
    .getByLabel('Public keys (JWK Set)')
    .fill(JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), alg: 'ES384', kid: 'ehr-1' }] }));
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByText('Client registered')).toBeVisible();
  const clientId = (await dialog.locator('code').textContent()) ?? '';
  expect(clientId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  await page.screenshot({ path: test.info().outputPath('fhir-client-registered.png') });
  await dialog.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row').filter({ hasText: clientId });
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  await page.screenshot({ path: test.info().outputPath('fhir-clients.png'), fullPage: true });
});
