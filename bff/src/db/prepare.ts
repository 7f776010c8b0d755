import type { Config } from '../config.js';
import { type OpenDatabase, openDatabase } from './connect.js';
import { grantAppRole, loginOf } from './grants.js';
import { migrate } from './migrate.js';
import { ensureRoleAccess, isEmpty, seedDemo } from './seed/index.js';

/**
 * Opens the database and brings it to this version: migrations, demo data when empty, the roles' access lists. With
 * MIGRATION_DATABASE_URL the migrations run as that owner login, which then grants the app's login its rows and
 * nothing more (grants.ts); without it the app's login migrates (one-login set-ups, PGlite).
 */
export async function prepareDatabase(config: Config): Promise<{ database: OpenDatabase; seeded: boolean }> {
  if (config.MIGRATION_DATABASE_URL && config.DATABASE_URL) {
    const owner = await openDatabase({
      databaseUrl: config.MIGRATION_DATABASE_URL,
      dataDir: config.DATA_DIR,
    });
    try {
      await migrate(owner.db);
      await grantAppRole(owner.db, loginOf(config.DATABASE_URL));
    } finally {
      await owner.close();
    }
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  if (!config.MIGRATION_DATABASE_URL) await migrate(database.db);
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
