import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { fastifyCookie } from '@fastify/cookie';
import {
  alertsChangedPayload,
  HUB_EVENTS,
  hubAuth,
  type NotificationNewPayload,
  notificationNewPayload,
} from '@rpm/shared';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import { SESSION_COOKIE } from '../auth/session-cookie.js';
import { requireSession, sessionState } from '../auth/sessions.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/schema.js';
import { DomainError, unauthenticated } from '../domain-errors.js';

/** The path socket.io answers on (the client's Vite proxy forwards it to the BFF). */
export const HUB_PATH = '/socket.io';

/** The room of one user's open clients: every tab, every device. */
export const userRoom = (userId: number): string => `user:${userId}`;

/** The room of the clients of one session. */
const sessionRoom = (sessionId: number): string => `session:${sessionId}`;

/** What the hub keeps on each connected socket. */
export interface HubSocketData {
  readonly userId: number;
  readonly sessionId: number;
  /** The administrator behind a temporary login (000 §4.4), or null. */
  readonly actingUserId: number | null;
  /**
   * What the handshake's session query read of the user, for the sleep locks to take without a query of their own
   * (decisions.md "One query per call"); dropped once the connection completes.
   */
  handshakeUser?: {
    readonly roleid: readonly number[];
    readonly practiceIds: readonly number[];
    readonly name: string;
  };
}

/** The real-time hub (architecture.md "The hub and the jobs"): pushes to users' open clients. */
export interface Hub {
  /** Pushes a new bell notification to every open client of the user, at once (000 §2.8, §4.6). */
  notifyUser(userId: number, payload: NotificationNewPayload): void;
  /** Tells the users' open clients that the patient's alerts changed (a worklist or dashboard refetches). */
  alertsChanged(userIds: readonly number[], patientId: number): void;
  /**
   * Disconnects the clients of sessions that have ended (logout, a newer sign-in, the return from a temporary
   * login), on every replica: a socket must not outlive its session. Call it after the ending has committed.
   */
  endSessions(sessionIds: readonly number[]): void;
  /** The socket.io server, for features that add their own events (sleep-test locks, 000 §4.11). */
  readonly io: Server;
  /** Disconnects this replica's sockets whose session ended, every {@link HUB_SWEEP_MS}; answers how many. */
  sweep(): Promise<number>;
  /** Disconnects this replica's clients and stops accepting new ones. */
  close(): Promise<void>;
}

/** How often the hub drops sockets of sessions that ended without a closing call (decisions.md "Hub sweep"). */
const HUB_SWEEP_MS = 60_000;

export interface HubOptions {
  readonly db: Db;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  /** The socket.io adapter: in-process by default, Redis's with REDIS_URL (architecture.md "Modes and replicas"). */
  readonly adapter?: ServerOptions['adapter'];
}

/**
 * Attaches socket.io to the HTTP server. A client authenticates in the handshake with `auth: {uid, token}` and the
 * HttpOnly session cookie (the same pair every HTTP call needs); the session must be live. A refused handshake
 * gets an Error whose message is the 401 text (the client shows it like any 401, 000 §8).
 */
