import { othersStartPage } from '@rpm/shared';
import { readRedirectUrl } from '../session/storage';
import { preloadable } from './preloadable';

/**
 * Everything behind sign-in, as one chunk loaded on demand. The sign-in form asks for it when the user types the
 * password, so it is fetched and evaluated while they type rather than after they press 'Sign in' (issue 17 goal 2);
 * it is not part of what the sign-in page loads before a user can sign in (goal 1).
 */
export const SignedInApp = preloadable(
  () => import('../frame/SignedInApp'),
  (m) => m.SignedInApp,
);

/** Loads the frame and the screen of `path` (a start page), so both draw at once when the user is sent there. */
export async function preloadSignedIn(path: string): Promise<void> {
  await SignedInApp.preload();
  const { preloadStartScreen } = await import('../frame/SignedInApp');
  await preloadStartScreen(path);
}

/**
 * While the password is typed, the user's roles are not known yet: loads the frame and the screen such a user lands
 * on, the dashboard of most roles or the saved redirect (000 §6.1 'others'; issue 17 goal 2).
 */
export function preloadLikelyStart(): Promise<void> {
  return preloadSignedIn(othersStartPage(readRedirectUrl()));
}
