import type { VendorRow } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { sliceSource } from '../lists/slice-source.js';
import type { ListSource } from '../lists/source.js';
import {
  and,
  type Base,
  by,
  byText,
  countWhere,
  inIds,
  likeWord,
  orderSql,
  searchTerms,
} from '../lists/sql.js';
import { visibleOrganizations } from '../scope.js';

/**
 * Vendors (shared/src/lists/devices.ts vendorsList; decisions.md "Vendors"): the intake's vendor keys that serve
 * the user's organisations (keys for every organisation included), with how many measurements each delivered.
 */

const VENDOR_FROM = sql`device_vendor_keys k left join organizations o on o.organization_id = k.organization_id`;
const MESSAGES = sql`(select count(*) from reading_messages m where m.key_id = k.key_id)`;

const VENDOR_ORDER = {
  vendor_name: byText(sql`k.vendor_name`),
  organization_name: byText(sql`o.organization_name`),
  created_at: by(sql`k.created_at`),
  revoked_at: by(sql`k.revoked_at`),
  messages: by(MESSAGES),
};

export const vendorSource: ListSource<VendorRow> = sliceSource<VendorRow, Base>({
  async filtered(db, viewer, view) {
    const orgs = await visibleOrganizations(db, viewer.auth);
    const parts: RawBuilder<SqlBool>[] = [
      orgs === 'all'
        ? sql<SqlBool>`true`
        : sql<SqlBool>`(k.organization_id is null or ${inIds('k.organization_id', orgs)})`,
    ];
    for (const word of searchTerms(view.search ?? '').searchWords)
      parts.push(sql<SqlBool>`lower(k.vendor_name) like ${likeWord(word)} escape '\\'`);
    return { db, where: and(parts) };
  },
  count: (base) => countWhere(base, VENDOR_FROM),
  async slice({ db, where }, _viewer, view, offset, limit) {
    const { rows } = await sql<{
      key_id: number;
      vendor_name: string;
      organization_name: string | null;
      created_at: Date;
      revoked_at: Date | null;
      messages: string | number;
    }>`
      select k.key_id, k.vendor_name, o.organization_name, k.created_at, k.revoked_at, ${MESSAGES} as messages
      from ${VENDOR_FROM}
      where ${where}
      order by ${orderSql(view, VENDOR_ORDER, 'k.key_id')}
      limit ${limit} offset ${offset}`.execute(db);
    return rows.map((r) => ({
      ...r,
      created_at: r.created_at.toISOString(),
      revoked_at: r.revoked_at?.toISOString() ?? null,
      messages: Number(r.messages),
    }));
  },
  async options() {
    return {};
  },
});
