import {
  type CallDef,
  dentalCasesList,
  getDentalStageCounts,
  type ListDef,
  MSG,
  pageTitle,
  type StoredUser,
  sleepCoReadList,
  sleepLabList,
  sleepTestsList,
  startPage,
} from '@rpm/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PageArea } from '../shell/PageArea';
import { fakeServer, pageOf } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../hub/HubProvider', () => ({ useHubEvent: () => undefined, useHubConnect: () => undefined }));

/** The sleep and dental users of 000 §6.1 (the technician calendar of role 20 is another part's screen). */
const USERS: [string, Partial<StoredUser>][] = [
  ['role 16', { roleid: [16], pages: ['Sleep Tests'] }],
  ['role 17 with onlyCoRead', { roleid: [17], onlyCoRead: 1, pages: ['Sleep Tests Co-Read'] }],
  ['role 18', { roleid: [18], pages: ['Dental Dashboard'] }],
  ['a sleep-lab user (role 5)', { roleid: [5], is_sleeplab_user: 1, pages: ['Sleep Lab Table'] }],
  ['an interpreting physician', { roleid: [6], is_interpreting_prac: 1, pages: ['Sleep Tests'] }],
  ['a dentist', { roleid: [6], is_dentist: 1, pages: ['Dental Dashboard'] }],
];

const serveList = (server: ReturnType<typeof fakeServer>, def: ListDef) =>
  server
    .on(def.calls.list as unknown as CallDef, (r) => pageOf([], r.query))
    .on(def.calls.filterOptions as unknown as CallDef, () => ({ status: 1, data: {} }));

describe('start pages of the sleep and dental users (000 §6.1)', () => {
  it.each(USERS)('%s lands on its real screen, not Coming soon', async (_who, flags) => {
    const user = makeUser(flags);
    storeUser(user);
    const server = fakeServer().on(getDentalStageCounts, { status: 1, data: [] });
    for (const def of [sleepTestsList, sleepCoReadList, sleepLabList, dentalCasesList])
      serveList(server, def as unknown as ListDef);
    const path = startPage(user, null);
    expect(path).not.toBe('/app/dashboard');
    renderWithProviders(<PageArea pathname={path} title={pageTitle(path)} notFound={false} />, path);
    expect(await screen.findByText(MSG.noRecordsFound)).toBeTruthy();
    expect(screen.queryByText(/^Coming soon/)).toBeNull();
  });
});
