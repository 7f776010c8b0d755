import { expect, type Page } from '@playwright/test';

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
 * Signs in and waits until the app has left the sign-in page ({@link SIGN_IN_WAIT}).
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await submitSignIn(page, username, password);
  await expect(page).toHaveURL(/\/app\//, SIGN_IN_WAIT);
}

/** Logs out through the user menu (the avatar button is named after the user). */
export async function logOut(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}
