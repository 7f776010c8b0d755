// Over 300 lines: the provider's whole contract (connect, events, emits, reconnects, the sign-in's connection) against one fake socket.
import {
  alertTitle,
  checkSession,
  HUB_EVENTS,
  type NotificationNewPayload,
  SOCKET_RECONNECT_MS,
} from '@rpm/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../session/storage';
import { fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { openHubEarly } from './connect-hub';
import { HubProvider, useHubConnect, useHubEmit, useHubEvent } from './HubProvider';

/** A socket.io client socket as far as the hub uses it. */
class FakeSocket {
  anyListener: ((event: string, ...args: unknown[]) => void) | undefined;
  connectListeners = new Set<() => void>();
  disconnected = false;
  emitted: [string, unknown][] = [];
  onAny(listener: (event: string, ...args: unknown[]) => void) {
    this.anyListener = listener;
    return this;
  }
  offAny() {
    this.anyListener = undefined;
    return this;
  }
  disconnectListeners = new Set<(reason: string) => void>();
  on(event: string, listener: (reason: string) => void) {
    if (event === 'connect') this.connectListeners.add(listener as () => void);
    if (event === 'disconnect') this.disconnectListeners.add(listener);
    return this;
  }
  off(event: string, listener: (reason: string) => void) {
    if (event === 'connect') this.connectListeners.delete(listener as () => void);
    if (event === 'disconnect') this.disconnectListeners.delete(listener);
    return this;
  }
  /** The server closes the connection (socket.io then does not reconnect by itself). */
  serverClose() {
    act(() => {
      for (const listener of this.disconnectListeners) listener('io server disconnect');
    });
  }
  /** The connection is (re)established. */
  connect() {
    act(() => {
      for (const listener of this.connectListeners) listener();
    });
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  /** The server sends `event`. */
  receive(event: string, payload: unknown) {
    act(() => this.anyListener?.(event, payload));
  }
}

const sockets: { options: unknown; socket: FakeSocket }[] = [];
vi.mock('socket.io-client', () => ({
  io: (options: unknown) => {
    const socket = new FakeSocket();
    sockets.push({ options, socket });
    return socket;
  },
}));

const payload: NotificationNewPayload = {
  notification_id: 9,
  fk_patient_id: 5,
  device_type_icon: 'bp.png',
  notification_message: '<b>Ann Lee</b> high reading',
  created_at: '2026-01-02T10:00:00.000Z',
  is_read: 0,
};

function Listener() {
  const [received, setReceived] = useState<string[]>([]);
  useHubEvent(HUB_EVENTS.notificationNew, (p) => setReceived((r) => [...r, p.notification_message]));
  const emit = useHubEmit();
  return (
    <>
      <ul>
        {received.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <button type="button" onClick={() => emit(HUB_EVENTS.sleepLock, { testId: 3 })}>
        lock
      </button>
    </>
  );
}

/** The provider with the test's Listener inside. */
function renderListening() {
  return renderWithProviders(
    <HubProvider>
      <Listener />
    </HubProvider>,
  );
}

/** Counts the hub's connects. */
function OnConnect({ handler }: { readonly handler: () => void }) {
  useHubConnect(handler);
  return null;
}

/** The provider with one useHubConnect listener; answers the listener's mock. */
function renderCountingConnects() {
  const connects = vi.fn();
  const rendered = renderWithProviders(
    <HubProvider>
      <OnConnect handler={connects} />
    </HubProvider>,
  );
  return { connects, unmount: rendered.unmount };
}

beforeEach(() => {
  sockets.length = 0;
});

describe('HubProvider', () => {
  it('connects as the stored user with the session and a 1 s reconnect, by WebSocket first', async () => {
    storeUser(makeUser({ user_id: 42, token: 'tok-42' }));
    renderListening();
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(sockets[0]?.options).toEqual({
      path: '/socket.io',
      auth: { uid: 42, token: 'tok-42' },
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      withCredentials: true,
      reconnectionDelay: SOCKET_RECONNECT_MS,
    });
  });

  it('does not connect without a signed-in user', async () => {
    renderListening();
    await act(async () => {
      await import('socket.io-client');
    });
    expect(sockets).toHaveLength(0);
  });

  it('hands parsed notifications to listeners and drops invalid payloads', async () => {
    storeUser();
    renderListening();
    await waitFor(() => expect(sockets[0]?.socket.anyListener).toBeDefined());
    const socket = sockets[0]?.socket as FakeSocket;
    socket.receive(HUB_EVENTS.notificationNew, payload);
    socket.receive(HUB_EVENTS.notificationNew, {
      ...payload,
      notification_id: 'x',
      notification_message: 'bad',
    });
    socket.receive('SOMETHING::ELSE', payload);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      payload.notification_message,
    ]);
  });

  it('tells useHubConnect listeners of each connect and reconnect, until unmounted', async () => {
    storeUser();
    const { connects, unmount } = renderCountingConnects();
    await waitFor(() => expect(sockets[0]?.socket.connectListeners.size).toBe(1));
    const socket = sockets[0]?.socket as FakeSocket;
    socket.connect();
    socket.connect();
    expect(connects).toHaveBeenCalledTimes(2);
    unmount();
    expect(socket.connectListeners.size).toBe(0);
  });

  it('takes over the connection opened at sign-in: a connect before the pages loaded asks no reload', async () => {
    storeUser(makeUser({ user_id: 42, token: 'tok-42' }));
    openHubEarly({ uid: 42, token: 'tok-42' });
    await waitFor(() => expect(sockets[0]?.socket.anyListener).toBeDefined());
    const socket = sockets[0]?.socket as FakeSocket;
    socket.connect();
    const connects = vi.fn();
    renderWithProviders(
      <HubProvider>
        <OnConnect handler={connects} />
        <Listener />
      </HubProvider>,
    );
    // Its socket, taken over: no second connection, no reload, and events and emits go through it.
    expect(sockets).toHaveLength(1);
    expect(connects).not.toHaveBeenCalled();
    socket.receive(HUB_EVENTS.notificationNew, payload);
    expect(screen.getByRole('listitem').textContent).toBe(payload.notification_message);
    act(() => screen.getByRole('button', { name: 'lock' }).click());
    expect(socket.emitted).toEqual([[HUB_EVENTS.sleepLock, { testId: 3 }]]);
    // A later reconnect reloads as always.
    socket.connect();
    expect(connects).toHaveBeenCalledTimes(1);
  });

  it('tells the sign-in when its connection has connected, or was closed before the shell took it', async () => {
    const settled = vi.fn();
    void openHubEarly({ uid: 42, token: 'tok-42' }).then(settled);
    await waitFor(() => expect(sockets[0]?.socket.connectListeners.size).toBe(1));
    await act(async () => undefined);
    expect(settled).not.toHaveBeenCalled();
    sockets[0]?.socket.connect();
    await waitFor(() => expect(settled).toHaveBeenCalledTimes(1));

    const closed = vi.fn();
    void openHubEarly({ uid: 43, token: 'tok-43' }).then(closed);
    await waitFor(() => expect(sockets[1]?.socket.disconnectListeners.size).toBe(1));
    sockets[1]?.socket.serverClose();
    await waitFor(() => expect(closed).toHaveBeenCalledTimes(1));
  });

  it('passes on the first connect of a connection opened at sign-in that was not connected yet', async () => {
    storeUser(makeUser({ user_id: 42, token: 'tok-42' }));
    openHubEarly({ uid: 42, token: 'tok-42' });
    const { connects } = renderCountingConnects();
    await waitFor(() => expect(sockets[0]?.socket.connectListeners.size).toBe(1));
    const socket = sockets[0]?.socket as FakeSocket;
    socket.connect();
    expect(connects).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(1);
  });

  it('closes a connection opened at sign-in for another session, and connects the stored one', async () => {
    openHubEarly({ uid: 7, token: 'tok-7' });
    await waitFor(() => expect(sockets).toHaveLength(1));
    storeUser(makeUser({ user_id: 42, token: 'tok-42' }));
    renderListening();
    await waitFor(() => expect(sockets).toHaveLength(2));
    expect(sockets[0]?.socket.disconnected).toBe(true);
    expect(sockets[1]?.options).toMatchObject({ auth: { uid: 42, token: 'tok-42' } });
  });

  it('emits through the open connection', async () => {
    storeUser();
    renderListening();
    await waitFor(() => expect(sockets[0]?.socket.anyListener).toBeDefined());
    act(() => screen.getByRole('button', { name: 'lock' }).click());
    expect(sockets[0]?.socket.emitted).toEqual([[HUB_EVENTS.sleepLock, { testId: 3 }]]);
  });

  it('disconnects on unmount and on sign-out', async () => {
    storeUser();
    const { unmount } = renderListening();
    await waitFor(() => expect(sockets[0]?.socket.anyListener).toBeDefined());
    unmount();
    expect(sockets[0]?.socket.disconnected).toBe(true);

    storeUser();
    renderListening();
    await waitFor(() => expect(sockets[1]?.socket.anyListener).toBeDefined());
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    await waitFor(() => expect(sockets[1]?.socket.disconnected).toBe(true));
  });

  it('reconnects as the new identity when the user changes (temporary login)', async () => {
    storeUser(makeUser({ user_id: 1, token: 'a' }));
    renderListening();
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => {
      storeUser(makeUser({ user_id: 2, token: 'b' }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    });
    await waitFor(() => expect(sockets).toHaveLength(2));
    expect(sockets[0]?.socket.disconnected).toBe(true);
    expect(sockets[1]?.options).toMatchObject({ auth: { uid: 2, token: 'b' } });
  });

  it('asks for the session when the server closes the socket: an ended one shows the 401 alert', async () => {
    storeUser(makeUser({ user_id: 7, token: 'gone' }));
    const server = fakeServer().fail(checkSession, 401, 'Your account is deactivated.');
    renderListening();
    await waitFor(() => expect(sockets[0]?.socket.disconnectListeners.size).toBe(1));
    sockets[0]?.socket.serverClose();
    expect(await screen.findByRole('alertdialog', { name: alertTitle(401) })).toBeTruthy();
    expect(server.requests(checkSession)[0]?.query).toEqual({ status: '1' });
  });

  it('shows no alert when this tab signed out: its own sign-out closed the socket', async () => {
    storeUser(makeUser({ user_id: 7, token: 'leaving' }));
    const server = fakeServer().fail(checkSession, 401, 'Sign in first.');
    renderListening();
    await waitFor(() => expect(sockets[0]?.socket.disconnectListeners.size).toBe(1));
    sockets[0]?.socket.serverClose();
    // The sign-out clears the stored session before the check's answer arrives (session/logout.ts).
    clearSession();
    await waitFor(() => expect(server.requests(checkSession)).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('reconnects when the session is still live (a replica shut down)', async () => {
    storeUser(makeUser({ user_id: 7, token: 'live' }));
    fakeServer().on(checkSession, { status: 1, message: 'ok' });
    const { connects: handler } = renderCountingConnects();
    await waitFor(() => expect(sockets[0]?.socket.disconnectListeners.size).toBe(1));
    sockets[0]?.socket.serverClose();
    await waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
  });
});
