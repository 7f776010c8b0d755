import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { bhiBillingList, pcmBillingList, rpmBillingList } from '@rpm/shared';
import { expectAccessible } from './accessibility.js';
import { listCount } from './list-helpers.js';
import { signInThroughForm } from './sign-in-helpers.js';

/**
 * A biller on the 1st of the month (the page's clock; the server keeps its own, and closes the same last whole
 * month): the dashboard shows the month being closed, 'blocked: No consent on file' opens those patients, CCM Billing
 * exports CSV and PDF with its total, and a claim marked sent moves a patient from ready to sent
 * (decisions.md "Month close", "Program billing reports").
 */

test.use({ viewport: { width: 1920, height: 1080 } });

const now = new Date();
const FIRST = new Date(now.getFullYear(), now.getMonth(), 1, 9, 0);
const CLOSING = new Date(now.getFullYear(), now.getMonth() - 1, 1);
const closingLabel = CLOSING.toLocaleString('en-US', { month: 'long', year: 'numeric' });
const closingMonth = `${CLOSING.getFullYear()}-${String(CLOSING.getMonth() + 1).padStart(2, '0')}`;

const figure = async (page: Page, words: string) =>
  Number(
    (await page.locator('.month-close-figures li').filter({ hasText: words }).textContent())?.split(' ')[0],
  );

test('a biller on the 1st closes last month: blocked patients by reason, CCM Billing exports, a claim sent', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.clock.install({ time: FIRST });
  await signInThroughForm(page, 'role10@demo.test');
  await expect(page).toHaveURL(/\/app\/billing-dashboard$/);

  const heading = page.getByRole('heading', { name: `Closing ${closingLabel}` });
  await expect(heading).toBeVisible();
  const ready = await figure(page, 'ready to bill');
  const blockedAll = await figure(page, 'blocked');
  const sent = await figure(page, 'claims sent');
  expect(ready).toBeGreaterThan(0);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('month-close.png'), fullPage: true });

  // A missing document ('No consent on file' where the seed has one, else the first) opens the patients it blocks.
  const reasons = page.getByRole('link', { name: /patients blocked: / });
  const consent = page.getByRole('link', { name: /patients blocked: No consent on file$/ });
  const reason = (await consent.count()) > 0 ? consent.first() : reasons.first();
  const label = (await reason.getAttribute('aria-label')) ?? '';
  const text = label.replace(/^.* patients blocked: /, '');
  const blocked = Number((await reason.textContent()) ?? '0');
  expect(blocked).toBeGreaterThan(0);
  await reason.click();
  await expect(page).toHaveURL(new RegExp(`month=${closingMonth}.*need=`));
  await expect.poll(() => listCount(page)).toBe(blocked);
  const needs = await page.getByRole('grid').getByRole('gridcell').allTextContents();
  expect(needs.filter((cell) => cell.includes(`${text}: `)).length).toBe(blocked);

  // CCM Billing of the closing month: the screen's total, then the same rows and total in the CSV and the PDF.
  await page.goto(`/app/ccm-billing?month=${closingMonth}`);
  await expect(page.getByRole('region', { name: 'CCM Billing Report' })).toBeVisible();
  const total = (await page.locator('.list-total strong').textContent()) ?? '';
  expect(total).toMatch(/^\$[\d,]+\.\d{2}$/);
  const count = await listCount(page);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('ccm-billing.png'), fullPage: true });
  await page.getByRole('button', { name: 'Print' }).click();
  const options = page.getByRole('dialog', { name: 'Print Options' });
  await options.getByLabel('CSV').check({ force: true });
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    options.getByRole('button', { name: 'Download' }).click(),
  ]);
  const csv = readFileSync((await csvDownload.path()) ?? '', 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('CCM Billing Report');
  expect(lines).toContain(`Total Amount: ${total}`);
  const header = lines.findIndex((line) => line.startsWith('RPM ID,'));
  expect(lines[header]).toContain('99490 CCM first 20 min');
  expect(lines.slice(header + 1).filter((line) => line !== '')).toHaveLength(count);
  await page.getByRole('button', { name: 'Print' }).click();
  await options.getByLabel('PDF').check({ force: true });
  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download'),
    options.getByRole('button', { name: 'Download' }).click(),
  ]);
  const pdf = execFileSync('pdftotext', ['-layout', (await pdfDownload.path()) ?? '', '-']).toString();
  expect(pdf).toContain('CCM Billing Report');
  expect(pdf).toContain(`Total Amount: ${total}`);

  // The other program reports open on the same month with their total and pass axe (the 40-patient seed may give
  // one biller's organisation no PCM or BHI month; RPM always has rows).
  for (const list of [rpmBillingList, pcmBillingList, bhiBillingList]) {
    await page.goto(`${list.route}?month=${closingMonth}`);
    await expect(page.getByRole('region', { name: list.title })).toBeVisible();
    await expect(page.locator('.list-total strong')).toHaveText(/^\$[\d,]+\.\d{2}$/);
    if (list === rpmBillingList) await expect.poll(() => listCount(page)).toBeGreaterThan(0);
    await expectAccessible(page);
  }

  // A claim marked sent on the billing report moves one patient from ready (or blocked) to sent.
  await page.goto(`/app/billing-report?year=${CLOSING.getFullYear()}&month=${CLOSING.getMonth() + 1}`);
  // Table2 draws only the columns in view: scroll the table to its last columns (Claim Sent, Evidence).
  const scroller = page.locator(
    '.billing-table .bp6-table-quadrant-main .bp6-table-quadrant-scroll-container',
  );
  await scroller.waitFor();
  await scroller.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  const claimed = page.waitForResponse((r) => r.url().includes('/api/rpm/billing/claimRPMReport') && r.ok());
  await page
    .getByRole('button', { name: /^Mark claim sent for / })
    .first()
    .click();
  await claimed;
  await page.goto('/app/billing-dashboard');
  await expect(heading).toBeVisible();
  await expect.poll(() => figure(page, 'claims sent')).toBe(sent + 1);
  expect((await figure(page, 'ready to bill')) + (await figure(page, 'blocked'))).toBe(
    ready + blockedAll - 1,
  );
});
