import {
  ALL_LISTS,
  getBillingCountSummary,
  getDashboardSummary,
  getDentalStageCounts,
  getMonthClose,
  START_PAGES,
  type StoredUser,
  startPage,
} from '@rpm/shared';
import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../test/fake-server';
import { DASHBOARD_SUMMARY, makeUser, storeUser, ZERO_BILLING_SUMMARY } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { serveShellCalls } from '../test/shell-calls';
import { AppShell } from './AppShell';
import { preloadStartScreen } from './PageArea';
import { prefetchStartCalls } from './start-calls';

// The tab has the user's attention, so the bell's count is asked too (000 §4.6).
beforeEach(() => {
  vi.spyOn(document, 'hasFocus').mockReturnValue(true);
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
});

// No socket in jsdom: the hub connection is replaced by one that never opens.
vi.mock('../hub/connect-hub', () => ({
  takeOrConnectHub: () => ({ connection: new Promise(() => undefined), opened: null }),
  dropEarlyHub: () => undefined,
}));

/** Every call a start page or the shell may make, answered with an empty month. */
function answerEverything() {
  const server = serveShellCalls(fakeServer())
    .on(getDashboardSummary, { status: 1, data: DASHBOARD_SUMMARY })
    .on(getDentalStageCounts, { status: 1, data: [] })
    .on(getBillingCountSummary, ZERO_BILLING_SUMMARY)
    .on(getMonthClose, { status: 1, data: { month: '2026-02', ready: 0, blocked: 0, sent: 0, reasons: [] } });
  for (const list of ALL_LISTS)
    server
      .on(list.calls.list, { status: 1, data: [], count: 0 })
      .on(list.calls.filterOptions, { status: 1, data: {} });
  return server;
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

/** A start page of 000 §6.1 with screen calls declared, and a user who starts there. */
const STARTS: readonly [string, StoredUser, string][] = [
  [
    'a nurse, with a practice chosen',
    makeUser({ roleid: [8] }),
    'GET /api/rpm/dashboard/getSummary?practice=1',
  ],
  ['a biller', makeUser({ roleid: [11] }), 'GET /api/rpm/billing/getBillingCountSummary'],
  ['a sleep-test reader', makeUser({ roleid: [16] }), 'GET /api/rpm/lists/sleep-tests?'],
  ['a co-reader', makeUser({ roleid: [16], onlyCoRead: 1 }), 'GET /api/rpm/lists/sleep-co-read?'],
  ['a dentist', makeUser({ roleid: [6], is_dentist: 1 }), 'GET /api/rpm/dental/getStageCounts'],
  ['a sleep-lab user', makeUser({ roleid: [5], is_sleeplab_user: 1 }), 'GET /api/rpm/lists/sleep-lab?'],
];

// decisions.md "Start calls at sign-in": what signing in asks ahead must be exactly what the shell
// and the start page then ask, or they ask again.
describe('prefetchStartCalls', () => {
  it.each(STARTS)(
    'makes every first call of the shell and of the start page of %s',
    async (_, user, screenCall) => {
      const path = startPage(user, null);
      const server = answerEverything();
      await preloadStartScreen(path);
      prefetchStartCalls(user, path);
      const ahead = server.lines();
      expect(ahead.some((line) => line.startsWith(screenCall))).toBe(true);
      expect(ahead.some((line) => line.startsWith('GET /api/rpm/notification/getUnreadCount'))).toBe(true);

      storeUser(user);
      renderWithProviders(<AppShell notFound={false} />, path);
      await settle();
      await settle();
      expect(server.lines()).toEqual(ahead);
    },
  );

  it('makes only the shell’s calls for a start page that declares none', async () => {
    const server = answerEverything();
    prefetchStartCalls(makeUser(), START_PAGES.technicianCalendar);
    expect(server.lines().map((line) => line.split(' ')[1]?.split('?')[0])).toEqual([
      '/api/getRpmVersion',
      '/api/rpm/monitor/getIncompleteTaskCount',
      '/api/rpm/notification/getUnreadCount',
    ]);
  });
});
