import { describe, expect, it } from 'vitest';
import { BILLING_UTILITY_ENTRIES } from './billing-utility.js';
import { LISTS } from './lists/index.js';
import { MENU_GROUPS } from './menus.js';
import { BILLING_UTILITY_PAGE, findRoute } from './routes.js';

describe('Billing Utility entries (000 §2.4; decisions.md "Billing Utility")', () => {
  it('are the routes the Billing Utility entry unlocks, but the landing page, in the row’s order', () => {
    expect(BILLING_UTILITY_ENTRIES.map((entry) => entry.route)).toEqual([
      'patient-consent',
      'reading-report',
      'practice-intervention',
      'organization-groups',
      'incoming-messages',
      'transcript-queues',
      'sleep-return-devices',
      'latest-assigned-devices',
      'ss-resource',
    ]);
    for (const entry of BILLING_UTILITY_ENTRIES)
      expect(findRoute(entry.href)?.entry.access).toEqual({ kind: 'page', page: BILLING_UTILITY_PAGE });
  });

  it('take each title from the menu, or from the list where the menu has none', () => {
    const utilities = MENU_GROUPS.find((group) => group.key === 'utilities')?.entries ?? [];
    for (const entry of BILLING_UTILITY_ENTRIES) {
      const menu = utilities.find((item) => item.link === `/app/${entry.route}`);
      const list = entry.attention ? LISTS[entry.attention.list] : undefined;
      expect(entry.title, entry.route).toBe(menu?.label ?? list?.title);
    }
    // Patient Consent is in no menu (decisions.md "Patient Consent").
    expect(BILLING_UTILITY_ENTRIES[0]?.title).toBe(LISTS['patient-consent'].title);
  });

  it('count lists the same access-list entry opens, under filters each list accepts, carried by the link', () => {
    for (const { route, attention, href } of BILLING_UTILITY_ENTRIES) {
      if (!attention) {
        expect(href).toBe(`/app/${route}`);
        continue;
      }
      const def = LISTS[attention.list];
      expect(def.page, route).toBe(BILLING_UTILITY_PAGE);
      expect(def.route).toBe(`/app/${route}`);
      const query = Object.fromEntries(new URL(href, 'http://x').searchParams);
      expect(query).toEqual(attention.filters);
      expect(Object.keys(query).length, route).toBeGreaterThan(0);
      // Every value is one of the filter's options: the list's own query accepts it.
      const parsed = def.viewQuery.parse(query) as Record<string, unknown>;
      for (const [key, value] of Object.entries(query)) expect(parsed[key]).toEqual(value.split(','));
    }
  });
});
