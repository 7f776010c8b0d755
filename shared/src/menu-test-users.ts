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

// The access list of the seeded billers (bff/src/db/seed/role-pages.ts): billing, prices and the patient list.
export const BILLER_PAGES = [
  'Billing Dashboard',
  'Billing Report',
  'RPM Billing',
  'CCM Billing Report',
  'BHI Billing',
  'Billing Uploads',
  'Billing Utility',
  'Invoices',
  'Cpt Codes Table',
  'Insurances Default Amount Table',
  'Insurance Plans Table',
  'Patient Chart',
  'Patients Table',
];
export const BILLER_11_PAGES = [...BILLER_PAGES, 'Sleep Billing Report', 'CoRead Billing', 'HST RPM Billing'];