export function createHub(server: HttpServer, opts: HubOptions): Hub {
  const io = new Server(server, {
    path: HUB_PATH,
    // The client bundles socket.io-client; nothing to serve.
    serveClient: false,
    ...(opts.adapter ? { adapter: opts.adapter } : {}),
  });
  releaseUpgradeRequests(server);

  io.use((socket, next) => {
    authenticateSocket(socket, opts).then(
      (data) => {
        socket.data = data;
        next();
      },
      (err: unknown) => {
        if (err instanceof DomainError) return next(new Error(err.message));
        opts.log.error({ err }, 'hub handshake failed');
        next(new Error('Something went wrong on the server. Please try again.'));
      },
    );
  });

  io.on('connection', (socket: Socket) => {
    const data = socket.data as HubSocketData;
    // The handshake has been read: drop engine.io's copy of the first request and its headers, as socket.io's memory
    // guide advises (heap per socket 12.4 → 11.3 KiB with 5,000 sockets).
    (socket.conn as { request: unknown }).request = null;
    socket.handshake.headers = {};
    delete data.handshakeUser;
    void socket.join([userRoom(data.userId), sessionRoom(data.sessionId)]);
  });

  const sweep = async () => {
    const sockets = await io.local.fetchSockets();
    const ids = [...new Set(sockets.map((socket) => (socket.data as HubSocketData).sessionId))];
    if (ids.length === 0) return 0;
    const rows = await opts.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.user_id', 'sessions.user_id')
      .select([
        'sessions.session_id',
        'sessions.ended_at',
        'sessions.created_at',
        'sessions.expires_at',
        'users.active',
      ])
      .where('sessions.session_id', 'in', ids)
      .execute();
    const now = opts.clock.now();
    const liveIds = new Set(
      rows
        .filter((row) => row.active && sessionState(row, now) === 'live')
        .map((row) => Number(row.session_id)),
    );
    const stale = sockets.filter((socket) => !liveIds.has((socket.data as HubSocketData).sessionId));
    for (const socket of stale) socket.disconnect(true);
    return stale.length;
  };
  const sweeper = setInterval(() => {
    sweep().catch((err: unknown) => opts.log.error({ err }, 'hub sweep failed'));
  }, HUB_SWEEP_MS);
  sweeper.unref();

  return {
    io,
    sweep,
    notifyUser(userId, payload) {
      io.to(userRoom(userId)).emit(HUB_EVENTS.notificationNew, notificationNewPayload.parse(payload));
    },
    alertsChanged(userIds, patientId) {
      // One emit to every room: a socket in several of them gets the event once.
      if (userIds.length > 0)
        io.to(userIds.map(userRoom)).emit(
          HUB_EVENTS.alertsChanged,
          alertsChangedPayload.parse({ patient_id: patientId }),
        );
    },
    endSessions(sessionIds) {
      if (sessionIds.length > 0) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    async close() {
      clearInterval(sweeper);
      // Only this replica's sockets: with a shared adapter io.disconnectSockets() would reach every replica.
      io.local.disconnectSockets(true);
      io.engine.close();
      await io.of('/').adapter.close();
    },
  };
}

async function authenticateSocket(socket: Socket, opts: HubOptions): Promise<HubSocketData> {
  const creds = hubAuth.safeParse(socket.handshake.auth);
  if (!creds.success)
    throw unauthenticated('Sign in first: the hub handshake needs the uid and token of your session.');
  const cookieHeader = socket.handshake.headers.cookie;
  const cookieSecret = cookieHeader ? fastifyCookie.parse(cookieHeader)[SESSION_COOKIE] : undefined;
  const session = await requireSession(opts.db, opts.clock, { ...creds.data, cookieSecret });
  if (!session.user.active)
    throw unauthenticated('This account is disabled. Please contact your administrator.');
  const { roleid, practiceIds, name } = session.user;
  return {
    userId: session.userId,
    sessionId: session.sessionId,
    actingUserId: session.actingUserId,
    handshakeUser: { roleid, practiceIds, name },
  };
}

/**
 * Lets a WebSocket's upgrade request be collected once the hub has read it: engine.io's upgrade leaves a 'close'
 * listener holding it for the socket's life (decisions.md "The hub drops engine.io's hold on the upgrade request").
 * The listener is known by its source: if engine.io changes it, nothing is removed (and the hub's test fails).
 */
function releaseUpgradeRequests(server: HttpServer): void {
  server.on('upgrade', (_req: IncomingMessage, tcp: Duplex) => {
    for (const listener of tcp.rawListeners('close'))
      if (String((listener as { listener?: unknown }).listener) === '() => this.emit("close")')
        tcp.removeListener('close', listener as () => void);
  });
}
