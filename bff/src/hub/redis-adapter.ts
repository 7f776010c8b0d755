import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import type { ServerOptions } from 'socket.io';

/** socket.io's Redis adapter and the two connections it runs on. */
export interface RedisHubAdapter {
  readonly adapter: ServerOptions['adapter'];
  /** Closes both connections (after the hub has closed). */
  close(): Promise<void>;
}

/**
 * Connects the hub to REDIS_URL (architecture.md "Modes and replicas"), so pushes and session ends reach every
 * replica; fails at start when Redis cannot be reached, so no replica runs cut off from the others.
 */
export async function connectRedisAdapter(url: string, log: FastifyBaseLogger): Promise<RedisHubAdapter> {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  // After the first connect the client reconnects on its own; an error is logged, never thrown at the process.
  for (const client of [pub, sub])
    client.on('error', (err: unknown) => log.error({ err }, 'redis (hub) failed'));
  await Promise.all([pub.connect(), sub.connect()]);
  return {
    adapter: createAdapter(pub, sub),
    async close() {
      await Promise.all([pub.close(), sub.close()]);
    },
  };
}
