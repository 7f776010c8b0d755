import {
  LAST_ACTIVITY_COOKIE,
  type MainUser,
  mainUser,
  STORAGE_KEYS,
  type StoredUser,
  safeRedirect,
  storedUser,
} from '@rpm/shared';

/**
 * The session as the browser keeps it (000 §3): the user under local-storage key 'user', the main user and the
 * temporary-login flags, the redirect URL of an anonymous visit, and the 'lastActivity' cookie (unix seconds).
 * Everything read back is parsed; bad data is dropped. Listeners hear every change made here or in another tab.
 */

type Listener = () => void;
const listeners = new Set<Listener>();

/** Runs `listener` whenever the stored user changes (here or in another tab); returns the unsubscribe. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === STORAGE_KEYS.user) notify();
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

let cache: { readonly raw: string | null; readonly user: StoredUser | null } = { raw: null, user: null };

/** The stored user, parsed with the shared schema; anything invalid is removed and gives `null` (000 §3). */
export function readUser(): StoredUser | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  // The same string gives the same object, so React's useSyncExternalStore sees a stable snapshot.
  if (raw === cache.raw) return cache.user;
  let user: StoredUser | null = null;
  if (raw !== null) {
    try {
      const parsed = storedUser.safeParse(JSON.parse(raw));
      if (parsed.success) user = parsed.data;
    } catch {
      // not JSON: dropped below
    }
    if (user === null) localStorage.removeItem(STORAGE_KEYS.user);
  }
  cache = { raw: user === null ? null : raw, user };
  return user;
}

/** Stores the signed-in user (000 §3, §4.3). */
export function writeUser(user: StoredUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  notify();
}

/** Whether a temporary login is active (000 §3, §4.4): the stored flag is the string 'true'. */
export function readTempLogin(): boolean {
  return localStorage.getItem(STORAGE_KEYS.tempLogin) === 'true';
}

/** The main user kept during a temporary login (000 §3), parsed; anything invalid is removed and gives `null`. */
export function readMainUser(): MainUser | null {
  const raw = localStorage.getItem(STORAGE_KEYS.mainUser);
  if (raw === null) return null;
  try {
    const parsed = mainUser.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: dropped below
  }
  localStorage.removeItem(STORAGE_KEYS.mainUser);
  return null;
}

/**
 * Starts a temporary login in storage (000 §3, §4.4): the tempLogin flag, the main user {user_id, token, username}
 * and the user acted as under 'user'.
 */
export function writeTemporaryLogin(main: MainUser, user: StoredUser): void {
  localStorage.setItem(STORAGE_KEYS.tempLogin, 'true');
  localStorage.setItem(
    STORAGE_KEYS.mainUser,
    JSON.stringify({ user_id: main.user_id, token: main.token, username: main.username }),
  );
  writeUser(user);
}

/** Ends a temporary login in storage (000 §4.4): clears tempLogin, tempDash and mainUser; 'user' stays. */
export function clearTemporaryLogin(): void {
  for (const key of [STORAGE_KEYS.tempLogin, STORAGE_KEYS.tempDash, STORAGE_KEYS.mainUser]) {
    localStorage.removeItem(key);
  }
}

/** The redirect URL saved on an anonymous visit, if it is still a safe path inside /app (000 §2.1). */
export function readRedirectUrl(): string | null {
  return safeRedirect(localStorage.getItem(STORAGE_KEYS.redirectUrl));
}

/** Saves the visited path (with its query) for after sign-in; unsafe URLs are not kept (000 §2.1). */
export function writeRedirectUrl(url: string): void {
  const safe = safeRedirect(url);
  if (safe === null) localStorage.removeItem(STORAGE_KEYS.redirectUrl);
  else localStorage.setItem(STORAGE_KEYS.redirectUrl, safe);
}

export function clearRedirectUrl(): void {
  localStorage.removeItem(STORAGE_KEYS.redirectUrl);
}

function cookieSuffix(): string {
  return `; path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}

/** Sets the 'lastActivity' cookie to a unix time in seconds (000 §3, §4.1). */
export function setLastActivity(unixSeconds: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser staff use
  document.cookie = `${LAST_ACTIVITY_COOKIE}=${Math.floor(unixSeconds)}${cookieSuffix()}`;
}

/** The 'lastActivity' cookie as unix seconds, or `null` when absent or not a number. */
export function readLastActivity(): number | null {
  for (const part of document.cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LAST_ACTIVITY_COOKIE) {
      const n = Number(value);
      return value !== undefined && value !== '' && Number.isFinite(n) ? n : null;
    }
  }
  return null;
}

function clearLastActivity(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  document.cookie = `${LAST_ACTIVITY_COOKIE}=; max-age=0${cookieSuffix()}`;
}

/**
 * Removes the stored user, main user, temporary-login flags, redirect URL and the last-activity cookie (000 §4.2).
 * The per-tab id in session storage stays: it names the tab, not the session.
 */
export function clearSession(): void {
  for (const key of [
    STORAGE_KEYS.user,
    STORAGE_KEYS.mainUser,
    STORAGE_KEYS.tempLogin,
    STORAGE_KEYS.tempDash,
    STORAGE_KEYS.redirectUrl,
  ]) {
    localStorage.removeItem(key);
  }
  clearLastActivity();
  notify();
}
