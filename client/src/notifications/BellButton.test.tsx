// Over 300 lines: the bell of 000 §2.8: badge, popup, live pushes, opening and clearing.
import {
  addCheckInEntry,
  alertTitle,
  type BellNotification,
  clearAllNotificationsForUser,
  getAllForBellIcon,
  getDetailsByUserID,
  HUB_EVENTS,
  MSG,
  readAll,
  SNACKBAR_MS,
} from '@rpm/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ErrorDialogProvider } from '../errors/ErrorDialogProvider';
import { HubProvider } from '../hub/HubProvider';
import { SessionProvider } from '../session/SessionProvider';
import { fakeServer, requestLine } from '../test/fake-server';
import { listPatientOf, makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { showToast } from '../toaster/toast';
import { BellButton } from './BellButton';

const unread = { count: 0, refresh: vi.fn() };
vi.mock('../machines/hooks', () => ({ useUnreadCount: () => unread }));
vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));

let hubListener: ((event: string, payload: unknown) => void) | undefined;
let hubConnected: (() => void) | undefined;
vi.mock('socket.io-client', () => ({
  io: () => ({
    onAny: (listener: (event: string, payload: unknown) => void) => {
      hubListener = listener;
    },
    offAny: () => undefined,
    on: (event: string, listener: () => void) => {
      if (event === 'connect') hubConnected = listener;
    },
    off: () => undefined,
    disconnect: () => undefined,
  }),
}));

function notification(overrides: Partial<BellNotification> = {}): BellNotification {
  return {
    notification_id: 1,
    fk_patient_id: 5,
    device_type_icon: 'bp.png',
    notification_message: '<b>Ann Lee</b> Systolic 182 mmHg<script>window.hacked = 1</script>',
    created_at: '2026-01-02T10:00:00.000Z',
    is_read: 0,
    patient: listPatientOf(5, 'Lee, Ann', { dob: '1948-07-09' }),
    ...overrides,
  };
}

const patient = {
  patient_id: 5,
  firstname: 'Ann',
  lastname: 'Lee',
  dob: null,
  mobile: null,
  phone: null,
  organization_id: 7,
  practice_id: 1,
  location_id: null,
};

/** Answers the bell's calls; `.on()` on the result replaces one. */
function serve(list: BellNotification[]) {
  return fakeServer()
    .on(getAllForBellIcon, { status: 1, data: list })
    .on(clearAllNotificationsForUser, { status: 1, message: 'Cleared' })
    .on(getDetailsByUserID, { status: 1, data: patient })
    .on(readAll, { status: 1, message: 'Read' })
    .on(addCheckInEntry, { status: 1, message: 'Added' });
}

beforeEach(() => {
  unread.count = 0;
  unread.refresh = vi.fn();
  hubListener = undefined;
});

/** The bell at /app/dashboard with every visited path recorded (memory location with history). */
function renderRecorded() {
  const location = memoryLocation({ path: '/app/dashboard', record: true });
  render(
    <Router hook={location.hook}>
      <SessionProvider>
        <ErrorDialogProvider>
          <BellButton />
        </ErrorDialogProvider>
      </SessionProvider>
    </Router>,
  );
  return { history: location.history ?? [] };
}

async function openBell() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /^Notifications/ }));
  return user;
}

