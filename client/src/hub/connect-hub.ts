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

/** Loads the socket code ahead of {@link connectHub} (the sign-in form asks for it while the password is typed). */
export const preloadHubCode = (): Promise<unknown> => import('socket.io-client');

/**
 * Opens the socket.io connection of the signed-in user (architecture.md "The hub and the jobs"). socket.io-client is imported
 * here, on demand, so the sign-in page never carries it. Every event the server sends reaches `onEvent`; `onConnect`
 * runs at each connect and reconnect; `onServerClose` when the server closes the connection (an ended session, a
 * replica shutting down), after which socket.io does not reconnect by itself.
 * Reconnects start after 1 s (000 §4.11, §9 "socket reconnect 1 second") and back off to socket.io's 5 s cap, so
 * a restarting server is not flooded by every open tab at once.
 */
async function connectHub(
  auth: HubAuth,
  onEvent: (event: string, payload: unknown) => void,
  onConnect: () => void,
  onServerClose: () => void = () => undefined,
): Promise<HubConnection> {
  const { io } = await import('socket.io-client');
  const socket = io({
    path: '/socket.io',
    // A WebSocket at once, one round trip, where a polling start took three requests and held one of the page's six
    // connections during sign-in; polling where a WebSocket cannot open (a proxy refusing upgrades).
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
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

/** An early connection not taken by the shell within this time is closed (the user never reached it). */
const EARLY_HUB_MS = 15_000;

/** The callbacks of a connection; an early one's go nowhere until the shell takes it. */
interface HubCallbacks {
  onEvent(event: string, payload: unknown): void;
  onConnect(): void;
  onServerClose(): void;
}

interface EarlyHub {
  readonly key: string;
  readonly connection: Promise<HubConnection>;
  readonly timer: ReturnType<typeof setTimeout>;
  /** The callbacks in force: the shell's once taken. */
  to: HubCallbacks;
  opened: HubConnection | null;
  /** The server closed it before the shell took it (passed on when taken). */
  serverClosed: boolean;
}

let early: EarlyHub | null = null;
const keyOf = (auth: HubAuth) => `${auth.uid}:${auth.token}`;

/** Closes the connection opened at sign-in if the shell has not taken it (its time ran out; tests clean up). */
export function dropEarlyHub(): void {
  if (!early) return;
  const dropped = early;
  early = null;
  clearTimeout(dropped.timer);
  dropped.connection.then(
    (opened) => opened.disconnect(),
    () => undefined,
  );
}

/**
 * Opens the hub connection of a user who has just signed in, while the signed-in code loads
 * (decisions.md "The hub connects during sign-in"). The shell takes it over before its pages load anything, so a
 * connection made by then needs no reload; a connect after a page's first load makes that page load again, since
 * pushes sent before it are not replayed. Settles once connected, or failed or closed before the shell took it.
 */
export function openHubEarly(auth: HubAuth): Promise<void> {
  dropEarlyHub();
  let settle: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const waiting: HubCallbacks = {
    onEvent: () => undefined,
    onConnect: settle,
    onServerClose: () => {
      if (early?.to === waiting) early.serverClosed = true;
      settle();
    },
  };
  const connection = connectHub(
    auth,
    (event, payload) => pending.to.onEvent(event, payload),
    () => pending.to.onConnect(),
    () => pending.to.onServerClose(),
  );
  const pending: EarlyHub = {
    key: keyOf(auth),
    connection,
    timer: setTimeout(dropEarlyHub, EARLY_HUB_MS),
    to: waiting,
    opened: null,
    serverClosed: false,
  };
  early = pending;
  connection.then(
    (opened) => {
      pending.opened = opened;
    },
    () => {
      if (early === pending) early = null;
      settle();
    },
  );
  return settled;
}

/**
 * The connection of `auth` with these callbacks: the early one when it is this session's, taken over as it is
 * (`opened` when its code has loaded), else a new one.
 */
export function takeOrConnectHub(
  auth: HubAuth,
  to: HubCallbacks,
): { readonly connection: Promise<HubConnection>; readonly opened: HubConnection | null } {
  if (early?.key !== keyOf(auth)) {
    dropEarlyHub();
    return { connection: connectHub(auth, to.onEvent, to.onConnect, to.onServerClose), opened: null };
  }
  const taken = early;
  early = null;
  clearTimeout(taken.timer);
  taken.to = to;
  if (taken.serverClosed) to.onServerClose();
  return { connection: taken.connection, opened: taken.opened };
}
