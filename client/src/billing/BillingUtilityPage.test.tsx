import { ALL_LISTS, BILLING_UTILITY_ENTRIES, getBillingUtilitySummary, pageTitle } from '@rpm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PageArea } from '../shell/PageArea';
import { PAGE_ROUTES } from '../shell/page-routes';
import { fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { BillingUtilityPage } from './BillingUtilityPage';

const SUMMARY = getBillingUtilitySummary;
const COUNTS = [
  { route: 'patient-consent', count: 3 },
  { route: 'reading-report', count: 7 },
  { route: 'organization-groups', count: 2 },
  { route: 'practice-intervention', count: 9 },
  { route: 'incoming-messages', count: 0 },
  { route: 'transcript-queues', count: 4 },
  { route: 'sleep-return-devices', count: 12 },
  { route: 'latest-assigned-devices', count: 5 },
  { route: 'ss-resource', count: 6 },
] as const;

function openPage() {
  storeUser(makeUser({ user_id: 10, roleid: [10], pages: ['Billing Utility'] }));
  return {
    ...renderWithProviders(<BillingUtilityPage />, '/app/billing-utility'),
    ui: userEvent.setup(),
  };
}

/** The cards as the list holds them, once the counts have arrived. */
async function cards() {
  const list = screen.getByRole('list');
  await within(list).findByText('12');
  return within(list).getAllByRole('listitem');
}

describe('BillingUtilityPage', () => {
  it('lists every other route of the Billing Utility row in its order, each titled, described and linked', async () => {
    fakeServer().on(SUMMARY, { status: 1, data: [...COUNTS] });
    openPage();
    const items = await cards();
    expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Patient Consent',
      'Reading Report',
      'Practice Intervention',
      'Organization Groups',
      'Incoming Messages',
      'Transcript Queues',
      'Sleep Return Devices',
      'Latest Assigned Devices',
      'SS Resource',
    ]);
    expect(items.map((item) => within(item).getByRole('link').getAttribute('href'))).toEqual([
      '/app/patient-consent?authorization=expired',
      '/app/reading-report?out_of_range=yes',
      '/app/practice-intervention?noted=no',
      '/app/organization-groups?admin_state=none',
      '/app/incoming-messages?reply=awaiting',
      '/app/transcript-queues?status=queued',
      '/app/sleep-return-devices?return_state=overdue',
      '/app/latest-assigned-devices?first_reading=none&returned=open',
      '/app/ss-resource?category=Form',
    ]);
    expect(
      within(items[6] as HTMLElement).getByText(
        'Home sleep-test devices out with patients and due back, and their returns.',
      ),
    ).toBeTruthy();
  });

  it('shows each list’s count with what it counts, and Coming soon with no count where there is no screen', async () => {
    fakeServer().on(SUMMARY, { status: 1, data: [...COUNTS] });
    openPage();
    const items = await cards();
    const counts = items.map((item) => item.querySelector('.billing-utility-count')?.textContent ?? null);
    expect(counts).toEqual([
      '3 authorizations expired',
      '7 vital-days out of range this month',
      '9 without a note',
      '2 without an administrator',
      '0 awaiting a reply',
      '4 queued',
      '12 overdue',
      '5 with the patient, no reading yet',
      '6 forms',
    ]);
    const soon = items.filter((item) => within(item).queryByText('Coming soon') !== null);
    expect(soon).toEqual([]);
  });

  it('opens a utility by its link, with the filter the count was made under', async () => {
    fakeServer().on(SUMMARY, { status: 1, data: [...COUNTS] });
    const { ui, path } = openPage();
    await cards();
    await ui.click(screen.getByRole('link', { name: 'Sleep Return Devices' }));
    expect(path()).toBe('/app/sleep-return-devices?return_state=overdue');
  });

  it('shows the failure and no counts when the summary cannot be read', async () => {
    fakeServer().fail(SUMMARY, 403, 'You do not have access to this page.');
    openPage();
    expect((await screen.findAllByText('You do not have access to this page.')).length).toBeGreaterThan(0);
    expect(document.querySelectorAll('.billing-utility-count')).toHaveLength(0);
    expect(screen.getAllByRole('listitem')).toHaveLength(BILLING_UTILITY_ENTRIES.length);
  });
});

describe('the entries and the screens', () => {
  const fixed = (path: string) =>
    PAGE_ROUTES.some((route) => route.path === path) || ALL_LISTS.some((def) => def.route === path);

  it('counts on the lists that have a screen, each linked to its own route', () => {
    for (const { route, attention } of BILLING_UTILITY_ENTRIES.filter((entry) => entry.attention)) {
      expect(fixed(`/app/${route}`), route).toBe(true);
      expect(ALL_LISTS.find((def) => def.name === attention?.list)?.route).toBe(`/app/${route}`);
    }
  });

  it.each(BILLING_UTILITY_ENTRIES.filter((entry) => entry.attention === null).map((entry) => entry.route))(
    'says Coming soon only where the route has no screen: %s',
    async (route) => {
      const path = `/app/${route}`;
      expect(fixed(path)).toBe(false);
      renderWithProviders(<PageArea pathname={path} title={pageTitle(path)} notFound={false} />, path);
      expect(await screen.findByText(/^Coming soon: .* is not available yet\.$/)).toBeTruthy();
    },
  );
});
