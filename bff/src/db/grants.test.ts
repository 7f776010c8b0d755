import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { signIn, testConfig } from '../test-app.js';
import { openDatabase } from './connect.js';
import { ownedBy } from './grants.js';
import { prepareDatabase } from './prepare.js';
import { addReadingMonths } from './reading-months.js';

/**
 * Issue 44: the app's database login owns nothing and may not rewrite the audit log; migrations run as the owner.
 * PostgreSQL only (PGlite has one login): a fresh database owned by an owner role, the app on a login of its own.
 */
const admin = process.env.DATABASE_URL;

describe.runIf(admin)('database roles', () => {
  const suffix = `${process.pid}`;
  const names = { db: `rpm_roles_${suffix}`, owner: `rpm_owner_${suffix}`, app: `rpm_app_${suffix}` };
  const urlAs = (user: string) => {
    const url = new URL(admin as string);
    url.username = user;
    url.password = 'roles-test-pass';
    url.pathname = `/${names.db}`;
    return url.toString();
  };
  let root: Awaited<ReturnType<typeof openDatabase>>;
  let prepared: Awaited<ReturnType<typeof prepareDatabase>>;

  beforeAll(async () => {
    root = await openDatabase({ databaseUrl: admin as string, dataDir: 'memory://' });
    await sql`create role ${sql.id(names.owner)} login password 'roles-test-pass'`.execute(root.db);
    await sql`create role ${sql.id(names.app)} login password 'roles-test-pass'`.execute(root.db);
    await sql`create database ${sql.id(names.db)} owner ${sql.id(names.owner)}`.execute(root.db);
    const config = testConfig({
      DATABASE_URL: urlAs(names.app),
      MIGRATION_DATABASE_URL: urlAs(names.owner),
      SEED_DEMO: '1',
      SEED_PATIENTS: '5',
    });
    prepared = await prepareDatabase(config);
  }, 300_000);

  afterAll(async () => {
    await prepared?.database.close();
    await sql`drop database if exists ${sql.id(names.db)} with (force)`.execute(root.db);
    await sql`drop role if exists ${sql.id(names.app)}`.execute(root.db);
    await sql`drop role if exists ${sql.id(names.owner)}`.execute(root.db);
    await root.close();
  });

  it('leaves the app login owning nothing, and the owner everything', async () => {
    const db = prepared.database.db;
    expect(await ownedBy(db, names.app)).toEqual([]);
    expect((await ownedBy(db, names.owner)).length).toBeGreaterThan(100);
  });

  it('lets the app login add a readings month, which its owner keeps (decisions.md "Readings partitioned by month")', async () => {
    const db = prepared.database.db;
    expect(
      await addReadingMonths(db, new Date('2033-05-10T00:00:00Z'), new Date('2033-05-10T00:00:00Z')),
    ).toEqual(['2033-05', '2033-06']);
    expect(await ownedBy(db, names.app)).toEqual([]);
    expect(await ownedBy(db, names.owner)).toContain('readings_y2033m05');
  });

  it('runs the product as the app login: sign-in writes its session and audit rows', async () => {
    const app = await createApp({ config: testConfig(), db: prepared.database.db, escalationIntervalMs: 0 });
    try {
      await app.ready();
      const nurse = await signIn(app, 'role8@demo.test');
      expect(nurse.user.token).toBeTruthy();
    } finally {
      await app.close();
    }
  });

  it.each([
    [
      'rewrite an audit row',
      sql`update audit_log set action = 'x' where audit_id = (select min(audit_id) from audit_log)`,
    ],
    ['remove audit rows', sql`delete from audit_log`],
    ['switch off the audit triggers', sql`alter table audit_log disable trigger audit_log_no_change`],
    ['move the chain head', sql`update audit_chain_head set last_hash = repeat('0', 64)`],
    ['remove a seal', sql`delete from audit_seals`],
    ['drop a table', sql`drop table readings`],
  ])('refuses the app login to %s', async (_, statement) => {
    await expect(statement.execute(prepared.database.db)).rejects.toThrow(/permission denied|must be owner/);
  });
});
