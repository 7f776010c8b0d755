import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** No serious or critical axe-core violations on the page as it is (issue 10 "Accessibility and keyboard"). */
export async function expectAccessible(page: Page): Promise<void> {
  // After the page's entrance transition (000 §4.11: it settles 500 ms after a route change, then fades in):
  // half-faded text would read as low contrast.
  await page.locator('.shell-main[data-loaded="true"]').waitFor();
  // A cancelled animation (the next render replaced it) rejects `finished` with AbortError: settled is enough.
  await page.evaluate(() =>
    Promise.allSettled(document.getAnimations().map((animation) => animation.finished)),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`,
    ),
    'serious or critical axe violations',
  ).toEqual([]);
}
