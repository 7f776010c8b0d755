import { auditList, type FilterOption } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { timeText } from '../db/sql-day.js';
import { inRange, listSource } from '../lists/declare.js';
import type { ListViewer } from '../lists/source.js';
import { and, byNotNull, byText, inIds, likeWord, options, searchTerms, userName } from '../lists/sql.js';

/** The audit report's rows (decisions.md "Audit report"), with the actor's and a temporary login admin's names. */

/** The record as the row shows it: the entity and its id. */
const recordSql = sql<string>`(a.entity || coalesce(' ' || a.entity_id, ''))`;

/** A user the row names: their name, or their id when they have none; null for none. */
const userSql = (alias: string, column: string) =>
  sql<string>`(case when ${sql.ref(column)} is null then null else coalesce(${userName(alias)}, ${sql.ref(column)}::text) end)`;

/** Which rows a viewer sees (decisions.md "Audit Report scope"). */
function actorInScope(viewer: ListViewer, column: string): RawBuilder<SqlBool> {
  if (viewer.scope.all) return sql<SqlBool>`true`;
  const practices = viewer.scope.practiceIds;
  return sql<SqlBool>`(${sql.ref(column)} = ${viewer.auth.userId} or exists (select 1 from user_practices up
    where up.user_id = ${sql.ref(column)}
      and up.practice_id in (${practices.length > 0 ? sql.join(practices) : sql`null`})))`;
}

/** The distinct values of an indexed text column, one index probe each (a loose index scan). */
async function distinctValues(db: Db, column: 'action' | 'entity'): Promise<FilterOption[]> {
  const col = sql.ref(column);
  const { rows } = await sql<{ v: string }>`
    with recursive d(v) as (
      (select ${col} from audit_log order by ${col} limit 1)
      union all
      select (select ${col} from audit_log where ${col} > d.v order by ${col} limit 1) from d where d.v is not null
    )
    select v from d where v is not null`.execute(db);
  return rows.map((row) => ({ value: row.v, label: row.v }));
}

/** The audit report's rows (shared/src/lists/audit.ts auditList). */
export const auditSource = listSource(auditList, {
  from: sql`audit_log a left join users u on u.user_id = a.user_id left join users b on b.user_id = a.acting_user_id`,
  async scope({ viewer }, db) {
    // The rows written up to now: an export, which writes its own audit row, pages through a list that holds still.
    const top = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.max('audit_id').as('id'))
      .executeTakeFirst();
    return and([sql<SqlBool>`a.audit_id <= ${Number(top?.id ?? 0)}`, actorInScope(viewer, 'a.user_id')]);
  },
  id: 'a.audit_id',
  select: () => ({
    audit_id: sql`a.audit_id`,
    at: timeText('a.at'),
    actor: userSql('u', 'a.user_id'),
    on_behalf_of: userSql('b', 'a.acting_user_id'),
    action: sql`a.action`,
    record: recordSql,
    ip: sql`a.ip`,
  }),
  // Rows without an actor or address come last either way; the time, never null, is walked on its index.
  sort: () => ({
    at: byNotNull(sql`a.at`),
    actor: byText(userName('u')),
    on_behalf_of: byText(userName('b')),
    record: byText(recordSql),
  }),
  where: {
    action: {
      shows: 'action',
      as: 'value',
      when: (actions) => sql<SqlBool>`a.action = any(${[...actions]}::text[])`,
    },
    // What a person did, in their own name or behind a temporary login (decisions.md "Audit report").
    actor: (actors) => sql<SqlBool>`(${inIds('a.user_id', actors)} or ${inIds('a.acting_user_id', actors)})`,
    // No field shows the entity alone: the record shows it with its id.
    entity: (entities) => sql<SqlBool>`a.entity = any(${[...entities]}::text[])`,
    at: { shows: 'at', when: inRange('a.at', 'instant') },
  },
  // Every word typed occurs in the action, the record or the address.
  search: (text) =>
    and(
      searchTerms(text).searchWords.map(
        (word) =>
          sql<SqlBool>`lower(a.action || ' ' || ${recordSql} || ' ' || coalesce(a.ip, '')) like ${likeWord(word)} escape '\\'`,
      ),
    ),
  async options(db, viewer) {
    const [action, entity, actor] = await Promise.all([
      distinctValues(db, 'action'),
      distinctValues(db, 'entity'),
      options(
        db,
        sql`select u.user_id as value, ${userSql('u', 'u.user_id')} as label from users u
          where (exists (select 1 from audit_log a where a.user_id = u.user_id)
              or exists (select 1 from audit_log a where a.acting_user_id = u.user_id))
            and ${actorInScope(viewer, 'u.user_id')}
          order by lower(${userName('u')}) collate "C", u.user_id`,
      ),
    ]);
    return { action, entity, actor };
  },
});
