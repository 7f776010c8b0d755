import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from './sign-in-helpers.js';

/**
 * The sleep-test lock between two readers (issue 15 "Tests"; 000 §4.11): two browsers open the same study; the
 * second sees 'Locked by …' live on the Sleep Tests list and gets the view read-only; the first signs the
 * interpretation and closes the view; the second then takes the lock.
 */

const FIRST = 'interpreting@demo.test';
const FIRST_NAME = 'Samuel Adeyemi';
const SECOND = 'role16@demo.test';
const SECOND_NAME = 'Omar Haddad';
/** Sleep Tests filtered to studies awaiting interpretation (the list's route filter, 000 §2.4). */
const AWAITING = '/app/awaiting_interpretation/sleepTests';

/** A page of its own browser context: another browser, with its own session and hub connection. */
async function newBrowserPage(browser: Browser): Promise<Page> {
  const { baseURL, viewport } = test.info().project.use;
  return (await browser.newContext({ baseURL, viewport })).newPage();
}

/** The list row of a study, found by its Test ID link. */
const studyRow = (page: Page, id: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: id, exact: true }) });

/** Who holds the study's lock, as the server answers the view's call (rpm/sleep/getSleepTest). */
function lockHolder(page: Page, id: string): Promise<string | null> {
  return page.evaluate(async (testId) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { user_id: number; token: string };
    const res = await fetch(`/api/rpm/sleep/getSleepTest?test_id=${testId}`, {
      headers: { uid: String(user.user_id), token: user.token },
    });
    const body = (await res.json()) as { data: { lock: { name: string } | null } };
    return body.data.lock?.name ?? null;
  }, id);
}

test('two readers open the same sleep test: the second sees it locked live and read-only, then takes it once the first signs and closes (issue 15)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const first = await newBrowserPage(browser);
  const second = await newBrowserPage(browser);
  await signIn(first, FIRST);
  await signIn(second, SECOND);
  for (const page of [first, second]) {
    await page.goto(AWAITING);
    await expect(page.getByRole('grid')).toBeVisible();
  }

  // The first reader opens a study awaiting interpretation from the list (a link in the app, so closing the view
  // is a route change that frees the lock).
  const link = first.getByRole('grid').getByRole('link', { name: /^\d+$/ }).first();
  const id = ((await link.textContent()) ?? '').trim();
  await expect(studyRow(second, id)).toBeVisible();
  await expect(studyRow(second, id)).not.toContainText('Locked by');
  await link.click();
  await expect(first).toHaveURL(new RegExp(`/app/sleep-test/${id}$`));
  await expect(first.getByRole('button', { name: 'Save draft' })).toBeVisible();

  // The second reader's list shows the lock live, without a reload.
  await expect(studyRow(second, id)).toContainText(`Locked by ${FIRST_NAME}`);
  await studyRow(second, id).getByRole('link', { name: id, exact: true }).click();
  await expect(second).toHaveURL(new RegExp(`/app/sleep-test/${id}$`));
  await expect(
    second.getByText(new RegExp(`Locked by ${FIRST_NAME} since .*The test is read-only\\.`)),
  ).toBeVisible();
  await expect(second.getByRole('button', { name: 'Request hand-over' })).toBeVisible();
  await expect(second.getByRole('button', { name: 'Sign' })).toHaveCount(0);
  await expect(second.getByLabel('Impression')).toHaveAttribute('readonly', '');

  // The first signs and closes the view.
  await first.getByLabel('Impression').fill('Moderate obstructive sleep apnea (AHI 15-30).');
  await first.getByRole('button', { name: 'Sign' }).click();
  await expect(first.getByText('Interpretation signed.')).toBeVisible();
  await first.goBack();
  await expect(first).toHaveURL(new RegExp(`${AWAITING}$`));

  // The second's open view hears the free and takes the lock: no longer read-only for another holder.
  await expect(second.getByText(/Locked by /)).toHaveCount(0);
  await expect(second.getByText(`Signed by ${FIRST_NAME}`, { exact: false })).toBeVisible();
  await expect.poll(() => lockHolder(second, id)).toBe(SECOND_NAME);
});
