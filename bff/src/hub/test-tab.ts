import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import type { signIn } from '../test-app.js';
import { HUB_PATH } from './hub.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

/**
 * A hub client as the browser makes it: `auth` (uid/token) in the handshake, the session cookie in the headers,
 * no reconnection. Not yet connected.
 */
export function hubClient(
  origin: string,
  auth: unknown,
  cookie: string | undefined,
  transport: 'websocket' | 'polling' = 'websocket',
): Socket {
  return connect(origin, {
    path: HUB_PATH,
    auth: auth as Record<string, unknown>,
    transports: [transport],
    reconnection: false,
    forceNew: true,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
}

/** The hub handshake's auth of a signed-in user. */
export const hubAuthOf = (who: Signed) => ({ uid: who.user.user_id, token: who.user.token });

/** A signed-in user's tab connected to a listening app's hub; rejects with the refusal. */
export function openTab(app: FastifyInstance, who: Signed): Promise<Socket> {
  const { port } = app.server.address() as AddressInfo;
  const socket = hubClient(`http://127.0.0.1:${port}`, hubAuthOf(who), who.headers.cookie);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.disconnect();
      reject(err);
    });
  });
}
