import type { Config } from '../config.js';
import { type OpenDatabase, openDatabase } from './connect.js';
import { migrate } from './migrate.js';
import { ensureRoleAccess, isEmpty, seedDemo } from './seed/index.js';

/**
 * Opens the database and brings it to this version: migrations, the demo data when it is empty and SEED_DEMO is on,
 * and the roles' access lists. The server runs it on start (while `npm start` builds the client, scripts/start.mjs).
 */
export async function prepareDatabase(config: Config): Promise<{ database: OpenDatabase; seeded: boolean }> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrate(database.db);
  let seeded = false;
  if (config.seedDemo && (await isEmpty(database.db))) {
    await seedDemo(database.db, {
      patients: config.SEED_PATIENTS,
      today: new Date(),
      ...(config.APP_SECRET ? { appSecret: config.APP_SECRET } : {}),
    });
    seeded = true;
  }
  await ensureRoleAccess(database.db);
  return { database, seeded };
}
