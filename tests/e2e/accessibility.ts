import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Turns every transition and animation off while axe reads the page (removed after). */
const STILL = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/** No serious or critical axe-core violations on the page as it is (issue 10 "Accessibility and keyboard"). */
export async function expectAccessible(
  page: Page,
  /** `false` for a page outside the signed-in frame (sign-up, sign-in), which has no entrance transition. */
  opts: { readonly inFrame?: boolean } = {},
): Promise<void> {
  // After the page's entrance transition (000 §4.11: it settles 500 ms after a route change, then fades in).
  if (opts.inFrame !== false) await page.locator('.shell-main[data-loaded="true"]').waitFor();
  // Half-faded text reads as low contrast, and a fade can start while axe reads (the 3 s 'Login successful' toast
  // began its exit mid-run: 1.03). With transitions off, everything is wholly shown or wholly hidden. A constructed
  // sheet, because the CSP refuses an inline <style>.
  const toggle = (on: boolean) =>
    page.evaluate(
      ({ css, on }) => {
        const others = document.adoptedStyleSheets.filter((sheet) => !('still' in sheet));
        if (on) {
          const sheet = Object.assign(new CSSStyleSheet(), { still: true });
          sheet.replaceSync(css);
          others.push(sheet);
        }
        document.adoptedStyleSheets = others;
        return new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
      },
      { css: STILL, on },
    );
  await toggle(true);
  const results = await new AxeBuilder({ page }).analyze();
  await toggle(false);
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`,
    ),
    'serious or critical axe violations',
  ).toEqual([]);
}
