import { breakSleepTestLock, HUB_EVENTS, LOCK_BREAK_REASON_MIN } from '@rpm/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, storeUser } from '../test/fixtures';
import { detail, hub, open } from './interpretation-test-world';

vi.mock('../hub/HubProvider', async () => (await import('./fake-hub')).fakeHubProvider);

const ME = 42;
const HOLDER = 9;
const lockedByAnn = () =>
  Promise.resolve({
    ok: false,
    error: 'Locked by Ann Lee',
    lockedBy: { userId: HOLDER, userName: 'Ann Lee', since: '2026-03-10T14:05:00Z' },
  });
const signInAs = (roleid: number[]) =>
  storeUser(makeUser({ user_id: ME, name: 'Samuel Adeyemi', roleid, pages: ['Sleep Tests'] }));
const fire = (event: string, payload: unknown) => act(() => hub.listeners.get(event)?.(payload));

beforeEach(() => hub.reset());

describe('sleep lock hand-over and break (issue 15 §2; decisions.md "Sleep lock hand-over")', () => {
  it('lets a second reader request a hand-over; "Keep" is shown, "Hand over" gives the study to them', async () => {
    signInAs([16]);
    hub.answer = (event) => (event === HUB_EVENTS.sleepLock ? lockedByAnn() : Promise.resolve({ ok: true }));
    open(detail());
    fireEvent.click(await screen.findByRole('button', { name: 'Request hand-over' }));
    await screen.findByText('Hand-over requested; waiting for Ann Lee.');
    expect(hub.requested.at(-1)).toEqual([HUB_EVENTS.sleepHandOverRequest, { testId: 41, userId: ME }]);
    expect(screen.queryByRole('button', { name: 'Break lock' })).toBeNull();
    const answer = { testId: 41, userId: HOLDER, requesterId: ME };
    fire(HUB_EVENTS.sleepHandOverAnswer, { ...answer, accept: false });
    await screen.findByText('Ann Lee keeps the test for now.');
    // Handed over: the view takes the lease the server moved to this reader, and may write.
    hub.answer = () => Promise.resolve({ ok: true, token: 11 });
    fire(HUB_EVENTS.sleepHandOverAnswer, { ...answer, accept: true });
    await screen.findByRole('button', { name: 'Save draft' });
    expect(screen.queryByText(/Locked by Ann Lee/)).toBeNull();
    expect(hub.requested.at(-1)).toEqual([
      HUB_EVENTS.sleepLock,
      { testId: 41, userId: ME, userName: 'Samuel Adeyemi' },
    ]);
  });

  it('asks the holder with a toast; "Keep" keeps it, "Hand over" turns the view read-only', async () => {
    signInAs([16]);
    const { ui } = open(detail());
    await screen.findByRole('button', { name: 'Save draft' });
    hub.answer = () => Promise.resolve({ ok: true });
    const ask = { testId: 41, userId: HOLDER, userName: 'Ann Lee' };
    fire(HUB_EVENTS.sleepHandOverRequest, ask);
    fireEvent.click(await screen.findByRole('button', { name: 'Keep' }));
    expect(hub.requested.at(-1)).toEqual([
      HUB_EVENTS.sleepHandOverAnswer,
      { testId: 41, userId: ME, requesterId: HOLDER, accept: false },
    ]);
    await waitFor(() => expect(screen.queryByText('Ann Lee asks you to hand over this test.')).toBeNull());
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeTruthy();
    fire(HUB_EVENTS.sleepHandOverRequest, ask);
    await screen.findByText('Ann Lee asks you to hand over this test.');
    fireEvent.click(screen.getByRole('button', { name: 'Hand over' }));
    await screen.findByText(/Locked by Ann Lee since .*\. The test is read-only\./);
    expect(hub.requested.at(-1)).toEqual([
      HUB_EVENTS.sleepHandOverAnswer,
      { testId: 41, userId: ME, requesterId: HOLDER, accept: true },
    ]);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    // No longer the holder: closing the view frees nothing.
    ui.unmount();
    expect(hub.emitted).toEqual([]);
  });

  it('lets an administrator break the lock with a reason of at least the minimum length', async () => {
    signInAs([1]);
    hub.answer = lockedByAnn;
    const { server } = open(detail());
    fireEvent.click(await screen.findByRole('button', { name: 'Break lock' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = () =>
      screen
        .getAllByRole('button', { name: 'Break lock' })
        .find((b) => dialog.contains(b)) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('Reason'), {
      target: { value: `  ${'x'.repeat(LOCK_BREAK_REASON_MIN - 1)}  ` },
    });
    expect(confirm().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Reader left for the day ' } });
    expect(confirm().disabled).toBe(false);
    server.on(breakSleepTestLock, { status: 1, message: 'Lock broken.' });
    fireEvent.click(confirm());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.last(breakSleepTestLock)?.body).toEqual({ test_id: 41, reason: 'Reader left for the day' });
  });
});
