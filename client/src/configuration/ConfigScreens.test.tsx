import { type CallDef, type CptCodeRow, cptCodesList } from '@rpm/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageArea } from '../shell/PageArea';
import { fakeServer, pageOf } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

vi.setConfig({ testTimeout: 20_000 });

const rows: CptCodeRow[] = [
  {
    code_id: 99445,
    code: '99445',
    program: 'RPM',
    rule: 'Device supply, 2-15 reading days',
    effective_from: '2026-01-01',
  },
];

beforeEach(() => {
  storeUser(makeUser({ roleid: [2], pages: ['Cpt Codes Table'] }));
});

describe('Cpt Codes Table (000 §2.4)', () => {
  it('lists the codes with their rules on /app/CPT-codes', async () => {
    fakeServer()
      .on(cptCodesList.calls.list as unknown as CallDef, (r) => pageOf(rows, r.query))
      .on(cptCodesList.calls.filterOptions as unknown as CallDef, { status: 1, data: {} });
    renderWithProviders(
      <PageArea pathname="/app/CPT-codes" title="Cpt Codes" notFound={false} />,
      '/app/CPT-codes',
    );
    expect(await screen.findByText('Device supply, 2-15 reading days')).toBeTruthy();
    expect(screen.getByText('01/01/2026')).toBeTruthy();
  });
});
