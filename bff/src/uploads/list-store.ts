import { csvUtilityList, UPLOAD_KIND_INFO, UPLOAD_KINDS, UPLOAD_STATUS_LABELS } from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { timeText } from '../db/sql-day.js';
import { inRange, listSource } from '../lists/declare.js';
import { labelSql, rankSql } from '../lists/rank.js';
import { and, by, likeWord, searchTerms } from '../lists/sql.js';
import { uploadVisible } from './store.js';

/** CSV Utility (decisions.md "CSV uploads"): uploads by the viewer or colleagues, of kinds whose page they hold. */

const FROM = sql`uploads up join users u on u.user_id = up.user_id`;
const UPLOADER = sql<string>`u.lastname || ', ' || u.firstname`;
const KIND_LABEL = labelSql(
  'up.kind',
  Object.fromEntries(UPLOAD_KINDS.map((kind) => [kind, UPLOAD_KIND_INFO[kind].label])),
);
const STATUS_LABEL = labelSql('up.status', UPLOAD_STATUS_LABELS);

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

export const csvUtilitySource = listSource(csvUtilityList, {
  from: FROM,
  scope: async ({ viewer }, db) =>
    and([
      await uploadVisible(db, viewer.auth, 'u'),
      sql<SqlBool>`up.kind = any(${await kindsOf(db, viewer.auth.userId)}::text[])`,
    ]),
  id: 'up.upload_id',
  select: () => ({
    upload_id: sql`up.upload_id`,
    uploaded_at: timeText('up.uploaded_at'),
    file_name: sql`up.file_name`,
    kind: KIND_LABEL,
    page_route: PAGE_ROUTE,
    uploaded_by: UPLOADER,
    status: STATUS_LABEL,
    total_rows: sql`up.total_rows`,
    created_rows: sql`up.created_rows`,
    updated_rows: sql`up.updated_rows`,
    problem_rows: sql`up.invalid_rows + up.duplicate_rows`,
  }),
  sort: () => ({
    uploaded_at: by(sql`up.uploaded_at`),
    status: by(rankSql(csvUtilityList.columns, 'status', STATUS_LABEL)),
    total_rows: by(sql`up.total_rows`),
    created_rows: by(sql`up.created_rows`),
    updated_rows: by(sql`up.updated_rows`),
    problem_rows: by(sql`up.invalid_rows + up.duplicate_rows`),
  }),
  where: {
    upload_kind: { shows: 'kind', when: (kinds) => sql<SqlBool>`up.kind = any(${[...kinds]}::text[])` },
    upload_status: {
      shows: 'status',
      when: (statuses) => sql<SqlBool>`up.status = any(${[...statuses]}::text[])`,
    },
    uploaded: { shows: 'uploaded_at', when: inRange('up.uploaded_at', 'instant') },
  },
  search: (text) =>
    and(
      searchTerms(text).searchWords.map(
        (word) =>
          sql<SqlBool>`lower(up.file_name || ' ' || u.firstname || ' ' || u.lastname) like ${likeWord(word)} escape '\\'`,
      ),
    ),
  options: async () => ({}),
});
