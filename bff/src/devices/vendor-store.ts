import { vendorsList } from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { timeText } from '../db/sql-day.js';
import { listSource } from '../lists/declare.js';
import { organizationScope } from '../lists/organization-scope.js';
import { by } from '../lists/sql.js';
import { textSearchSql } from '../lists/text-search.js';

/** Vendors (decisions.md "Vendors"): the vendor keys serving the user's organisations, with measurement counts. */

const MESSAGES = sql<number>`(select count(*) from reading_messages m where m.key_id = k.key_id)`;

export const vendorSource = listSource(vendorsList, {
  from: sql`device_vendor_keys k left join organizations o on o.organization_id = k.organization_id`,
  scope: async ({ viewer }, db) =>
    sql<SqlBool>`(k.organization_id is null or ${await organizationScope(db, viewer.auth, 'k.organization_id')})`,
  id: 'k.key_id',
  select: () => ({
    key_id: sql`k.key_id`,
    vendor_name: sql`k.vendor_name`,
    organization_name: sql`o.organization_name`,
    created_at: timeText('k.created_at'),
    revoked_at: timeText('k.revoked_at'),
    messages: MESSAGES,
  }),
  sort: () => ({
    created_at: by(sql`k.created_at`),
    revoked_at: by(sql`k.revoked_at`),
    messages: by(MESSAGES),
  }),
  where: {},
  search: (text) => textSearchSql(text, sql`k.vendor_name`),
  options: async () => ({}),
});
