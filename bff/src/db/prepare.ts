import type { Config } from '../config.js';
import { type OpenDatabase, openDatabase } from './connect.js';
import { migrate } from './migrate.js';
import { ensureRoleAccess, isEmpty, seedDemo } from './seed/index.js';

/** Opens the database and brings it to this version: migrations, demo data when empty, the roles' access lists. */
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
