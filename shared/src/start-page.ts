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

/** Every start page of 000 §6.1; the last is also the start page when no row applies and there is no redirect URL. */
export const START_PAGES = {
  billingDashboard: '/app/billing-dashboard',
  salesDashboard: '/app/sales-dashboard',
  sleepTests: '/app/sleepTests',
  coRead: '/app/sleepTestsInterpretation',
  dentalDashboard: '/app/dentalDashboard',
  technicianCalendar: '/app/technician-calendar',
  sleepLab: '/app/sleep-lab',
  dashboard: '/app/dashboard',
} as const;

export type StartPagePath = (typeof START_PAGES)[keyof typeof START_PAGES];

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
      return START_PAGES.billingDashboard;
    case 14:
      return START_PAGES.salesDashboard;
    case 16:
    case 17:
      return user.onlyCoRead === 1 ? START_PAGES.coRead : START_PAGES.sleepTests;
    // decisions.md "Start page choices".
    case 18:
      return START_PAGES.dentalDashboard;
    case 20:
      return START_PAGES.technicianCalendar;
    case 3:
    case 5:
      if (user.is_sleeplab_user === 1) return START_PAGES.sleepLab;
      break;
    // decisions.md "Start page choices".
    case 6:
      if (user.is_interpreting_prac === 1) return START_PAGES.sleepTests;
      if (user.is_dentist === 1) return START_PAGES.dentalDashboard;
      break;
  }
  return othersStartPage(redirectUrl);
}

/**
 * The start page of 000 §6.1's 'others or no roles' (the dashboard, or a safe redirect URL): also where a user whose
 * roles are not known yet most likely lands, which the sign-in page loads while the password is typed.
 */
export function othersStartPage(redirectUrl: string | null): string {
  return safeRedirect(redirectUrl) ?? START_PAGES.dashboard;
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
