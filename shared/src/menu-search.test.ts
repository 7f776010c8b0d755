import { describe, expect, it } from 'vitest';
import { searchableEntries, searchSuggestions } from './menu-search.js';
import { ALL_PAGES, BILLER_PAGES, user } from './menu-test-users.js';
import { menuEntries, visibleMenu } from './menus.js';

describe('searchSuggestions (000 §2.7, §5, §9)', () => {
  const admin = user([1], ALL_PAGES);
  const entries = menuEntries(visibleMenu(admin, { tempLogin: false }));
  const labels = (text: string) => searchSuggestions(entries, text).map((e) => e.label);

  it('suggests at most 5', () => {
    expect(entries.filter((e) => e.label.toLowerCase().includes('billing')).length).toBeGreaterThan(5);
    expect(labels('billing')).toHaveLength(5);
  });

  it('matches case-insensitively on the label', () => {
    expect(labels('DASHBOARD')).toEqual(labels('dashboard'));
    expect(labels('dAsHbOaRd')[0]).toBe('Dashboard');
    expect(labels('my tasks')).toEqual(['My Tasks']);
  });

  it('ranks labels that start with the text first, then word starts, then the rest, each in menu order', () => {
    expect(labels('dashboard')).toEqual([
      'Dashboard',
      'Sales Practice Dashboard',
      'Sales Rep Dashboard',
      'Dental Dashboard',
      'Billing Dashboard',
    ]);
    expect(labels('port')).toEqual([
      'Global Reports',
      'Monthly Report',
      'Billing Report',
      'Fixed Billing Report',
      'Sleep Billing Report',
    ]);
  });

  it.each(['', '   ', '!!', 'dash!', 'bill-ing', '<script>', 'a/b', "o'brien"])(
    'suggests nothing for %j (empty or special characters)',
    (text) => {
      expect(searchSuggestions(entries, text)).toEqual([]);
    },
  );

  it('finds hyphenated labels typed without the hyphen', () => {
    expect(labels('co read')).toEqual(['Sleep Tests Co-Read']);
    expect(labels('coread')).toEqual(['CoRead Billing', 'Sleep Tests Co-Read']);
  });

  it('suggests nothing the user may not open', () => {
    const biller = menuEntries(visibleMenu(user([10], BILLER_PAGES), { tempLogin: false }));
    expect(searchSuggestions(biller, 'physicians')).toEqual([]);
    expect(searchSuggestions(biller, 'billing dash').map((e) => e.link)).toEqual(['/app/billing-dashboard']);
  });

  it('gives each link once', () => {
    const twice = [...entries, ...entries];
    expect(searchSuggestions(twice, 'patients').map((e) => e.link)).toEqual([
      ...new Set(searchSuggestions(twice, 'patients').map((e) => e.link)),
    ]);
  });

  it('searches the user-menu links too, and the chart tabs of the current patient', () => {
    const all = searchableEntries(user([5], ['Patient Chart']), {
      tempLogin: false,
      pathname: '/app/patient-chart/overview/4',
    });
    expect(searchSuggestions(all, 'profile').map((e) => e.link)).toEqual(['/app/profile']);
    expect(searchSuggestions(all, 'care plan').map((e) => e.link)).toEqual([
      '/app/patient-chart/ccm/4',
      '/app/ccm-defaults',
    ]);
    expect(searchSuggestions(all, 'logout')).toEqual([]);
  });
});
