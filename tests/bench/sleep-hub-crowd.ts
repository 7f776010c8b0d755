// The crowd of the lock-hub benchmark (sleep-hub.ts): COUNT hub tabs of the signed-in user in WHO (JSON) connected
// to ORIGIN, in a process of their own, so the measuring process holds only the locker and the room (its event
// loop and collector time only those, as 50 browsers would). Says 'ready' on stdout; disconnects on SIGTERM.
import type { Socket } from 'socket.io-client';
import { connectTabs } from './sleep-hub-tabs.js';

const sockets: Socket[] = [];
await connectTabs(
  process.env.ORIGIN ?? '',
  JSON.parse(process.env.WHO ?? '{}'),
  Number(process.env.COUNT),
  sockets,
);
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  for (const socket of sockets) socket.disconnect();
  process.exit(0);
});
setInterval(() => undefined, 60_000);
