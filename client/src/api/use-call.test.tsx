import { type CallDef, myTasksList } from '@rpm/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { errorAnswer, fakeServer } from '../test/fake-server';
import { storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { useCall } from './use-call';

const list = myTasksList.calls.list as unknown as CallDef;

function Probe({ search }: { readonly search: string }) {
  const { data, loading, failure } = useCall(list, { query: { search } });
  const rows = (data as { data: { title: string }[] } | null)?.data ?? null;
  return (
    <output aria-label="state">
      {loading ? 'loading' : 'idle'}|{rows ? rows.map((r) => r.title).join(',') : 'none'}|
      {failure ? failure.status : '-'}
    </output>
  );
}

const page = (title: string) => ({
  status: 1,
  count: 1,
  data: [
    {
      task_id: 1,
      title,
      description: null,
      patient_id: null,
      patient_name: null,
      patient: null,
      status: 'open',
      due_at: null,
      overdue: false,
      created_by_name: 'A',
      created_at: '2026-03-01T00:00:00Z',
      completed_at: null,
    },
  ],
});

/** Shows the probe for `first`, then for `second` once 'next' is pressed. */
function Harness({ first, second }: { readonly first: string; readonly second: string }) {
  const [search, setSearch] = useState(first);
  return (
    <>
      <button type="button" onClick={() => setSearch(second)}>
        next
      </button>
      <Probe search={search} />
    </>
  );
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'next' }));
const state = () => screen.getByLabelText('state').textContent;

describe('useCall', () => {
  it('a slow answer to an older input never replaces the newer one', async () => {
    storeUser();
    let releaseOld: () => void = () => undefined;
    fakeServer().on(list, (r) =>
      r.query.search === 'old'
        ? new Promise((resolve) => {
            releaseOld = () => resolve(page('old answer'));
          })
        : page('new answer'),
    );
    renderWithProviders(<Harness first="old" second="new" />);
    next();
    await waitFor(() => expect(state()).toBe('idle|new answer|-'));
    releaseOld();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state()).toBe('idle|new answer|-');
  });

  it('shows a failure in the error dialog and clears the data it had', async () => {
    storeUser();
    fakeServer().on(list, (r) =>
      r.query.search === 'bad' ? errorAnswer(500, 'Database is down') : page('rows'),
    );
    renderWithProviders(<Harness first="good" second="bad" />);
    await waitFor(() => expect(state()).toBe('idle|rows|-'));
    next();
    await waitFor(() => expect(state()).toBe('idle|none|500'));
    expect(await screen.findByText('Database is down')).toBeTruthy();
    expect(screen.getByText('Alert - 500')).toBeTruthy();
  });
});
