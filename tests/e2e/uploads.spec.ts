import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { getRegistrationOptions, PATIENT_UPLOAD_COLUMNS, STORAGE_KEYS } from '@rpm/shared';
import { expectAccessible } from './accessibility.js';
import { signIn } from './sign-in-helpers.js';

// Bulk Uploads (000 §2.4; issue 38 §4; decisions.md "CSV uploads"): an administrator uploads 50 patients, 3 of them
// with problems, reads the preview, commits, and downloads the error report; the CSV Utility lists the upload.
test('an administrator uploads a 50-row CSV with 3 bad rows, reads the preview, commits and downloads the report', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'role2@demo.test');
  // The practice and location the rows name, as the registration form offers them to this user.
  const place = await page.evaluate(
    async ([key, path]) => {
      const user = JSON.parse(localStorage.getItem(key as string) ?? '{}');
      const headers = { uid: String(user.user_id), token: user.token };
      const first = await (await fetch(`/api/${path}`, { headers })).json();
      const practice = first.data.practices[0];
      const second = await (await fetch(`/api/${path}?practice_id=${practice.value}`, { headers })).json();
      return { practice: practice.label as string, location: second.data.locations[0].label as string };
    },
    [STORAGE_KEYS.user, getRegistrationOptions.path],
  );
  const stamp = Date.now().toString(36).toUpperCase();
  const bad: Record<number, Record<string, string>> = {
    7: { 'Date of Birth': '13/45/1950' },
    20: { Sex: 'X' },
    33: { 'Diagnosis Codes': '' },
  };
  const rows = Array.from({ length: 50 }, (_, i) => {
    const cells: Record<string, string> = {
      Practice: place.practice,
      Location: place.location,
      MRN: `E2E-${stamp}-${i}`,
      'First Name': 'Upload',
      'Last Name': `Tester${String.fromCharCode(65 + (i % 26))}`,
      'Date of Birth': `03/${String((i % 28) + 1).padStart(2, '0')}/19${50 + (i % 40)}`,
      Sex: i % 2 ? 'M' : 'F',
      'Preferred Language': 'English',
      'Diagnosis Codes': 'I10',
      'RPM Status': 'Consented',
      ...bad[i + 2],
    };
    return PATIENT_UPLOAD_COLUMNS.map((c) => cells[c.header] ?? '');
  });
  const line = (cells: readonly string[]) => cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(',');
  const csv = [PATIENT_UPLOAD_COLUMNS.map((c) => c.header), ...rows].map(line).join('\r\n');

  await page.goto('/app/bulk-uploads');
  await expect(page.getByText(/^Coming soon/)).toHaveCount(0);
  await page
    .getByLabel(/CSV file/)
    .setInputFiles({ name: 'clinic-patients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Preview' }).click();
  const summary = page.getByRole('region', { name: 'Upload clinic-patients.csv' });
  await expect(summary).toBeVisible();
  const counts = summary.getByRole('definition');
  await expect(summary.getByText('All 50 rows')).toBeVisible();
  expect(await counts.allTextContents()).toEqual(['50', '47', '0', '0', '0', '3']);
  // Each bad row names its column, and its cell is marked.
  const table = summary.getByRole('table');
  await expect(table.getByRole('row', { name: /^7 Invalid Date of Birth:/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /^20 Invalid Sex: Write M, F, O or U\./ })).toBeVisible();
  await expect(table.getByRole('row', { name: /^33 Invalid Diagnosis Codes:/ })).toBeVisible();
  await expect(table.locator('.upload-cell-problem')).toHaveCount(3);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Commit' }).click();
  await expect(page.getByRole('status').filter({ hasText: '47 added, 0 updated.' })).toBeVisible();
  expect(await counts.allTextContents()).toEqual(['50', '47', '0', '0', '0', '3', '47', '0']);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download error report' }).click();
  const report = readFileSync(await (await download).path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(report).toHaveLength(4);
  expect(report.slice(1).map((line) => line.split(',')[0])).toEqual(['7', '20', '33']);
  expect(report[2]).toContain('Sex: Write M, F, O or U.');

  await page.goto('/app/csv-utility');
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row').nth(1)).toContainText('clinic-patients.csv');
  await expectAccessible(page);
  await grid.getByRole('link', { name: 'clinic-patients.csv' }).first().click();
  await expect(page).toHaveURL(/\/app\/bulk-uploads\?upload=\d+$/);
  await expect(page.getByRole('region', { name: 'Upload clinic-patients.csv' })).toContainText('Committed');
});
