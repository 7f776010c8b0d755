import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { bell, findCuff, sendReading } from './device-helpers.js';
import { listCount, pagerText } from './list-helpers.js';
import { signIn } from './sign-in-helpers.js';

test('a nurse starts on the dashboard, follows a figure to the filtered patient list, sorts, pages, filters, reloads, exports and opens a patient (issue 10)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'role8@demo.test');

  // 000 §6.1: the dashboard is the nurse's start page, with figures rather than an organisation card.
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const dashboard = page.getByRole('region', { name: 'Dashboard' });
  await expect(dashboard.getByText('Open alerts')).toBeVisible();
  await expect(dashboard.getByRole('link', { name: /Critical alerts/ })).toBeVisible();
  await expectAccessible(page);

  // A figure opens the list it counts, filtered.
  await dashboard.getByRole('link', { name: /^Under 20 min/ }).click();
  await expect(page).toHaveURL(/\/app\/patients\?.*minutes=under20/);
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText(
    'RPM Minutes: Under 20 min',
  );
  await expect(page.getByRole('grid')).toBeVisible();

  // The whole list: paging on the server, 10 rows by default (000 §9).
  await page.goto('/app/patients');
  const count = await expect
    .poll(() => listCount(page), { timeout: 10_000 })
    .toBeGreaterThan(10)
    .then(() => listCount(page));
  await expect(pagerText(page)).toContainText(`1–10 of ${count}`);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(pagerText(page)).toContainText(`11–${Math.min(20, count)} of ${count}`);
  await expect(page).toHaveURL(/page=1/);

  // Sorting by DOB is announced with aria-sort and starts again at the first page.
  await page.getByRole('columnheader', { name: 'DOB' }).getByRole('button').click();
  await expect(page.getByRole('columnheader', { name: /DOB/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/orderby=dob/);

  // The filter drawer (001 §2.4): 375 px wide; a filter becomes a chip.
  await page.getByRole('button', { name: 'Filters' }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  expect(Math.round((await page.locator('.bp6-drawer').boundingBox())?.width ?? 0)).toBe(375);
  await drawer.getByRole('group', { name: 'RPM Status' }).getByLabel('Active').check({ force: true });
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText('RPM Status: Active');
  await expect(page).toHaveURL(/rpm_status=\d+/);
  const statuses = await page.getByRole('grid').getByRole('row').allTextContents();
  for (const row of statuses.slice(1)) expect(row).toContain('Active');
  const filtered = await listCount(page);
  expect(filtered).toBeLessThan(count);

  // The state lives in the URL: a reload keeps sort and filter.
  await page.reload();
  await expect(page.getByRole('columnheader', { name: /DOB/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('list', { name: 'Applied filters' })).toContainText('RPM Status: Active');
  await expect.poll(() => listCount(page)).toBe(filtered);

  // Removing the chip sets that filter back to all.
  await page.getByRole('button', { name: 'Remove filter RPM Status' }).click();
  await expect.poll(() => listCount(page)).toBe(count);
  await expectAccessible(page);

  // Print options (001 §2.4): the whole filtered list as CSV and as PDF.
  await page.getByRole('button', { name: 'Print' }).click();
  const options = page.getByRole('dialog', { name: 'Print Options' });
  await options.getByLabel('CSV').check({ force: true });
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    options.getByRole('button', { name: 'Download' }).click(),
  ]);
  const csv = readFileSync((await csvDownload.path()) ?? '', 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('Patients');
  expect(csv).toMatch(/\r\nBy: /);
  const header = lines.findIndex((line) => line.startsWith('RPM ID,'));
  expect(lines[header]).toBe(
    'RPM ID,Patient Name,DOB,Practice,RPM Status,CCM Status,Devices,Reading Days,RPM Minutes,Last Reading,Open Alerts,Compliance',
  );
  expect(lines.slice(header + 1).filter((line) => line !== '')).toHaveLength(count);

  await page.getByRole('button', { name: 'Print' }).click();
  await options.getByLabel('PDF').check({ force: true });
  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download'),
    options.getByRole('button', { name: 'Download' }).click(),
  ]);
  const text = execFileSync('pdftotext', ['-layout', (await pdfDownload.path()) ?? '', '-']).toString();
  expect(text).toContain('Patients');
  expect(text).toMatch(/RPM ID\s+Patient Name/);
  expect(text).toMatch(/Page 1 of \d+/);

  // A name opens the patient's chart (001 §2.1 links names there).
  const first = page.getByRole('grid').getByRole('link').first();
  const name = (await first.textContent()) ?? '';
  expect(name).toBe(name.toUpperCase());
  await first.click();
  await expect(page).toHaveURL(/\/app\/patient-chart\/overview\/\d+$/);
});

test('an alert from the reading intake reaches an open worklist without a reload; the bell opens the worklist at that patient; acknowledging clears it (issue 10; 000 §2.8)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'role8@demo.test');
  const { patientId, imei } = await findCuff(page);

  // The worklist filtered to the patient, open before the reading arrives.
  await page.goto(`/app/ActiveNotifications/monitor/${patientId}`);
  await expect(page.getByRole('grid')).toBeVisible();
  await expectAccessible(page);
  const before = await listCount(page);
  await sendReading(page, imei, { systolic: 231, diastolic: 133, pulse: 127 }, 1);
  await expect.poll(() => listCount(page), { timeout: 10_000 }).toBeGreaterThan(before);

  // The bell's notification opens the monitor at the patient and then the chart; Back returns to the monitor.
  await bell(page).click();
  await page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('button')
    .filter({ hasText: /systolic/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/patient-chart\/overview\/\d+$/);
  const chartPatient = Number(/(\d+)$/.exec(page.url())?.[1]);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/app/ActiveNotifications/monitor/${chartPatient}$`));
  await expect(page.getByRole('grid')).toBeVisible();
  await expect.poll(() => listCount(page)).toBeGreaterThan(0);

  // Acknowledge every open alert of the patient with a note: the open list empties.
  for (let round = 0; round < 10 && (await listCount(page)) > 0; round++) {
    // Blueprint draws its own box over the native input: check the input itself.
    await page.getByRole('checkbox', { name: 'Select all rows of this page' }).check({ force: true });
    await page.getByRole('button', { name: 'Acknowledge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Acknowledge' });
    await dialog.getByLabel('Note*').fill('Called the patient; repeat reading normal.');
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(dialog).toHaveCount(0);
  }
  await expect(page.getByText('No Records Found')).toBeVisible();
});

test('My Tasks: completing a task removes it from the open list and the menu badge follows (issue 10; 000 §2.7)', async ({
  page,
}) => {
  await signIn(page, 'role8@demo.test');
  await page.goto('/app/myTasks');
  await expect(page.getByRole('grid')).toBeVisible();
  await expectAccessible(page);
  // The badge counts the user's incomplete tasks: the open and in-progress ones My Tasks shows by default.
  const badge = page.locator('.menu-task-badge').first();
  await expect.poll(() => listCount(page)).toBeGreaterThan(10);
  const count = await listCount(page);
  await expect(badge).toHaveText(count > 99 ? '99+' : String(count));
  await page
    .getByRole('button', { name: /^Complete / })
    .first()
    .click();
  await expect.poll(() => listCount(page)).toBe(count - 1);
  await expect(badge).toHaveText(count - 1 > 99 ? '99+' : String(count - 1));
});

test('a list wider than the page scrolls in its own box, and End brings the last cell into view (issue 10 keyboard)', async ({
  page,
}) => {
  // The Dental Dashboard's list is wider than a 1280 px window with the menu open.
  await signIn(page, 'role18@demo.test');
  await expect(page).toHaveURL(/\/app\/dentalDashboard$/);
  const grid = page.getByRole('grid');
  const firstCell = grid.locator('[data-cell="1:0"]');
  await firstCell.waitFor();
  const scroller = page.locator('.list-table-scroll');
  expect(await scroller.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

  await firstCell.focus();
  await page.keyboard.press('End');
  const lastCol = Number(await grid.getAttribute('aria-colcount')) - 1;
  const lastCell = grid.locator(`[data-cell="1:${lastCol}"]`);
  await expect(lastCell).toBeFocused();
  const [cell, box] = [await lastCell.boundingBox(), await scroller.boundingBox()];
  expect((cell?.x ?? 0) + (cell?.width ?? 0)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0) + 1);
});
