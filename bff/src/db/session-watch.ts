import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { ACK, BARRIER, SESSION_SCOPE_CHANNEL, type SessionCache } from '../auth/session-cache.js';

/** How long a lost PostgreSQL listener waits before it connects again; the cache keeps nothing meanwhile. */
const RECONNECT_MS = 1_000;

/** The application_name of every replica's listener connection, by which a session end counts them (connect.ts). */
export const SESSION_WATCH_NAME = 'rpm-session-watch';

/** Stops a watch: no more notifications, no reconnects. */
export type StopWatch = () => Promise<void>;

/**
 * PGlite: its one session delivers the triggers' notifications to `listen` before the writing statement (or its
 * COMMIT) answers, whichever path wrote, so the cache is emptied before the writer goes on.
 */
export async function watchPglite(pglite: PGlite, cache: SessionCache): Promise<StopWatch> {
  const unlisten = await pglite.listen(SESSION_SCOPE_CHANNEL, (payload) => cache.notified(payload));
  cache.resume();
  return async () => {
    cache.suspend();
    await unlisten();
  };
}

/**
 * PostgreSQL: a connection of its own LISTENs for the triggers' notifications, so writes of every replica and of any
 * other client empty this process's cache once they commit. While it is not listening (connecting, lost, or LISTEN
 * refused, as behind a transaction-pooling proxy) the cache keeps nothing, and every call reads its session.
 */
export async function watchPostgres(
  config: pg.ClientConfig,
  cache: SessionCache,
  warn: (message: string) => void = (message) => process.emitWarning(message),
): Promise<StopWatch> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const lost = (reason: string) => {
    cache.suspend();
    if (client) discard(client);
    client = undefined;
    if (stopped) return;
    warn(`session cache paused, its PostgreSQL listener failed: ${reason}`);
    retry = setTimeout(() => void connect(), RECONNECT_MS);
    retry.unref();
  };

  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ ...config, application_name: SESSION_WATCH_NAME });
    client = next;
    next.on('notification', (message) => {
      if (message.channel !== SESSION_SCOPE_CHANNEL) return;
      const payload = message.payload ?? '';
      cache.notified(payload);
      // A session end's barrier: acknowledged once everything before it, in commit order, has emptied this cache.
      if (payload.startsWith(BARRIER))
        next
          .query('select pg_notify($1, $2)', [
            SESSION_SCOPE_CHANNEL,
            `${ACK}${payload.slice(BARRIER.length)}`,
          ])
          .catch(() => {});
    });
    next.on('error', (error) => {
      if (client === next) lost(error.message);
    });
    next.on('end', () => {
      if (client === next) lost('connection ended');
    });
    try {
      await next.connect();
      await next.query(`listen ${SESSION_SCOPE_CHANNEL}`);
      if (client === next && !stopped) cache.resume();
    } catch (error) {
      if (client === next) lost(error instanceof Error ? error.message : String(error));
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    cache.suspend();
    const last = client;
    client = undefined;
    if (last) await discard(last);
  };
}

/** Ends a client whose events no longer matter; a late 'error' is swallowed, not thrown by the emitter. */
function discard(client: pg.Client): Promise<void> {
  client.removeAllListeners();
  client.on('error', () => {});
  return client.end().catch(() => {});
}
