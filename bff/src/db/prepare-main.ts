// `npm start` on a fresh clone (scripts/start.mjs): prepares the database while the client builds (issue 17 goal 5).
import { loadConfig } from '../config.js';
import { prepareDatabase } from './prepare.js';

const config = loadConfig();
if (!config.UPSTREAM_API_BASE) {
  const { database, seeded } = await prepareDatabase(config);
  await database.close();
  process.stdout.write(seeded ? 'Database created and seeded with the demo data.\n' : 'Database ready.\n');
}
