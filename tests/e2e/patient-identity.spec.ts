import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { signIn } from './sign-in-helpers.js';

/** Where screenshots go when SHOTS names a folder (the lists at 1280 px, looked at by a person). */
const SHOTS = process.env.SHOTS;

test('a nurse sees the same-name marker, DOB and MRN in the monitoring worklist, and in a patient list (issue 38 §2)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'role8@demo.test');

  // The worklist sorted by patient name, a page large enough for the demo's open alerts.
  await page.goto('/app/ActiveNotifications/monitor?orderby=patient_name&order=asc&rowsPerPage=100');
  const grid = page.getByRole('grid');
  const marked = grid.getByRole('row').filter({ hasText: 'Same name' });
  await expect(marked.first()).toBeVisible();
  // Every row names its patient with DOB and MRN (the demo gives every patient one).
  const cells = await grid.locator('tbody tr td:nth-child(3)').allTextContents();
  expect(cells.length).toBeGreaterThan(0);
  for (const cell of cells) expect(cell).toMatch(/^[A-Z' -]+, [A-Z' -]+.*DOB \d\d\/\d\d\/\d{4} · MRN M\d+$/);
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/worklist-identity-1280.png` });

  // The namesakes are two patients: one name, two records told apart by their MRNs.
  const name = (await marked.first().getByRole('link').first().textContent()) ?? '';
  await page.goto(`/app/patients?search=${encodeURIComponent(name.replace(',', ''))}`);
  const rows = page.getByRole('grid').getByRole('row').filter({ hasText: name });
  await expect(rows).toHaveCount(2);
  const mrns = new Set<string>();
  for (const row of await rows.all()) {
    await expect(row).toContainText('Same name');
    mrns.add(/MRN (M\d+)/.exec((await row.textContent()) ?? '')?.[1] ?? '');
  }
  expect(mrns.size).toBe(2);
  await expectAccessible(page);
  if (SHOTS) {
    await page.goto('/app/patients');
    await expect(page.getByRole('grid').getByText(/DOB/).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/patients-identity-1280.png` });
  }
});
