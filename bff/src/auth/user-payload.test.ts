import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import type { TestDatabase } from '../db/test-database.js';
import { testDatabase } from '../db/test-database.js';
import { loadStoredUser } from './user-payload.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await testDatabase({ seedPatients: 1 });
});
afterAll(async () => database.close());

async function userId(username: string): Promise<number> {
  return (
    await database.db
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).user_id;
}

describe('the devtools flag of the stored user (issue 11 #10)', () => {
  it('is set only for the users MACHINE_DEVTOOLS_USERS names', async () => {
    const { MACHINE_DEVTOOLS_USERS } = loadConfig({ MACHINE_DEVTOOLS_USERS: ' Role5@demo.test ,x@y.z' });
    expect(MACHINE_DEVTOOLS_USERS).toEqual(['role5@demo.test', 'x@y.z']);
    const named = await loadStoredUser(
      database.db,
      systemClock,
      await userId('role5@demo.test'),
      't',
      MACHINE_DEVTOOLS_USERS,
    );
    expect(named.devtools).toBe(1);
    const other = await loadStoredUser(
      database.db,
      systemClock,
      await userId('role8@demo.test'),
      't',
      MACHINE_DEVTOOLS_USERS,
    );
    expect(other.devtools).toBeUndefined();
    expect(loadConfig({}).MACHINE_DEVTOOLS_USERS).toEqual([]);
  });
});
