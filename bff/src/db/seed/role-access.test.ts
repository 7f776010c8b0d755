import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../schema.js';
import { testDatabase } from '../test-database.js';
import { ROLE_PAGES } from './role-pages.js';
import { ensureRoleAccess } from './seed-staff.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await testDatabase());
});
afterAll(async () => close());

it('gives every role its default access list on a database without demo data, once', async () => {
  expect(await ensureRoleAccess(db)).toBe(true);
  const rows = await db.selectFrom('role_pages').select(['role_id', 'page']).execute();
  expect(rows).toHaveLength(Object.values(ROLE_PAGES).reduce((n, pages) => n + pages.length, 0));
  expect(rows).toContainEqual({ role_id: 10, page: 'Billing Dashboard' });
  await db.deleteFrom('role_pages').where('role_id', '=', 10).where('page', '=', 'Billing Report').execute();
  expect(await ensureRoleAccess(db)).toBe(false);
  // An administrator's change stays.
  const billers = await db.selectFrom('role_pages').select('page').where('role_id', '=', 10).execute();
  expect(billers.map((r) => r.page)).not.toContain('Billing Report');
});
