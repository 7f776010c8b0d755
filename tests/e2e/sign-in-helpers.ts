import { type BrowserContext, expect, type Page } from '@playwright/test';
import { callUrl, checkSession, LAST_ACTIVITY_COOKIE, STORAGE_KEYS } from '@rpm/shared';

const DEMO_PASSWORD = 'Demo-pass-2026!';

/** Fills the sign-in form at / and submits it; the captcha widget solves on submit as a person's browser does. */
export async function submitSignIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  if (!/\/(login)?$/.test(new URL(page.url()).pathname)) await page.goto('/');
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * How long a submitted sign-in may take to open the app: the captcha is solved in the browser, and on a busy machine
 * that took longer than the 7 s default (CI failed on it).
 */
export const SIGN_IN_WAIT = { timeout: 30_000 } as const;

/**
 * Signs in through the form and waits until the app has left the sign-in page ({@link SIGN_IN_WAIT}). Use it where
 * the sign-in itself is under test: it ends the user's older session (000 §8), as a person's sign-in does.
 */
export async function signInThroughForm(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto('/');
  await submitSignIn(page, username, password);
  await expect(page).toHaveURL(/\/app\//, SIGN_IN_WAIT);
}

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;
/** A demo user's session from this worker's last form sign-in: the stored user as the app wrote it, and cookies. */
const kept = new Map<string, { readonly user: string; readonly cookies: Cookies }>();

/**
 * Opens the app as `username`: a new tab of the session this worker last signed in with, while the server still
 * holds it (checkSession, 000 §4.1), else a sign-in through the form. A form sign-in takes ~2 s on this machine,
 * about 100 of them a run (issue 45 §4, decisions.md "Browser tests resume a signed-in session").
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  if (password === DEMO_PASSWORD && (await resume(page, username))) return;
  await signInThroughForm(page, username, password);
  if (password !== DEMO_PASSWORD) return;
  const user = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.user);
  if (user) kept.set(username, { user, cookies: await page.context().cookies() });
}

async function resume(page: Page, username: string): Promise<boolean> {
  const session = kept.get(username);
  if (!session) return false;
  const { user_id, token } = JSON.parse(session.user) as { user_id: number; token: string };
  // Alive and extended by the idle limit, or ended (a later form sign-in, a logout, the idle end): sign in again.
  // The session's cookies go with the check itself, and into the browser only for a live session.
  const check = await page.request.get(`${callUrl(checkSession)}?status=1`, {
    headers: {
      uid: String(user_id),
      token,
      cookie: session.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    },
  });
  if (!check.ok() || ((await check.json()) as { status?: number }).status !== 1) {
    kept.delete(username);
    return false;
  }
  const now = String(Math.floor(Date.now() / 1000));
  await page
    .context()
    .addCookies(session.cookies.map((c) => (c.name === LAST_ACTIVITY_COOKIE ? { ...c, value: now } : c)));
  const stored = await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.user,
    session.user,
  ] as const);
  await page.goto('/');
  await stored.dispose();
  await expect(page).toHaveURL(/\/app\//, SIGN_IN_WAIT);
  return true;
}

/** Logs out through the user menu (the avatar button is named after the user). */
export async function logOut(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}
