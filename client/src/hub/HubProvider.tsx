import { checkSession } from '@rpm/shared';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { ApiError } from '../api/api-error';
import { useApi } from '../errors/ErrorDialogProvider';
import { useSession } from '../session/SessionProvider';
import { readUser } from '../session/storage';
import { type HubConnection, takeOrConnectHub } from './connect-hub';
import { type HubEventName, type HubPayload, INVALID_PAYLOAD, parseHubPayload } from './hub-events';

type Listener = (payload: unknown) => void;

interface Hub {
  readonly subscribe: (event: string, listener: Listener) => () => void;
  readonly onConnect: (listener: () => void) => () => void;
  readonly emit: (event: string, payload: unknown) => void;
  readonly request: (event: string, payload: unknown) => Promise<unknown>;
}

/** How long an acknowledged event waits for the server's answer (a lock takes one database write). */
const HUB_ACK_TIMEOUT_MS = 5000;

const HubContext = createContext<Hub | null>(null);

export interface HubProviderProps {
  readonly children: ReactNode;
}

/**
 * Keeps one real-time connection (socket.io, path /socket.io) for the signed-in user and hands its events to
 * {@link useHubEvent} listeners. It connects when a user is stored, reconnects as the new identity when the user or
 * token changes (temporary login, 000 §4.4) and disconnects on sign-out or unmount. Payloads are parsed with the
 * shared schemas; invalid ones are dropped.
 */
export function HubProvider({ children }: HubProviderProps) {
  const { user } = useSession();
  const api = useApi();
  const uid = user?.user_id;
  const token = user?.token;
  const listeners = useRef(new Map<string, Set<Listener>>());
  const connectListeners = useRef(new Set<() => void>());
  const connection = useRef<HubConnection | null>(null);

  // A layout effect: it runs before the pages' effects, so a connection opened at sign-in is taken over before they
  // subscribe or load (connect-hub.ts openHubEarly).
  useLayoutEffect(() => {
    if (uid === undefined || token === undefined) return;
    let closed = false;
    const dispatch = (event: string, raw: unknown) => {
      const payload = parseHubPayload(event, raw);
      if (payload === INVALID_PAYLOAD) return;
      for (const listener of [...(listeners.current.get(event) ?? [])]) listener(payload);
    };
    const connected = () => {
      for (const listener of [...connectListeners.current]) listener();
    };
    // decisions.md "Ended session's page": the server closes the sockets of a session it ended (deactivation, a
    // password reset); asking for the session then meets the 401 whose alert ends it here and goes to sign-in.
    // A live session (a replica shut down) reconnects.
    // Signing out here closes the socket too: only a session still stored in this tab was ended elsewhere.
    const serverClosed = () => {
      api.call(checkSession, { query: { status: 1 } }, { quiet: true }).then(
        () => {
          if (!closed) connection.current?.reconnect();
        },
        (error: unknown) => {
          if (!closed && error instanceof ApiError && readUser()?.token === token)
            void api.showError({ status: error.status, message: error.message });
        },
      );
    };
    // The connection opened at sign-in when it is this session's (taken before the pages' effects load anything).
    const taken = takeOrConnectHub(
      { uid, token },
      { onEvent: dispatch, onConnect: connected, onServerClose: serverClosed },
    );
    connection.current = taken.opened;
    taken.connection.then(
      (opened) => {
        if (closed) opened.disconnect();
        else connection.current = opened;
      },
      () => {
        // The socket code failed to load (offline, a new deployment): the 10-minute poll still counts (000 §4.6).
      },
    );
    return () => {
      closed = true;
      connection.current?.disconnect();
      connection.current = null;
    };
  }, [uid, token, api]);

  const hub = useMemo<Hub>(
    () => ({
      subscribe: (event, listener) => {
        const set = listeners.current.get(event) ?? new Set<Listener>();
        set.add(listener);
        listeners.current.set(event, set);
        return () => {
          set.delete(listener);
          if (set.size === 0) listeners.current.delete(event);
        };
      },
      onConnect: (listener) => {
        connectListeners.current.add(listener);
        return () => {
          connectListeners.current.delete(listener);
        };
      },
      emit: (event, payload) => connection.current?.emit(event, payload),
      request: (event, payload) =>
        connection.current
          ? connection.current.request(event, payload, HUB_ACK_TIMEOUT_MS)
          : Promise.reject(new Error('The real-time connection is not open.')),
    }),
    [],
  );

  return <HubContext.Provider value={hub}>{children}</HubContext.Provider>;
}

/**
 * Calls `handler` with each `event` the hub receives (payload parsed). The latest handler is used, so it need not be
 * memoised. Outside a {@link HubProvider} nothing arrives (a component still works from polling alone).
 */
export function useHubEvent<E extends HubEventName>(
  event: E,
  handler: (payload: HubPayload<E>) => void,
): void {
  useHubSubscription(
    handler,
    (hub, call) => hub.subscribe(event, (payload) => call(payload as HubPayload<E>)),
    [event],
  );
}

/**
 * Calls `handler` each time the hub connects or reconnects. Pushes sent while a tab was not connected are not
 * replayed, so what they would have updated is to be fetched again here.
 */
export function useHubConnect(handler: () => void): void {
  useHubSubscription(handler, (hub, call) => hub.onConnect(() => call()), []);
}

/** Subscribes to the hub while mounted, always calling the latest `handler` (so it need not be memoised). */
function useHubSubscription<A extends unknown[]>(
  handler: (...args: A) => void,
  subscribe: (hub: Hub, call: (...args: A) => void) => () => void,
  keys: readonly unknown[],
): void {
  const hub = useContext(HubContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `subscribe` is rebuilt each render; `keys` names what it depends on.
  useEffect(() => {
    if (!hub) return;
    return subscribe(hub, (...args) => latest.current(...args));
  }, [hub, ...keys]);
}

/** Sends events to the hub (000 §4.11 sleep-test locks); does nothing while disconnected or outside the provider. */
export function useHubEmit(): (event: HubEventName, payload: unknown) => void {
  const hub = useContext(HubContext);
  return hub?.emit ?? noop;
}

/**
 * Sends an event to the hub and resolves with the server's acknowledgement, unparsed (the caller parses it with
 * the shared schema); rejects while disconnected, outside the provider, or when no answer comes in time.
 */
export function useHubRequest(): (event: HubEventName, payload: unknown) => Promise<unknown> {
  const hub = useContext(HubContext);
  return hub?.request ?? notConnected;
}

function noop(): void {}

function notConnected(): Promise<unknown> {
  return Promise.reject(new Error('The real-time connection is not open.'));
}