describe('BellButton', () => {
  it('shows the unread count as a badge, and none at 0', () => {
    storeUser();
    unread.count = 3;
    const { unmount } = renderWithProviders(<BellButton />, '/app/dashboard');
    expect(screen.getByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(document.querySelector('.bell-badge')?.textContent).toBe('3');
    unmount();

    unread.count = 0;
    renderWithProviders(<BellButton />, '/app/dashboard');
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(document.querySelector('.bell-badge')).toBeNull();
  });

  it('caps the badge at 99+', () => {
    storeUser();
    unread.count = 140;
    renderWithProviders(<BellButton />, '/app/dashboard');
    expect(document.querySelector('.bell-badge')?.textContent).toBe('99+');
  });

  it("shows 'Loading...', then the sanitised messages with their device icons in a 350 px popup", async () => {
    storeUser();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fakeServer().on(getAllForBellIcon, async () => {
      await gate;
      return {
        status: 1,
        data: [notification(), notification({ notification_id: 2, device_type_icon: null })],
      };
    });
    renderWithProviders(<BellButton />, '/app/dashboard');
    await openBell();

    const popup = await screen.findByRole('region', { name: 'Notifications' });
    expect(popup.style.width).toBe('350px');
    expect(within(popup).getByText(MSG.loading)).toBeTruthy();
    release();

    await waitFor(() => expect(within(popup).queryByText(MSG.loading)).toBeNull());
    const entries = within(popup).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    const message = entries[0]?.querySelector('.bell-entry-message');
    expect(message?.innerHTML).toBe('<b>Ann Lee</b> Systolic 182 mmHg');
    expect((window as { hacked?: number }).hacked).toBeUndefined();

    const img = entries[0]?.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/icons/bp.png');
    // A broken image gives way to a neutral icon; so does a missing one.
    if (img) fireEvent.error(img);
    expect(entries[0]?.querySelector('img')).toBeNull();
    expect(entries[0]?.querySelector('.bell-entry-icon')).not.toBeNull();
    expect(entries[1]?.querySelector('img')).toBeNull();
  });

  it("says 'No alerts for you' when there is none", async () => {
    storeUser();
    serve([]);
    renderWithProviders(<BellButton />, '/app/dashboard');
    await openBell();
    expect(await screen.findByText(MSG.noAlerts)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear All' })).toHaveProperty('disabled', true);
  });

  it('clear all: No keeps everything; Yes clears with the first role, toasts 3 s and refreshes the count', async () => {
    storeUser(makeUser({ user_id: 42, roleid: [5, 8] }));
    const server = serve([notification()]);
    renderWithProviders(<BellButton />, '/app/dashboard');
    const user = await openBell();
    await screen.findByText('Ann Lee');

    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(await screen.findByText(MSG.clearAllConfirm)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: MSG.no }));
    await waitFor(() => expect(screen.queryByText(MSG.clearAllConfirm)).toBeNull());
    expect(server.lines()).toEqual([requestLine(getAllForBellIcon)]);
    // The popup stayed open under the confirmation.
    expect(screen.getByText('Ann Lee')).toBeTruthy();

    // From now on the server has nothing left to list.
    const after = serve([]);
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    await user.click(await screen.findByRole('button', { name: MSG.yes }));

    await waitFor(() => expect(showToast).toHaveBeenCalled());
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ message: MSG.updatedSuccessfully, timeout: SNACKBAR_MS }),
    );
    expect(unread.refresh).toHaveBeenCalledWith(true);
    await waitFor(() => expect(screen.getByText(MSG.noAlerts)).toBeTruthy());
    expect(after.lines()).toEqual([
      requestLine(clearAllNotificationsForUser, { body: { userid: 42, roleid: 5 } }),
      requestLine(getAllForBellIcon),
    ]);
  });

  it.each([
    { roles: [6], checkIn: true },
    { roles: [20, 8], checkIn: true },
    { roles: [8, 2], checkIn: false },
    { roles: [13], checkIn: true },
    { roles: [2], checkIn: false },
    { roles: [1, 6], checkIn: false },
    { roles: [5], checkIn: false },
    { roles: [9, 13], checkIn: false },
  ])(
    'choosing a notification with roles $roles: lookup, monitor, chart, read (check-in: $checkIn)',
    async ({ roles, checkIn }) => {
      storeUser(makeUser({ user_id: 42, roleid: roles }));
      const server = serve([notification()]);
      const { history } = renderRecorded();
      const user = await openBell();
      await user.click(await screen.findByRole('button', { name: /Ann Lee/ }));

      await waitFor(() => expect(unread.refresh).toHaveBeenCalledWith(true));
      expect(server.lines()).toEqual([
        requestLine(getAllForBellIcon),
        requestLine(getDetailsByUserID, { query: { userid: 5, roleid: 7 } }),
        requestLine(readAll, { query: { user_id: 42, patient_id: 5 } }),
        ...(checkIn ? [requestLine(addCheckInEntry, { body: { patient_id: 5 } })] : []),
      ]);
      // The monitor page is pushed first, so Back returns to it (000 §2.8).
      expect(history).toEqual([
        '/app/dashboard',
        '/app/ActiveNotifications/monitor/5',
        '/app/patient-chart/overview/5',
      ]);
    },
  );

  it('stops when the patient lookup fails: the error dialog shows and nothing is marked read', async () => {
    storeUser();
    const server = serve([notification()]).fail(getDetailsByUserID, 403, 'Not your patient');
    const { path } = renderWithProviders(<BellButton />, '/app/dashboard');
    const user = await openBell();
    await user.click(await screen.findByRole('button', { name: /Ann Lee/ }));

    const dialog = await screen.findByRole('alertdialog', { name: alertTitle(403) });
    expect(dialog.textContent).toContain('Not your patient');
    expect(server.lines()).toEqual([
      requestLine(getAllForBellIcon),
      requestLine(getDetailsByUserID, { query: { userid: 5, roleid: 7 } }),
    ]);
    expect(path()).toBe('/app/dashboard');
  });

  it("names each entry's patient with DOB and MRN or RPM ID, and marks a namesake 'Same name' (issue 38 §2)", async () => {
    storeUser();
    serve([
      notification(),
      notification({
        notification_id: 2,
        fk_patient_id: 6,
        patient: listPatientOf(6, 'Hill, Rosa', { dob: '1950-03-14', mrn: null, same_name: true }),
      }),
    ]);
    renderWithProviders(<BellButton />, '/app/dashboard');
    await openBell();
    const [lee, hill] = await screen.findAllByRole('button', { name: /DOB/ });
    expect(lee?.textContent).toContain('LEE, ANN');
    expect(lee?.textContent).toContain('DOB 07/09/1948 · MRN M5');
    expect(lee?.textContent).not.toContain('Same name');
    expect(hill?.textContent).toContain('HILL, ROSA');
    expect(hill?.textContent).toContain('Same name');
    expect(hill?.textContent).toContain('DOB 03/14/1950 · RPM ID 6');
  });

  it('shows a notification without a patient as text, not as a link', async () => {
    storeUser();
    serve([notification({ fk_patient_id: null, patient: null, notification_message: 'Team meeting at 3' })]);
    renderWithProviders(<BellButton />, '/app/dashboard');
    await openBell();
    expect(await screen.findByText('Team meeting at 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Team meeting/ })).toBeNull();
  });

  it('refreshes the count, and the open list, as soon as the hub announces a notification', async () => {
    storeUser();
    const server = serve([notification()]);
    renderWithProviders(
      <HubProvider>
        <BellButton />
      </HubProvider>,
      '/app/dashboard',
    );
    await waitFor(() => expect(hubListener).toBeDefined());
    act(() => hubListener?.(HUB_EVENTS.notificationNew, notification({ notification_id: 3 })));
    expect(unread.refresh).toHaveBeenCalledWith(true);
    expect(server.fetch).not.toHaveBeenCalled();

    await openBell();
    await screen.findByText('Ann Lee');
    serve([notification(), notification({ notification_id: 3, notification_message: 'New one' })]);
    act(() => hubListener?.(HUB_EVENTS.notificationNew, notification({ notification_id: 3 })));
    expect(await screen.findByText('New one')).toBeTruthy();
    expect(unread.refresh).toHaveBeenCalledTimes(2);
  });

  it('counts again when the hub (re)connects: pushes sent before are not replayed', async () => {
    hubConnected = undefined;
    storeUser();
    serve([]);
    renderWithProviders(
      <HubProvider>
        <BellButton />
      </HubProvider>,
      '/app/dashboard',
    );
    await waitFor(() => expect(hubConnected).toBeDefined());
    unread.refresh.mockClear();
    act(() => hubConnected?.());
    expect(unread.refresh).toHaveBeenCalledWith(true);
  });
});
