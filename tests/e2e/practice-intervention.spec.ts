import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { interventionMonthOn, isoDay, monthLabel, TRANSCRIPT_TEXT } from '@rpm/shared';
import { expectAccessible } from './accessibility.js';
import { listCount } from './list-helpers.js';
import { signIn } from './sign-in-helpers.js';

// Issue 42 §1: Practice Intervention and Transcript Queues, two Billing Utility screens, walked by the demo biller
// whose menu holds them (role 10: 'Billing Utility'), axe clean (decisions.md "Practice Intervention",
// "Transcript Queues").

/** Opens a Utilities entry from the menu and waits for the list's rows; answers its count. */
async function openFromMenu(page: Page, entry: string, path: string): Promise<number> {
  await page.setViewportSize({ width: 1280, height: 800 });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // Billing roles have one flat menu (000 §2.7); others open the Utilities group first.
  const group = menu.getByRole('button', { name: 'Utilities', exact: true });
  if ((await group.count()) > 0) await group.click();
  await menu.getByRole('link', { name: entry, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('region', { name: entry })).toBeVisible();
  await expect(page.getByText(/^Coming soon/)).toHaveCount(0);
  return expect
    .poll(() => listCount(page))
    .toBeGreaterThan(0)
    .then(() => listCount(page));
}

/** The grid's data rows' texts. */
const rowTexts = async (page: Page) =>
  (await page.getByRole('grid').getByRole('row').allTextContents()).slice(1);

/** Downloads the list through the print options in `format`; answers the file's path. */
async function download(page: Page, format: 'CSV' | 'PDF'): Promise<string> {
  await page.getByRole('button', { name: 'Print' }).click();
  const options = page.getByRole('dialog', { name: 'Print Options' });
  await options.getByLabel(format).check({ force: true });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    options.getByRole('button', { name: 'Download' }).click(),
  ]);
  return (await file.path()) ?? '';
}

test('the biller reads the month’s interventions, narrows them and exports the evidence', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'role10@demo.test');
  const all = await openFromMenu(page, 'Practice Intervention', '/app/practice-intervention');
  for (const name of ['Date/Time', 'Patient Name', 'Practice', 'Intervention', 'By', 'Note', 'Minutes'])
    await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/app/practice-intervention?kind=alert_response');
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText(
    'Intervention: Alert response',
  );
  await expect.poll(() => listCount(page)).toBeGreaterThan(0);
  expect(await listCount(page)).toBeLessThan(all);
  for (const row of await rowTexts(page)) expect(row).toContain('Alert response');

  // The evidence names its month and practice (all of the biller's here).
  const month = `Month: ${monthLabel(interventionMonthOn(isoDay(new Date())))}`;
  const csv = readFileSync(await download(page, 'CSV'), 'utf8').split('\r\n');
  expect(csv.slice(0, 4)).toEqual([
    'Practice Intervention',
    month,
    'Practice: All practices',
    'Intervention: Alert response',
  ]);
  expect(csv).toContain('Date/Time,Patient Name,Practice,Intervention,By,Note,Minutes');
  const pdf = execFileSync('pdftotext', ['-layout', await download(page, 'PDF'), '-']).toString();
  expect(pdf).toContain('Practice Intervention');
  expect(pdf).toContain(month);
  expect(pdf).toContain('Practice: All practices');

  await page.getByRole('grid').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/patient-chart\/overview\/\d+$/);
});

test('the biller takes a recording from the transcript queue and completes it into the patient’s notes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'role10@demo.test');
  const open = await openFromMenu(page, 'Transcript Queues', '/app/transcript-queues');
  for (const row of await rowTexts(page)) expect(row).toMatch(/Queued|Assigned/);
  await expectAccessible(page);

  const first = page.getByRole('grid').getByRole('row').nth(1);
  const patient = (await first.getByRole('link').first().textContent())?.split(' · ')[0] ?? '';
  expect(patient).not.toBe('');
  await first.getByRole('button', { name: /^Assign the .+ to me$/ }).click();
  await expect(page.getByText(TRANSCRIPT_TEXT.assigned)).toBeVisible();
  await expect(first).toContainText('Assigned');
  await expect(first).toContainText('Linda Morales');

  await first.getByRole('button', { name: /^Complete the / }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Transcript' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Complete' }).click();
  await expect(dialog.getByText('Required')).toBeVisible();
  await expectAccessible(page);
  const text = 'Patient asks whether the new cuff needs batteries; please call back.';
  await dialog.getByLabel('Transcript or summary*').fill(text);
  await dialog.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText(TRANSCRIPT_TEXT.completed)).toBeVisible();
  await expect.poll(() => listCount(page)).toBe(open - 1);

  // The completed one, by the biller; its note is on the patient's chart.
  await page.goto('/app/transcript-queues?status=completed');
  const done = page.getByRole('grid').getByRole('row').nth(1);
  await expect(done).toContainText('Completed');
  await expect(done).toContainText(patient);
  await done.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/patient-chart\/overview\/\d+$/);
  await page.goto(page.url().replace('/overview/', '/notes/'));
  await expect(page.getByText(text)).toBeVisible();
});
