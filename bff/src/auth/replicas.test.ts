import { checkSession, getUnreadCount } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { SimulatedClock } from '../clock.js';
import { openDatabase } from '../db/connect.js';
import { type TestDatabase, testDatabase } from '../db/test-database.js';
import { injectCall, signIn, testConfig } from '../test-app.js';

/**
 * Issue 44: a session ended through one replica stops working at once on every other, though each keeps a session
 * cache (decisions.md "Sessions are cached until their tables change"). Two apps on one PostgreSQL database.
 */
describe.runIf(process.env.DATABASE_URL)('a session ended on one replica', () => {
  let t: TestDatabase;
  let b: Awaited<ReturnType<typeof openDatabase>>;
  let replicaA: Awaited<ReturnType<typeof createApp>>;
  let replicaB: Awaited<ReturnType<typeof createApp>>;

  beforeAll(async () => {
    t = await testDatabase({ seedPatients: 5 });
    b = await openDatabase({ databaseUrl: t.url as string, poolSize: 4 });
    const clock = new SimulatedClock(new Date());
    replicaA = await createApp({ config: testConfig(), db: t.db, clock, escalationIntervalMs: 0 });
    replicaB = await createApp({ config: testConfig(), db: b.db, clock, escalationIntervalMs: 0 });
    await Promise.all([replicaA.ready(), replicaB.ready()]);
  }, 120_000);
  afterAll(async () => {
    await replicaB?.close();
    await replicaA?.close();
    await b?.close();
    await t?.close();
  });

  it('is refused by the other replica on its very next call, twenty times in a row', async () => {
    for (let round = 0; round < 20; round++) {
      const nurse = await signIn(replicaA, 'role8@demo.test');
      const user = { user_id: nurse.user.user_id };
      // The other replica answers from its cache from now on.
      for (let i = 0; i < 2; i++)
        expect((await injectCall(replicaB, getUnreadCount, { query: user }, nurse)).statusCode).toBe(200);
      expect((await injectCall(replicaA, checkSession, { query: { status: 0 } }, nurse)).statusCode).toBe(
        200,
      );
      const after = await injectCall(replicaB, getUnreadCount, { query: user }, nurse);
      expect(after.statusCode, `round ${round}`).toBe(401);
    }
  });
});
