import { othersStartPage, type StoredUser } from '@rpm/shared';
import { openHubEarly } from '../hub/connect-hub';
import { readRedirectUrl } from '../session/storage';
import { preloadable } from './preloadable';

/**
 * Everything behind sign-in, as one chunk loaded on demand. The sign-in form asks for it when the user types the
 * password, so it is fetched and evaluated while they type rather than after they press 'Sign in', and is not part
 * of what the sign-in page loads first (decisions.md "Signed-in code loads while the password is typed").
 */
export const SignedInApp = preloadable(
  () => import('../frame/SignedInApp'),
  (m) => m.SignedInApp,
);

/** The frame's module, once its code is loaded and evaluated. */
async function loadFrame() {
  await SignedInApp.preload();
  return import('../frame/SignedInApp');
}

/** The longest signing in waits for the signed-in code before going to the start page anyway. */
const OPEN_WAIT_MS = 3000;
/** How long the start calls wait for the hub to connect; a later connect makes the pages load again. */
const HUB_WAIT_MS = 300;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Opens the signed-in app of `user`, who has just signed in, at `path`: connects the hub, loads the frame and the
 * start page's screen, and makes their first calls (decisions.md "Start calls at sign-in"). The
 * calls leave once the hub has connected, so a push after them reaches this tab and the page need not load again
 * when the connect is seen. Settles within {@link OPEN_WAIT_MS} and never fails: a load that fails or hangs does not
 * keep the user on the sign-in page.
 */
export function openSignedIn(user: StoredUser, path: string): Promise<void> {
  const connected = openHubEarly({ uid: user.user_id, token: user.token });
  const open = async () => {
    const { preloadStartScreen, prefetchStartCalls } = await loadFrame();
    await Promise.all([Promise.race([connected, delay(HUB_WAIT_MS)]), preloadStartScreen(path)]);
    prefetchStartCalls(user, path);
  };
  return Promise.race([open().catch(() => undefined), delay(OPEN_WAIT_MS)]);
}

/**
 * While the password is typed, the user's roles are not known yet: loads the frame and the screen most users land
 * on (the dashboard, or the saved redirect: 000 §6.1 'others'), then every other start page's screen, so a biller,
 * a sleep lab or a dentist lands as fast (decisions.md "Every start screen loaded while typing").
 * A browser set to save data loads only the first.
 */
export async function preloadLikelyStart(): Promise<void> {
  const frame = await loadFrame();
  await frame.preloadStartScreen(othersStartPage(readRedirectUrl()));
  const { connection } = navigator as Navigator & { connection?: { saveData?: boolean } };
  if (!connection?.saveData) await frame.preloadEveryStartScreen();
}
