import { describe, expect, it } from 'vitest';
import { ALL_PAGES, user, without } from './menu-test-users.js';
import type { MenuUser } from './menus.js';
import { INSURANCE_DEFAULTS_ROLE_IDS, NOTIFICATION_DEFAULTS_ROLE_IDS, userMenuEntries } from './user-menu.js';

describe('userMenuEntries: the user menu of 000 §2.7 with the rules of 000 §6.2', () => {
  const U = (roleid: number[], flags: Partial<MenuUser> = {}, pages: readonly string[] = ALL_PAGES) =>
    user(roleid, pages, flags);
  const keys = (u: MenuUser, tempLogin = false) => userMenuEntries(u, { tempLogin }).map((e) => e.key);

  it.each<[string, MenuUser, boolean, string[]]>([
    [
      'admin (1)',
      U([1]),
      false,
      [
        'profile',
        'configure-defaults',
        'notification-defaults',
        'insurances-defaults',
        'temporary-login',
        'logout',
      ],
    ],
    [
      'admin during a temporary login: no second one',
      U([1]),
      true,
      ['profile', 'configure-defaults', 'notification-defaults', 'insurances-defaults', 'logout'],
    ],
    ['organisation admin (2)', U([2]), false, ['profile', 'notification-defaults', 'logout']],
    ['3', U([3]), false, ['profile', 'notification-defaults', 'logout']],
    [
      'practice lead (5)',
      U([5]),
      false,
      [
        'profile',
        'configure-defaults',
        'notification-defaults',
        'insurances-defaults',
        'rpmProtocol-defaults',
        'ccm-defaults',
        'notes-defaults',
        'logout',
      ],
    ],
    [
      'sleep-lab user (5): no notification or insurance defaults',
      U([5], { is_sleeplab_user: 1 }),
      false,
      ['profile', 'configure-defaults', 'rpmProtocol-defaults', 'ccm-defaults', 'notes-defaults', 'logout'],
    ],
    [
      'physician (6), not a dentist',
      U([6]),
      false,
      [
        'profile',
        'configure-defaults',
        'notification-defaults',
        'interpretation-customs',
        'ccm-defaults',
        'notes-defaults',
        'logout',
      ],
    ],
    [
      'physician (6) without the Custom Interpretation Config page',
      U([6], {}, without('Custom Interpretation Config')),
      false,
      ['profile', 'configure-defaults', 'notification-defaults', 'ccm-defaults', 'notes-defaults', 'logout'],
    ],
    ['dentist (6)', U([6], { is_dentist: 1 }), false, ['profile', 'interpretation-customs', 'logout']],
    ['nurse (8)', U([8]), false, ['profile', 'configure-defaults', 'notification-defaults', 'logout']],
    [
      'dentist flag on a nurse (8)',
      U([8], { is_dentist: 1 }),
      false,
      ['profile', 'configure-defaults', 'logout'],
    ],
    ['care coordinator (9)', U([9]), false, ['profile', 'notification-defaults', 'logout']],
    ['biller (10)', U([10]), false, ['profile', 'insurances-defaults', 'logout']],
    ['biller (11)', U([11]), false, ['profile', 'insurances-defaults', 'logout']],
    [
      'medical assistant (13)',
      U([13]),
      false,
      ['profile', 'configure-defaults', 'notification-defaults', 'logout'],
    ],
    ['sales (14)', U([14]), false, ['profile', 'logout']],
    ['scheduler (15)', U([15]), false, ['profile', 'notification-defaults', 'logout']],
    ['sleep reader (16)', U([16]), false, ['profile', 'interpretation-customs', 'logout']],
    ['sleep coordinator (17)', U([17]), false, ['profile', 'logout']],
    ['18', U([18]), false, ['profile', 'logout']],
    ['technician (20)', U([20]), false, ['profile', 'logout']],
    ['the lowest role decides ([16, 5] reads as 5)', U([16, 5]), false, keys(U([5]))],
    ['no roles', U([]), false, ['profile', 'logout']],
  ])('%s', (_name, u, tempLogin, expected) => {
    expect(keys(u, tempLogin)).toEqual(expected);
  });

  it('links each entry to its route, with the spec labels', () => {
    const entries = userMenuEntries(U([5]), { tempLogin: false });
    const byKey = Object.fromEntries(entries.map((e) => [e.key, e]));
    expect(byKey.profile).toEqual({
      kind: 'link',
      key: 'profile',
      label: 'User Profile',
      link: '/app/profile',
    });
    expect(byKey['ccm-defaults']).toMatchObject({
      label: 'CCM Care Plan Defaults',
      link: '/app/ccm-defaults',
    });
    expect(byKey['rpmProtocol-defaults']).toMatchObject({ link: '/app/rpmProtocol-defaults' });
    expect(byKey['notes-defaults']).toMatchObject({ link: '/app/notes-defaults' });
    expect(byKey.logout).toEqual({ kind: 'logout', key: 'logout', label: 'Logout' });
    const physician = Object.fromEntries(
      userMenuEntries(U([6]), { tempLogin: false }).map((e) => [e.key, e]),
    );
    expect(physician['interpretation-customs']).toMatchObject({
      label: 'Custom Interpretation Config',
      link: '/app/interpretation-customs',
    });
    const admin = userMenuEntries(U([1]), { tempLogin: false });
    expect(admin.find((e) => e.key === 'temporary-login')).toEqual({
      kind: 'temporary-login',
      key: 'temporary-login',
      label: 'Sign in as another user',
    });
    expect(admin.find((e) => e.key === 'insurances-defaults')).toMatchObject({
      link: '/app/insurances-defaults',
    });
    expect(admin.find((e) => e.key === 'notification-defaults')).toMatchObject({
      link: '/app/notification-defaults',
    });
    expect(admin.find((e) => e.key === 'configure-defaults')).toMatchObject({
      link: '/app/configure-defaults',
    });
  });

  it('the chosen role lists of Notification and Insurance Defaults are exactly the lowest roles that see them', () => {
    const roles = [1, 2, 3, 5, 6, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 20];
    const seeing = (key: string) => roles.filter((r) => keys(U([r])).includes(key as never));
    expect(seeing('notification-defaults')).toEqual([...NOTIFICATION_DEFAULTS_ROLE_IDS]);
    expect(seeing('insurances-defaults')).toEqual([...INSURANCE_DEFAULTS_ROLE_IDS]);
    expect(seeing('rpmProtocol-defaults')).toEqual([5]);
    expect(seeing('interpretation-customs')).toEqual([6, 16]);
    expect(seeing('configure-defaults')).toEqual([1, 5, 6, 8, 13]);
    expect(seeing('ccm-defaults')).toEqual([5, 6]);
    expect(seeing('notes-defaults')).toEqual([5, 6]);
    expect(seeing('temporary-login')).toEqual([1]);
  });
});
