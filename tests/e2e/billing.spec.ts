import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './sign-in-helpers.js';

// The report has twelve columns; a biller's desktop shows them side by side.
test.use({ viewport: { width: 1920, height: 1080 } });

const DETAILS = '/api/rpm/billing/getBillingDetails';

/** The report's answer for the next getBillingDetails call matching `check`. */
function nextDetails(page: Page, check: (url: URL) => boolean = () => true) {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === DETAILS && response.ok() && check(url);
  });
}

/**
 * The patient names shown, in order: the links of the Patient Name column, read from the frozen left quadrant (Table2
 * draws frozen columns in more than one quadrant; decisions.md "Dense tables").
 */
async function shownNames(page: Page): Promise<string[]> {
  return page
    .locator('.billing-table .bp6-table-quadrant-left a[href^="/app/patient-chart/overview/"]')
    .allTextContents();
}

test('a biller lands on the billing dashboard, opens the report, pages, sorts, marks a claim and downloads the PDF (001 §2.1, §4, §7; 000 §6.1)', async ({
  page,
}) => {
  // One journey through three screens, a claim and a PDF render: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await signIn(page, 'role10@demo.test');

  // 000 §6.1: roles 10 and 11 start at the billing dashboard, with one bar per code.
  await expect(page).toHaveURL(/\/app\/billing-dashboard$/);
  // The journey reads last month: in a month's first days the current one has hardly any billing yet (issue 40).
  const now = new Date();
  const last = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  // Exact: the month close's links name 'this month' in their labels.
  await page.getByLabel('Year', { exact: true }).selectOption(String(last.getFullYear()));
  await page.getByLabel('Month', { exact: true }).selectOption(String(last.getMonth() + 1));
  const chart = page.getByRole('list', { name: /^Patients per code billed, / });
  await expect(chart).toBeVisible();
  // A bar per code billed that month (the seed bills device, time and CCM codes).
  await expect.poll(() => chart.getByRole('listitem').count()).toBeGreaterThan(2);
  await expect(page.getByText(/^Total Revenue:/)).toBeVisible();

  // Into the report of the same month.
  const firstPage = nextDetails(page);
  await page.getByRole('link', { name: 'Open Billing Report' }).click();
  await expect(page).toHaveURL(/\/app\/billing-report\?year=\d{4}&month=\d{1,2}$/);
  await expect(page.getByRole('heading', { name: 'RPM Billing Report' })).toBeVisible();
  const first = await (await firstPage).json();
  expect(first.count).toBeGreaterThan(10);
  await expect(page.getByText(`1–10 of ${first.count}`)).toBeVisible();
  await expect(page.getByText(/^\$[\d,]+\.\d{2}$/)).toBeVisible();
  const pageOneNames = await shownNames(page);
  expect(pageOneNames).toHaveLength(10);
  for (const name of pageOneNames) expect(name).toBe(name.toUpperCase());

  // Paging on the server (page 1 of 10 rows).
  const secondPage = nextDetails(page, (url) => url.searchParams.get('page') === '1');
  await page.getByRole('button', { name: 'Next page' }).click();
  await secondPage;
  await expect(page.getByText(`11–${Math.min(20, first.count)} of ${first.count}`)).toBeVisible();
  await expect.poll(() => shownNames(page)).not.toEqual(pageOneNames);

  // Sorting by Patient Name starts again at page 0, ascending.
  const sorted = nextDetails(
    page,
    (url) => url.searchParams.get('orderby') === 'patient_name' && url.searchParams.get('order') === 'asc',
  );
  // Table2 draws the header row in several quadrants; a frozen column's copy in the top-left one takes the clicks.
  await page
    .locator('.bp6-table-quadrant-top-left')
    .getByRole('button', { name: 'Patient Name, not sorted' })
    .click();
  const sortedAnswer = await (await sorted).json();
  expect(new URL((await sorted).url()).searchParams.get('page')).toBe('0');
  await expect(page.getByText(`1–10 of ${first.count}`)).toBeVisible();
  const sortedNames: string[] = sortedAnswer.data.map((row: { patient_name: string }) =>
    row.patient_name.toUpperCase(),
  );
  await expect.poll(() => shownNames(page)).toEqual(sortedNames);
  expect([...sortedNames].sort((a, b) => a.localeCompare(b))).toEqual(sortedNames);

  // Claim Sent: the action records the claim, the table reloads, and the claim date replaces the action.
  const claimButton = page.getByRole('button', { name: /^Mark claim sent for / }).first();
  const claimFor = (await claimButton.getAttribute('aria-label')) ?? '';
  const claimed = page.waitForResponse((r) => r.url().includes('/api/rpm/billing/claimRPMReport') && r.ok());
  const reloaded = nextDetails(page);
  await claimButton.click();
  const { claim_date } = await (await claimed).json();
  await reloaded;
  const [year, month, day] = String(claim_date).split('-');
  await expect(page.getByText(`${month}/${day}/${year}`).first()).toBeVisible();
  await expect(page.getByRole('button', { name: claimFor, exact: true })).toHaveCount(0);

  // The PDF: named by the server, and a real PDF.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const path = await file.path();
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
});

test("the report's table draws the columns a wider window brings into view (decisions.md 'Table resizes under the CSP')", async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await signIn(page, 'role10@demo.test');
  const loaded = nextDetails(page);
  await page.goto('/app/billing-report');
  await loaded;
  const main = page.locator('.billing-table .bp6-table-quadrant-main');
  await main.locator('.bp6-table-column-headers .bp6-table-header').first().waitFor();
  // Whether the drawn column headers reach the table's right edge (Table2 draws only the columns in view).
  const drawnToTheEdge = () =>
    main.evaluate((quadrant) => {
      const headers = [...quadrant.querySelectorAll('.bp6-table-column-headers .bp6-table-header')];
      const right = Math.max(...headers.map((header) => header.getBoundingClientRect().right));
      return right >= quadrant.getBoundingClientRect().right - 1;
    });
  expect(await drawnToTheEdge()).toBe(true);
  const narrow = await main.locator('.bp6-table-column-headers .bp6-table-header').count();
  await page.setViewportSize({ width: 1900, height: 900 });
  await expect.poll(drawnToTheEdge).toBe(true);
  expect(await main.locator('.bp6-table-column-headers .bp6-table-header').count()).toBeGreaterThan(narrow);
});
