import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import type { signIn } from '../test-app.js';
import { HUB_PATH } from './hub.js';

/**
 * A browser tab's hub connection to a listening app, as the client makes it: uid/token in the handshake, the
 * session cookie in the headers, websocket only, no reconnection. Resolves once connected; rejects with the refusal.
 */
export function openTab(app: FastifyInstance, who: Awaited<ReturnType<typeof signIn>>): Promise<Socket> {
  const { port } = app.server.address() as AddressInfo;
  const socket = connect(`http://127.0.0.1:${port}`, {
    path: HUB_PATH,
    auth: { uid: who.user.user_id, token: who.user.token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: who.headers.cookie ?? '' },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.disconnect();
      reject(err);
    });
  });
}
