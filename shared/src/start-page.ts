import { lowestRoleId } from './roles.js';

/** The stored-user fields the start page depends on (000 §3, §6.1). */
export interface StartPageUser {
  /** Role ids; the lowest one decides. */
  readonly roleid: readonly number[];
  readonly is_dentist: 0 | 1;
  readonly is_sleeplab_user: 0 | 1;
  readonly is_interpreting_prac: 0 | 1;
  readonly onlyCoRead: 0 | 1;
}

/** Start page when no row of 000 §6.1 applies and there is no safe redirect URL. */
const DEFAULT_START = '/app/dashboard';

/**
 * The page a user lands on after sign-in, by lowest role id (000 §6.1).
 * `redirectUrl` is the URL saved on an anonymous visit (000 §2.1); it is used only for "others or no roles" and
 * only when {@link safeRedirect} accepts it.
 */
export function startPage(user: StartPageUser, redirectUrl: string | null): string {
  const role = lowestRoleId(user.roleid);
  switch (role) {
    // decisions.md "Start page choices".
    case 10:
    case 11:
      return '/app/billing-dashboard';
    case 14:
      return '/app/sales-dashboard';
    case 16:
    case 17:
      return user.onlyCoRead === 1 ? '/app/sleepTestsInterpretation' : '/app/sleepTests';
    // decisions.md "Start page choices".
    case 18:
      return '/app/dentalDashboard';
    case 20:
      return '/app/technician-calendar';
    case 3:
    case 5:
      if (user.is_sleeplab_user === 1) return '/app/sleep-lab';
      break;
    // decisions.md "Start page choices".
    case 6:
      if (user.is_interpreting_prac === 1) return '/app/sleepTests';
      if (user.is_dentist === 1) return '/app/dentalDashboard';
      break;
  }
  return safeRedirect(redirectUrl) ?? DEFAULT_START;
}

/** Only the signed-in shell: '/app' itself, or '/app' followed by '/', '?' or '#'. */
const APP_PREFIX = /^\/app(?:[/?#]|$)/;

/**
 * The redirect URL if it is a same-origin path inside the signed-in shell, else `null` (000 §2.1, §6.1).
 * Rejects protocol-relative ('//host'), schemes, backslashes, control characters, dot segments and '/app'
 * look-alikes ('/apple'), so a crafted link cannot send a user off-site (decisions.md "Safe redirect").
 */
export function safeRedirect(url: string | null | undefined): string | null {
  if (typeof url !== 'string' || url.length === 0 || url.length > 2048) return null;
  if (!APP_PREFIX.test(url)) return null;
  for (const ch of url) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || ch === '\\') return null;
  }
  const path = url.split(/[?#]/, 1)[0] ?? '';
  if (path.includes('//')) return null;
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (decoded === '.' || decoded === '..' || decoded.includes('/') || decoded.includes('\\')) return null;
  }
  return url;
}
