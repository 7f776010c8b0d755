import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { DEMO_PASSWORD, DEMO_USERS, ensureRoleAccess, isEmpty, seedDemo } from './db/seed/index.js';

/** Starts the BFF: database, migrations, demo data when empty, then listens until SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrate(database.db);
  let seeded = false;
  if (config.seedDemo && (await isEmpty(database.db))) {
    await seedDemo(database.db, { patients: config.SEED_PATIENTS, today: new Date() });
    seeded = true;
  }
  await ensureRoleAccess(database.db);
  const app = await createApp({ config, db: database.db });
  app.addHook('onClose', async () => database.close());

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
  const where = database.engine === 'pglite' ? `PGlite at ${config.DATA_DIR}` : 'PostgreSQL';
  const lines = [
    '',
    `RPM is running at ${url}  (database: ${where}${seeded ? ', demo data seeded' : ''})`,
    '',
  ];
  if (config.seedDemo) {
    lines.push(`Demo sign-ins (password for all: ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) lines.push(`  ${u.username.padEnd(26)} ${u.description}`);
    lines.push('');
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
