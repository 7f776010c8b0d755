import {
  coSignSleepInterpretation,
  displayDateTime,
  getSleepTest,
  HUB_EVENTS,
  saveSleepInterpretation,
  signSleepInterpretation,
} from '@rpm/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, storeUser } from '../test/fixtures';
import { LOCK_LOST_MESSAGE } from './InterpretationScreen';
import { detail, hub, open } from './interpretation-test-world';

vi.mock('../hub/HubProvider', async () => (await import('./fake-hub')).fakeHubProvider);

const ME = 42;
const HOLDER_SINCE = '2026-03-10T14:05:00Z';

beforeEach(() => {
  hub.reset();
  storeUser(makeUser({ user_id: ME, name: 'Samuel Adeyemi', roleid: [16], pages: ['Sleep Tests'] }));
});

describe('sleep interpretation view (issue 15 §2–§3)', () => {
  it('takes the lock on open, shows the measures with units, saves with the token and frees the lock on close', async () => {
    const { server, ui } = open(detail());
    await screen.findByText('DOE, JOHN · HST · Test ID 41');
    expect(hub.requested).toEqual([
      [HUB_EVENTS.sleepLock, { testId: 41, userId: ME, userName: 'Samuel Adeyemi' }],
    ]);
    for (const figure of ['18.2 events/h', '21.4 events/h', '15.5 events/h', '81 %', '402 min', '86 %'])
      expect(screen.getByText(figure)).toBeTruthy();
    // The template fills the three texts.
    fireEvent.change(await screen.findByLabelText('Template'), { target: { value: '3' } });
    expect((screen.getByLabelText('Impression') as HTMLTextAreaElement).value).toBe(
      'Moderate OSA (AHI 15-30).',
    );
    server.on(saveSleepInterpretation, { status: 1, message: 'Saved' });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Draft saved.');
    expect(server.last(saveSleepInterpretation)?.body).toEqual({
      test_id: 41,
      token: 7,
      findings: 'Moderate obstructive sleep apnea.',
      impression: 'Moderate OSA (AHI 15-30).',
      recommendations: 'CPAP titration.',
      template_id: 3,
    });
    ui.unmount();
    expect(hub.emitted).toEqual([[HUB_EVENTS.sleepFree, { testId: 41, userId: ME }]]);
  });

  it("is read-only with 'Locked by {name}' and since when, and takes the lock once the holder frees it", async () => {
    hub.answer = () =>
      Promise.resolve({
        ok: false,
        error: 'Locked by Ann Lee',
        lockedBy: { userId: 9, userName: 'Ann Lee', since: HOLDER_SINCE },
      });
    const { ui, server } = open(detail());
    await screen.findByText(
      `Locked by Ann Lee since ${displayDateTime(HOLDER_SINCE)}. The test is read-only.`,
    );
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
    expect((screen.getByLabelText('Findings') as HTMLTextAreaElement).readOnly).toBe(true);
    // A malformed broadcast is not acted on (the provider drops it); another study's free changes nothing.
    hub.answer = () => Promise.resolve({ ok: true, token: 8 });
    act(() => hub.listeners.get(HUB_EVENTS.sleepFree)?.({ testId: 99, userId: 9 }));
    expect(hub.requested).toHaveLength(1);
    act(() => hub.listeners.get(HUB_EVENTS.sleepFree)?.({ testId: 41, userId: 9 }));
    await screen.findByRole('button', { name: 'Save draft' });
    expect(screen.queryByText(/Locked by Ann Lee/)).toBeNull();
    expect(hub.requested).toHaveLength(2);
    // What the holder left (a draft, a signature) is loaded again once the lock is ours.
    await waitFor(() => expect(server.requests(getSleepTest)).toHaveLength(2));
    ui.unmount();
    // Never held before the free: closing frees once, with this reader's id.
    expect(hub.emitted).toEqual([[HUB_EVENTS.sleepFree, { testId: 41, userId: ME }]]);
  });

  it('says the lock was lost on a 409 naming the token and turns read-only; signing needs an impression', async () => {
    const { server } = open(detail());
    const sign = await screen.findByRole('button', { name: 'Sign' });
    expect((sign as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Impression'), { target: { value: 'Mild OSA.' } });
    expect((sign as HTMLButtonElement).disabled).toBe(false);
    server.fail(
      signSleepInterpretation,
      409,
      'Your lock on this sleep test lapsed or was taken over.',
      'token',
    );
    fireEvent.click(sign);
    await screen.findByText(LOCK_LOST_MESSAGE);
    expect(server.last(signSleepInterpretation)?.body.token).toBe(7);
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect((screen.getByLabelText('Impression') as HTMLTextAreaElement).readOnly).toBe(true);
  });

  it('offers Co-sign on a signed co-read to another reader than the signer', async () => {
    const signed = {
      findings: 'f',
      impression: 'Severe OSA.',
      recommendations: 'r',
      template_id: null,
      updated_by: 'Ann Lee',
      updated_at: '2026-03-09T10:00:00Z',
      signed_by: { user_id: 9, name: 'Ann Lee' },
      signed_at: '2026-03-09T10:00:00Z',
      co_reader: null,
      co_signed_at: null,
    };
    const { server } = open(
      detail({ status: 'Interpreted', status_code: 'interpreted', needs_co_read: true }, signed),
    );
    server.on(coSignSleepInterpretation, { status: 1, message: 'Co-signed' });
    fireEvent.click(await screen.findByRole('button', { name: 'Co-sign' }));
    await screen.findByText('Interpretation co-signed.');
    expect(server.last(coSignSleepInterpretation)?.body).toEqual({ test_id: 41, token: 7 });
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
    expect((screen.getByLabelText('Impression') as HTMLTextAreaElement).value).toBe('Severe OSA.');
    await waitFor(() => expect(server.requests(getSleepTest)).toHaveLength(2));
  });
});
