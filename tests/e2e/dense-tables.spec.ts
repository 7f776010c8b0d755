import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility.js';
import { signIn } from './sign-in-helpers.js';

/**
 * Dense tables (issue 42 §2; decisions.md "Dense tables"): at 1440 × 900 a list shows its name and its operations
 * without sideways scrolling, the name stays put while the rest scroll, every row is one line, and at the compact
 * density at least 20 rows fit under the toolbar.
 */
test.use({ viewport: { width: 1440, height: 900 } });

/** The most a one-line row may measure, by density (a second line would add ~18 px). */
const ONE_LINE_PX = { comfortable: 40, compact: 30 } as const;
const MIN_COMPACT_ROWS = 20;

interface Measure {
  readonly rows: number;
  readonly tallest: number;
  readonly rowHeight: number;
  /** Rows of that height between the table's first row and the window's bottom, less the pager. */
  readonly fit: number;
  readonly pageScrollsSideways: boolean;
  readonly name: { left: number; right: number } | null;
  readonly operations: { left: number; right: number } | null;
}

/** Measures the list table of the page as drawn. */
function measureList(page: Page): Promise<Measure> {
  return page.evaluate(() => {
    const table = document.querySelector('.list-table') as HTMLTableElement;
    const rows = [...table.querySelectorAll<HTMLTableRowElement>('tbody tr')];
    const heights = rows.map((row) => row.getBoundingClientRect().height);
    const first = rows[0]?.getBoundingClientRect();
    const pager = document.querySelector('.list-pager')?.getBoundingClientRect().height ?? 0;
    const rowHeight = Math.min(...heights);
    const box = (cell: Element | undefined) => {
      const rect = cell?.getBoundingClientRect();
      return rect ? { left: rect.left, right: rect.right } : null;
    };
    // The name is the last of the sticky cells.
    const sticky = [...(rows[0]?.querySelectorAll('td.list-sticky') ?? [])];
    return {
      rows: rows.length,
      tallest: Math.max(...heights),
      rowHeight,
      fit: first ? Math.floor((window.innerHeight - first.top - pager) / rowHeight) : 0,
      pageScrollsSideways: document.documentElement.scrollWidth > window.innerWidth,
      name: box(sticky.at(-1)),
      operations: box(rows[0]?.querySelector('td.list-operations') ?? undefined),
    };
  });
}

async function chooseCompact(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'Compact' }).first().click();
}

async function checkList(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('.list-table tbody tr').first().waitFor();
  const comfortable = await measureList(page);
  expect(comfortable.tallest, `${path}: one line a row`).toBeLessThanOrEqual(ONE_LINE_PX.comfortable);
  await chooseCompact(page);
  await expect.poll(async () => (await measureList(page)).rowHeight).toBeLessThanOrEqual(ONE_LINE_PX.compact);
  const compact = await measureList(page);
  expect(compact.tallest, `${path}: one line a row, compact`).toBeLessThanOrEqual(ONE_LINE_PX.compact);
  expect(compact.fit, `${path}: rows that fit at the compact density`).toBeGreaterThanOrEqual(
    MIN_COMPACT_ROWS,
  );
  expect(compact.pageScrollsSideways, `${path}: the page never scrolls sideways`).toBe(false);
  expect(compact.name && compact.name.left >= 0 && compact.name.right <= 1440).toBe(true);
  expect(compact.operations && compact.operations.right <= 1440).toBe(true);

  // The other columns scroll in the table's box; the name keeps its place.
  await page.locator('.list-table-scroll').evaluate((box) => {
    box.scrollLeft = box.scrollWidth;
  });
  const scrolled = await measureList(page);
  expect(scrolled.name?.left).toBeCloseTo(compact.name?.left ?? -1, 0);
  await expectAccessible(page);
}

test('the patients list and the monitoring worklist: one-line rows, the name and operations in view, 20 compact rows', async ({
  page,
}) => {
  await signIn(page, 'role8@demo.test');
  await checkList(page, '/app/patients');
  // The density is kept for the user: the next list opens compact.
  await page.goto('/app/monitor');
  await page.locator('.list-table tbody tr').first().waitFor();
  expect((await measureList(page)).rowHeight).toBeLessThanOrEqual(ONE_LINE_PX.compact);
  await checkList(page, '/app/monitor');
  await page.screenshot({ path: '../.tmp/dense-monitor.png' });
});

test('the sleep tests list: one-line rows, the name and the lock in view, 20 compact rows', async ({
  page,
}) => {
  await signIn(page, 'role16@demo.test');
  await checkList(page, '/app/sleepTests');
});

test('the billing report: one-line rows, RPM ID and name frozen while the codes scroll, 20 compact rows', async ({
  page,
}) => {
  await signIn(page, 'role10@demo.test');
  await page.goto('/app/billing-report');
  const frozen = page.locator('.billing-table .bp6-table-quadrant-left');
  await chooseCompact(page);
  await expect(frozen.locator('.bp6-table-column-headers')).toContainText('Patient Name');
  const cell = page.locator('.billing-table .bp6-table-quadrant-main .bp6-table-cell').first();
  const height = await cell.evaluate((c) => c.getBoundingClientRect().height);
  expect(height).toBeLessThanOrEqual(ONE_LINE_PX.compact);
  const top = await page
    .locator('.billing-table .bp6-table-quadrant-main .bp6-table-column-headers')
    .evaluate((h) => h.getBoundingClientRect().bottom);
  expect(Math.floor((900 - top) / height)).toBeGreaterThanOrEqual(MIN_COMPACT_ROWS);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await page.screenshot({ path: '../.tmp/dense-billing.png' });
  await expectAccessible(page);
});
