import { BILLER_PAGES } from './demo-access.js';
import type { MenuUser } from './menus.js';
import { PAGES } from './routes.js';

/** Users for the menu tests (menus, user-menu and menu-search tests). */

export const ALL_PAGES: readonly string[] = PAGES;
export const without = (...drop: string[]) => ALL_PAGES.filter((p) => !drop.includes(p));

export const user = (
  roleid: number[],
  pages: readonly string[],
  flags: Partial<MenuUser> = {},
): MenuUser => ({
  roleid,
  pages: [...pages],
  aws_link: null,
  is_dentist: 0,
  is_sleeplab_user: 0,
  is_onboarding: 0,
  is_external_care_coord: 0,
  ...flags,
});

// The access list of the seeded billers, as the demo seed gives it (demo-access.ts).
export { BILLER_PAGES };
export const BILLER_11_PAGES = [...BILLER_PAGES, 'Sleep Billing Report', 'CoRead Billing', 'HST RPM Billing'];
