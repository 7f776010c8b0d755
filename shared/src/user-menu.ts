import { accessContext, type MenuLink, type MenuOptions, type MenuUser } from './menus.js';
import { MSG } from './messages.js';
import { lowestRoleId } from './roles.js';
import { canOpen } from './routes.js';

/** The user menu under the avatar (000 §2.7) and who sees each entry (000 §6.2). Pure: no React, no storage. */

/** Lowest role ids that see Notification Defaults (000 §6.2; decisions.md "Configure-defaults roles"). */
export const NOTIFICATION_DEFAULTS_ROLE_IDS: readonly number[] = [1, 2, 3, 5, 6, 8, 9, 13, 15];

/** Lowest role ids that see Insurance Defaults (000 §6.2; decisions.md "Configure-defaults roles"). */
export const INSURANCE_DEFAULTS_ROLE_IDS: readonly number[] = [1, 5, 10, 11];

/** Lowest role ids that see Configure Defaults, besides role 6 when not a dentist (000 §6.2). */
const CONFIGURE_DEFAULTS_ROLE_IDS: readonly number[] = [1, 5, 8, 13];

export type UserMenuKey =
  | 'profile'
  | 'configure-defaults'
  | 'notification-defaults'
  | 'insurances-defaults'
  | 'interpretation-customs'
  | 'rpmProtocol-defaults'
  | 'ccm-defaults'
  | 'notes-defaults'
  | 'temporary-login'
  | 'logout';

/** One entry of the user menu: a link, or one of two actions. */
export type UserMenuEntry =
  | (MenuLink & { readonly kind: 'link'; readonly key: UserMenuKey })
  | { readonly kind: 'temporary-login' | 'logout'; readonly key: UserMenuKey; readonly label: string };

/** Labels of the user menu; 000 §2.7 quotes three (decisions.md "Texts the spec does not quote"). */
export const USER_MENU_LABELS: Readonly<Record<UserMenuKey, string>> = {
  profile: MSG.userProfile,
  'configure-defaults': 'Configure Defaults',
  'notification-defaults': 'Notification Defaults',
  'insurances-defaults': 'Insurance Defaults',
  'interpretation-customs': MSG.customInterpretationConfig,
  'rpmProtocol-defaults': 'RPM Protocol Defaults',
  'ccm-defaults': MSG.ccmCarePlanDefaults,
  'notes-defaults': 'Notes Defaults',
  'temporary-login': 'Sign in as another user',
  logout: 'Logout',
};

/**
 * Whether the user sees Notification Defaults (000 §6.2): lowest role in the notification-role list, not a dentist,
 * not a sleep-lab user. The server refuses the defaults' changes to anyone else.
 */
export function seesNotificationDefaults(
  user: Pick<MenuUser, 'roleid' | 'is_dentist' | 'is_sleeplab_user'>,
): boolean {
  const role = lowestRoleId(user.roleid);
  return (
    role !== undefined &&
    NOTIFICATION_DEFAULTS_ROLE_IDS.includes(role) &&
    user.is_dentist !== 1 &&
    user.is_sleeplab_user !== 1
  );
}

/** Whether the user sees Configure Defaults (000 §6.2): lowest role 1, 5, 8 or 13, or 6 when not a dentist. */
export function seesConfigureDefaults(user: Pick<MenuUser, 'roleid' | 'is_dentist'>): boolean {
  const role = lowestRoleId(user.roleid);
  return (
    (role !== undefined && CONFIGURE_DEFAULTS_ROLE_IDS.includes(role)) ||
    (role === 6 && user.is_dentist !== 1)
  );
}

/**
 * Whether the user sees CCM Care Plan Defaults and Notes Defaults (000 §6.2): lowest role 5, or 6 when not a
 * dentist. The server refuses those defaults to anyone else.
 */
export function seesCarePlanDefaults(user: Pick<MenuUser, 'roleid' | 'is_dentist'>): boolean {
  const role = lowestRoleId(user.roleid);
  return role === 5 || (role === 6 && user.is_dentist !== 1);
}

/** Whether the user sees Insurance Defaults (000 §6.2): lowest role in the insurance-role list, not a dentist or sleep-lab user. */
export function seesInsuranceDefaults(
  user: Pick<MenuUser, 'roleid' | 'is_dentist' | 'is_sleeplab_user'>,
): boolean {
  const role = lowestRoleId(user.roleid);
  return (
    role !== undefined &&
    INSURANCE_DEFAULTS_ROLE_IDS.includes(role) &&
    user.is_dentist !== 1 &&
    user.is_sleeplab_user !== 1
  );
}

/** Whether the user sees RPM Protocol Defaults (000 §6.2 'RPM Protocol Defaults: role 5'). */
export function seesProtocolDefaults(user: Pick<MenuUser, 'roleid'>): boolean {
  return lowestRoleId(user.roleid) === 5;
}

export type UserMenuUser = Pick<
  MenuUser,
  'roleid' | 'pages' | 'aws_link' | 'is_dentist' | 'is_sleeplab_user'
>;

/**
 * The user menu of 000 §2.7 with each entry's rule of 000 §6.2, in the spec's order, then 'Sign in as another user'
 * and Logout. Role rules read the lowest role id (000 §6; decisions.md "Lowest role for every rule"). A link also
 * needs its route to open (Custom Interpretation Config needs its access-list entry, 000 §2.4).
 */
export function userMenuEntries(
  user: UserMenuUser,
  options: Pick<MenuOptions, 'tempLogin'>,
): UserMenuEntry[] {
  const role = lowestRoleId(user.roleid);

  const rules: readonly (readonly [UserMenuKey, string, boolean])[] = [
    ['profile', '/app/profile', true],
    ['configure-defaults', '/app/configure-defaults', seesConfigureDefaults(user)],
    ['notification-defaults', '/app/notification-defaults', seesNotificationDefaults(user)],
    ['insurances-defaults', '/app/insurances-defaults', seesInsuranceDefaults(user)],
    ['interpretation-customs', '/app/interpretation-customs', role === 6 || role === 16],
    ['rpmProtocol-defaults', '/app/rpmProtocol-defaults', seesProtocolDefaults(user)],
    ['ccm-defaults', '/app/ccm-defaults', seesCarePlanDefaults(user)],
    ['notes-defaults', '/app/notes-defaults', seesCarePlanDefaults(user)],
  ];
  const ctx = accessContext(user, options.tempLogin);
  const entries: UserMenuEntry[] = rules
    .filter(([, link, shown]) => shown && canOpen(link, ctx))
    .map(([key, link]) => ({ kind: 'link', key, label: USER_MENU_LABELS[key], link }));
  // 000 §6.2 "Admin-style users may perform a temporary login" (decisions.md "Temporary login").
  if (role === 1 && !options.tempLogin) {
    entries.push({
      kind: 'temporary-login',
      key: 'temporary-login',
      label: USER_MENU_LABELS['temporary-login'],
    });
  }
  entries.push({ kind: 'logout', key: 'logout', label: USER_MENU_LABELS.logout });
  return entries;
}
