import { hubAuthOf, hubClient } from '@rpm/bff/hub/test-tab';
import type { signIn } from '@rpm/bff/test-app';
import type { Socket } from 'socket.io-client';

export type Signed = Awaited<ReturnType<typeof signIn>>;

/** Handshakes in flight at once while connecting a crowd. */
const CONNECT_BATCH = 100;

/** `count` hub tabs of `who` connected to `origin`, CONNECT_BATCH handshakes at a time (each also kept in `into`). */
export async function connectTabs(
  origin: string,
  who: Signed,
  count: number,
  into: Socket[],
): Promise<Socket[]> {
  const tabs: Socket[] = [];
  for (let done = 0; done < count; done += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - done) }, () => {
      const socket = hubClient(origin, hubAuthOf(who), who.headers.cookie);
      into.push(socket);
      tabs.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    });
    await Promise.all(batch);
  }
  return tabs;
}
