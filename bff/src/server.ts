import type { FastifyInstance } from 'fastify';
import { createApp } from './app.js';
import { OffsetClock } from './clock.js';
import { type Config, loadConfig } from './config.js';
import { startPgliteMaintenance } from './db/maintenance.js';
import { prepareDatabase } from './db/prepare.js';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed/index.js';
import { testClockRoute } from './test-clock-route.js';

/** Starts the BFF (database, migrations, demo data, then listens until SIGINT/SIGTERM), or relays without one. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.UPSTREAM_API_BASE) {
    // Relay mode: no database here; the upstream answers the API.
    const app = await createApp({ config });
    await listen(app, config, `relaying the API to ${config.UPSTREAM_API_BASE}`);
    return;
  }
  const { database, seeded } = await prepareDatabase(config);
  await awaitClientBuild();
  // Browser tests move the server's clock (config.ts TEST_CLOCK, test only).
  const clock = config.TEST_CLOCK === '1' ? new OffsetClock() : undefined;
  const app = await createApp({
    config,
    db: database.db,
    ...(clock ? { clock } : {}),
    ...(config.ESCALATION_INTERVAL_MS ? { escalationIntervalMs: config.ESCALATION_INTERVAL_MS } : {}),
  });
  if (clock) testClockRoute(app, clock);
  if (database.engine === 'pglite') {
    // No autovacuum in PGlite: the BFF does its upkeep (db/maintenance.ts).
    const upkeep = startPgliteMaintenance(database.db, (err) =>
      app.log.error({ err }, 'PGlite upkeep failed'),
    );
    app.addHook('onClose', async () => upkeep.stop());
  }
  app.addHook('onClose', async () => database.close());
  const where = database.engine === 'pglite' ? `PGlite at ${config.DATA_DIR}` : 'PostgreSQL';
  await listen(app, config, `database: ${where}${seeded ? ', demo data seeded' : ''}`);
  if (config.seedDemo) {
    const lines = [`Demo sign-ins (password for all: ${DEMO_PASSWORD}):`];
    for (const u of DEMO_USERS) lines.push(`  ${u.username.padEnd(26)} ${u.description}`);
    process.stdout.write(`${lines.join('\n')}\n\n`);
  }
}

/**
 * With RPM_AWAIT_CLIENT_BUILD, says over IPC that the database is ready and waits for the client build before
 * serving (decisions.md "npm start builds the client beside the server").
 */
function awaitClientBuild(): Promise<void> {
  const send = process.send?.bind(process);
  if (process.env.RPM_AWAIT_CLIENT_BUILD !== '1' || !send) return Promise.resolve();
  return new Promise((resolve, reject) => {
    process.on('message', (message) => {
      if (message === 'client-built') resolve();
    });
    process.once('disconnect', () => reject(new Error('npm start ended before the client was built.')));
    send('awaiting-client');
  });
}

/** Listens until SIGINT/SIGTERM, then closes gracefully; prints the URL. */
async function listen(app: FastifyInstance, config: Config, mode: string): Promise<void> {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => {
        process.exitCode = 0;
      },
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const url = address.replace('127.0.0.1', 'localhost');
  process.stdout.write(`\nRPM is running at ${url}  (${mode})\n\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
