import {
  csvUtilityList,
  UPLOAD_KIND_INFO,
  UPLOAD_KINDS,
  UPLOAD_STATUS_LABELS,
  type UploadListRow,
} from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { labelSql, rankSql } from '../lists/rank.js';
import { sliceSource } from '../lists/slice-source.js';
import type { ListSource } from '../lists/source.js';
import { and, type Base, by, byText, countWhere, likeWord, orderSql, searchTerms } from '../lists/sql.js';
import { dayRange, optionValues } from '../lists/view-values.js';
import { uploadVisible } from './store.js';

/**
 * CSV Utility (shared/src/lists/uploads.ts csvUtilityList; decisions.md "CSV uploads"): the uploads of the kinds
 * whose page the viewer holds, by the viewer or users of their organisations.
 */

const FROM = sql`uploads up join users u on u.user_id = up.user_id`;
const UPLOADER = sql<string>`u.lastname || ', ' || u.firstname`;
const KIND_LABEL = labelSql(
  'up.kind',
  Object.fromEntries(UPLOAD_KINDS.map((kind) => [kind, UPLOAD_KIND_INFO[kind].label])),
);
const STATUS_LABEL = labelSql('up.status', UPLOAD_STATUS_LABELS);

const ORDER = {
  uploaded_at: by(sql`up.uploaded_at`),
  file_name: byText(sql`up.file_name`),
  kind: byText(KIND_LABEL),
  uploaded_by: byText(UPLOADER),
  status: by(rankSql(csvUtilityList.columns, 'status', STATUS_LABEL)),
  total_rows: by(sql`up.total_rows`),
  created_rows: by(sql`up.created_rows`),
  updated_rows: by(sql`up.updated_rows`),
  problem_rows: by(sql`up.invalid_rows + up.duplicate_rows`),
};

/** The kinds whose page (000 §2.4 Bulk Uploads, Inventory Uploads) the user's roles hold. */
async function kindsOf(db: Db, userId: number): Promise<string[]> {
  const pages = await db
    .selectFrom('role_pages as rp')
    .innerJoin('user_roles as ur', 'ur.role_id', 'rp.role_id')
    .select('rp.page')
    .distinct()
    .where('ur.user_id', '=', userId)
    .where(
      'rp.page',
      'in',
      UPLOAD_KINDS.map((kind) => UPLOAD_KIND_INFO[kind].page),
    )
    .execute();
  const held = new Set(pages.map((p) => p.page));
  return UPLOAD_KINDS.filter((kind) => held.has(UPLOAD_KIND_INFO[kind].page));
}

const PAGE_ROUTE = labelSql(
  'up.kind',
  Object.fromEntries(UPLOAD_KINDS.map((kind) => [kind, UPLOAD_KIND_INFO[kind].route.replace('/app/', '')])),
);

export const csvUtilitySource: ListSource<UploadListRow> = sliceSource<UploadListRow, Base>({
  async filtered(db, viewer, view) {
    const parts = [
      await uploadVisible(db, viewer.auth, 'u'),
      sql<SqlBool>`up.kind = any(${await kindsOf(db, viewer.auth.userId)}::text[])`,
    ];
    const kinds = optionValues(view, 'upload_kind');
    if (kinds?.length) parts.push(sql<SqlBool>`up.kind = any(${[...kinds]}::text[])`);
    const statuses = optionValues(view, 'upload_status');
    if (statuses?.length) parts.push(sql<SqlBool>`up.status = any(${[...statuses]}::text[])`);
    const uploaded = dayRange(view, 'uploaded');
    if (uploaded.from) parts.push(sql<SqlBool>`up.uploaded_at >= ${uploaded.from}`);
    if (uploaded.before) parts.push(sql<SqlBool>`up.uploaded_at < ${uploaded.before}`);
    for (const word of searchTerms(view.search ?? '').searchWords)
      parts.push(
        sql<SqlBool>`lower(up.file_name || ' ' || u.firstname || ' ' || u.lastname) like ${likeWord(word)} escape '\\'`,
      );
    return { db, where: and(parts) };
  },
  count: (base) => countWhere(base, FROM),
  async slice({ db, where }, _viewer, view, offset, limit) {
    const { rows } = await sql<Omit<UploadListRow, 'uploaded_at'> & { uploaded_at: Date }>`
      select up.upload_id, up.uploaded_at, up.file_name, ${KIND_LABEL} as kind, ${PAGE_ROUTE} as page_route,
        ${UPLOADER} as uploaded_by, ${STATUS_LABEL} as status, up.total_rows, up.created_rows, up.updated_rows,
        up.invalid_rows + up.duplicate_rows as problem_rows
      from ${FROM}
      where ${where}
      order by ${orderSql(view, ORDER, 'up.upload_id')}
      limit ${limit} offset ${offset}`.execute(db);
    return rows.map((r) => ({ ...r, uploaded_at: r.uploaded_at.toISOString() }));
  },
  options: async () => ({}),
});
