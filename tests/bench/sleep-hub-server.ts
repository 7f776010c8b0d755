// A BFF replica for the lock-hub and cluster intake benchmarks (sleep-hub.ts, ingest-cluster.ts), in a process of its own, run with --expose-gc so its
// heap can be measured after a collection. It listens on loopback over DATABASE_URL (and REDIS_URL when set), and
// answers its parent over IPC: 'signIn' (a demo user's session), 'heap' (heapUsed after gc) and 'cpu' (cpuUsage).
import { createApp } from '@rpm/bff/app';
import { loadConfig } from '@rpm/bff/config';
import { openDatabase } from '@rpm/bff/db/connect';
import { signIn } from '@rpm/bff/test-app';

type Message = { readonly id: number } & (
  | { readonly type: 'signIn'; readonly username: string }
  | { readonly type: 'heap' }
  | { readonly type: 'cpu' }
);

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc || !process.send) throw new Error('run with --expose-gc as a child process with an IPC channel');
const send = (message: unknown) => process.send?.(message);

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 8 });
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: 'memory://',
  CLIENT_DIST: './none',
  // Replicas share the secret, as a deployment must.
  APP_SECRET: 'a-secret-the-bench-replicas-share-0123456789',
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
});
const app = await createApp({ config, db: database.db, missedReadingsIntervalMs: 0 });
const base = await app.listen({ host: '127.0.0.1', port: 0 });

process.on('message', (message: Message) => {
  if (message.type === 'signIn') signIn(app, message.username).then((who) => send({ id: message.id, who }));
  else if (message.type === 'cpu') send({ id: message.id, ...process.cpuUsage() });
  else {
    gc();
    gc();
    send({ id: message.id, heapUsed: process.memoryUsage().heapUsed });
  }
});
process.on('SIGTERM', () => {
  app.close().then(
    () => database.close().then(() => process.exit(0)),
    () => process.exit(1),
  );
});
send({ id: 0, base });
