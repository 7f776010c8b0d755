import { randomUUID } from 'node:crypto';
import { checkSession, getDetailsByUserID } from '@rpm/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionCacheOf } from '../db/connect.js';
import type { Db } from '../db/schema.js';
import { SESSION_WATCH_NAME } from '../db/session-watch.js';
import { injectCall, signIn, startTestApp, type TestApp } from '../test-app.js';
import { SESSION_CACHE_TTL_MS, SESSION_SCOPE_TABLES, SessionCache } from './session-cache.js';

describe('SessionCache', () => {
  it('keeps nothing until its watch listens, and nothing after the watch is lost', () => {
    const cache = new SessionCache<string>();
    cache.set('a', cache.generation, 'row');
    expect(cache.get('a')).toBeUndefined();
    cache.resume();
    cache.set('a', cache.generation, 'row');
    expect(cache.get('a')).toBe('row');
    cache.suspend();
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', cache.generation, 'row');
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep an answer read before it was emptied', () => {
    const cache = new SessionCache<string>();
    cache.resume();
    const before = cache.generation;
    cache.invalidate();
    cache.set('a', before, 'stale');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it(`forgets an answer after ${SESSION_CACHE_TTL_MS} ms, should a notification be missed`, () => {
    let now = 0;
    const cache = new SessionCache<string>(() => now);
    cache.resume();
    cache.set('a', cache.generation, 'row');
    now = SESSION_CACHE_TTL_MS;
    expect(cache.get('a')).toBe('row');
    now = SESSION_CACHE_TTL_MS + 1;
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('the session cache of a database', () => {
  let t: TestApp;
  let db: Db;
  let cache: SessionCache;
  let nurse: Awaited<ReturnType<typeof signIn>>;
  let patientId: number;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.db;
    const found = sessionCacheOf(db);
    if (!found) throw new Error('the test database has no session cache');
    cache = found;
    nurse = await signIn(t.app, 'role8@demo.test');
    const practices = await db
      .selectFrom('user_practices')
      .select('practice_id')
      .where('user_id', '=', nurse.user.user_id);
    patientId = (
      await db
        .selectFrom('patients')
        .select('patient_id')
        .where('practice_id', 'in', practices)
        .orderBy('patient_id')
        .executeTakeFirstOrThrow()
    ).patient_id;
  });
  afterAll(() => t.close());

  /**
   * Waits until the watch has passed on every notification committed so far (PostgreSQL delivers them in commit
   * order, over the watch's own connection), so an earlier test's writes cannot empty the cache in this one.
   */
  const settle = async () => {
    const barrier = randomUUID();
    await sql`select pg_notify('session_scope', ${barrier})`.execute(db);
    await vi.waitFor(() => expect(cache.lastNotice).toBe(barrier));
  };
  beforeEach(settle);

  const openChart = () =>
    injectCall(t.app, getDetailsByUserID, { query: { userid: patientId, roleid: 7 } }, nurse);

  it('listens from the start, and answers a repeated call from what it keeps', async () => {
    expect(cache.live).toBe(true);
    expect((await openChart()).statusCode).toBe(200);
    expect(cache.size).toBe(1);
    expect((await openChart()).statusCode).toBe(200);
    expect(cache.size).toBe(1);
  });

  // One harmless write per table the session query reads: each empties the cache as it answers.
  const touches: Record<string, (userId: number, db: Db) => Promise<unknown>> = {
    sessions: (userId, db) =>
      db.updateTable('sessions').set({ ip: '127.0.0.1' }).where('user_id', '=', userId).execute(),
    users: (userId, db) =>
      db
        .updateTable('users')
        .set((eb) => ({ active: eb.ref('active') }))
        .where('user_id', '=', userId)
        .execute(),
    user_roles: (userId, db) =>
      db.deleteFrom('user_roles').where('user_id', '=', userId).where('role_id', '=', -1).execute(),
    role_pages: (_userId, db) => db.deleteFrom('role_pages').where('page', '=', 'No such page').execute(),
    user_mfa: (userId, db) => db.deleteFrom('user_mfa').where('user_id', '=', userId).execute(),
    user_practices: (userId, db) =>
      db.deleteFrom('user_practices').where('user_id', '=', userId).where('practice_id', '=', -1).execute(),
    organization_group_admins: (userId, db) =>
      db.deleteFrom('organization_group_admins').where('user_id', '=', userId).execute(),
    organization_group_members: (_userId, db) =>
      db.deleteFrom('organization_group_members').where('group_id', '=', -1).execute(),
    practices: (_userId, db) => db.deleteFrom('practices').where('practice_id', '=', -1).execute(),
    fhir_clients: (_userId, db) => db.deleteFrom('fhir_clients').where('fhir_client_id', '=', -1).execute(),
    fhir_access_tokens: (_userId, db) =>
      db.deleteFrom('fhir_access_tokens').where('fhir_client_id', '=', -1).execute(),
  };

  it('covers every table the session query reads', () => {
    expect(Object.keys(touches).sort()).toEqual([...SESSION_SCOPE_TABLES].sort());
  });

  it.each(Object.keys(touches))(
    'is emptied by this process’s write to %s as the write answers',
    async (table) => {
      await openChart();
      expect(cache.size).toBe(1);
      await touches[table]?.(nurse.user.user_id, db);
      expect(cache.size).toBe(0);
    },
  );

  // Without the plugin, as another process or replica writes: the table's trigger notifies once it commits.
  it.each(Object.keys(touches))('is emptied once a write to %s it did not see commits', async (table) => {
    await openChart();
    const generation = cache.generation;
    await touches[table]?.(nurse.user.user_id, db.withoutPlugins());
    await vi.waitFor(() => expect(cache.generation).toBeGreaterThan(generation));
    expect(cache.size).toBe(0);
  });

  it('is emptied by a write inside a transaction, and by a write in a with clause', async () => {
    await openChart();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ active: true }).where('user_id', '=', -1).execute();
      expect(cache.size).toBe(0);
    });
    await openChart();
    await db
      .with('gone', (qb) => qb.deleteFrom('user_mfa').where('user_id', '=', -1).returning('user_id'))
      .selectFrom('gone')
      .selectAll()
      .execute();
    expect(cache.size).toBe(0);
  });

  it('is not emptied by writes to other tables', async () => {
    await openChart();
    await db.updateTable('patients').set({ firstname: 'Kept' }).where('patient_id', '=', -1).execute();
    expect(cache.size).toBe(1);
  });

  it("answers 403 at the next call once the user's role loses the page, and 401 once signed out", async () => {
    const pageRow = { role_id: 8, page: 'Patient Chart' };
    expect((await openChart()).statusCode).toBe(200);
    await db.deleteFrom('role_pages').where('role_id', '=', 8).where('page', '=', 'Patient Chart').execute();
    try {
      const refused = await openChart();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("You do not have access to 'Patient Chart'.");
    } finally {
      await db.insertInto('role_pages').values(pageRow).execute();
    }
    expect((await openChart()).statusCode).toBe(200);
    expect((await injectCall(t.app, checkSession, { query: { status: 0 } }, nurse)).statusCode).toBe(200);
    expect((await openChart()).statusCode).toBe(401);
  });

  it.runIf(process.env.DATABASE_URL)(
    'keeps nothing while its PostgreSQL listener is lost, and listens again by itself',
    async () => {
      const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
      try {
        await sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = ${SESSION_WATCH_NAME}`.execute(db);
        await vi.waitFor(() => expect(cache.live).toBe(false));
        await openChart();
        expect(cache.size).toBe(0);
        await vi.waitFor(() => expect(cache.live).toBe(true), { timeout: 5_000 });
        await openChart();
        expect(cache.size).toBe(1);
        expect(warn).toHaveBeenCalledWith(expect.stringContaining('session cache paused'));
      } finally {
        warn.mockRestore();
      }
    },
  );
});
