import { SOCKET_RECONNECT_MS } from '@rpm/shared';

/** The session a hub connection authenticates with (shared `hubAuth`; the session cookie goes along too). */
export interface HubAuth {
  readonly uid: number;
  readonly token: string;
}

/** An open hub connection. */
export interface HubConnection {
  /** Sends an event to the server (000 §4.11: sleep-test locks). */
  readonly emit: (event: string, payload: unknown) => void;
  /**
   * Sends an event and waits for the server's acknowledgement (the SLEEP::LOCK answer carries the lease token);
   * rejects when none arrives within `timeoutMs` (a dropped connection, a server that never answers).
   */
  readonly request: (event: string, payload: unknown, timeoutMs: number) => Promise<unknown>;
  /** Closes the connection for good (sign-out, another user, unmount). */
  readonly disconnect: () => void;
  /** Opens it again after the server closed it. */
  readonly reconnect: () => void;
}

/**
 * Opens the socket.io connection of the signed-in user (architecture.md "The hub and the jobs"). socket.io-client is imported
 * here, on demand, so the sign-in page never carries it. Every event the server sends reaches `onEvent`; `onConnect`
 * runs at each connect and reconnect; `onServerClose` when the server closes the connection (an ended session, a
 * replica shutting down), after which socket.io does not reconnect by itself.
 * Reconnects start after 1 s (000 §4.11, §9 "socket reconnect 1 second") and back off to socket.io's 5 s cap, so
 * a restarting server is not flooded by every open tab at once.
 */
export async function connectHub(
  auth: HubAuth,
  onEvent: (event: string, payload: unknown) => void,
  onConnect: () => void,
  onServerClose: () => void = () => undefined,
): Promise<HubConnection> {
  const { io } = await import('socket.io-client');
  const socket = io({
    path: '/socket.io',
    auth: { uid: auth.uid, token: auth.token },
    withCredentials: true,
    reconnectionDelay: SOCKET_RECONNECT_MS,
  });
  socket.onAny((event: string, payload: unknown) => onEvent(event, payload));
  socket.on('connect', onConnect);
  const closed = (reason: string) => {
    if (reason === 'io server disconnect') onServerClose();
  };
  socket.on('disconnect', closed);
  return {
    emit: (event, payload) => {
      socket.emit(event, payload);
    },
    request: (event, payload, timeoutMs) => socket.timeout(timeoutMs).emitWithAck(event, payload),
    disconnect: () => {
      socket.offAny();
      socket.off('connect', onConnect);
      socket.off('disconnect', closed);
      socket.disconnect();
    },
    reconnect: () => {
      socket.connect();
    },
  };
}
