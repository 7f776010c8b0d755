import type { AuditRow, FilterOption } from '@rpm/shared';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { fullName } from '../http/route-helpers.js';
import { countOf, type SliceQueries, sliceSource } from '../lists/slice-source.js';
import type { ListSource, ListView, ListViewer } from '../lists/source.js';
import { likeWord, searchTerms } from '../lists/sql.js';
import { dayRange, idValues, optionValues } from '../lists/view-values.js';

/**
 * The audit report's rows (shared/src/lists/audit.ts auditList; issue 11 "Add", ONC 170.315(d)(2)/(3)): audit_log
 * with the names of the actor and of the administrator behind a temporary login.
 */

/** The rows with what every condition and row reads. */
const auditRows = (db: Db) =>
  db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.user_id', 'a.user_id')
    .leftJoin('users as b', 'b.user_id', 'a.acting_user_id');
type Base = ReturnType<typeof auditRows>;

/** A user's name as the rows show it ('First Last', route-helpers fullName), for ordering in SQL. */
export const nameSql = (alias: string) =>
  sql<string>`nullif(trim(coalesce(${sql.ref(`${alias}.firstname`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.lastname`)}, '')), '')`;

/** The record as the row shows it: the entity and its id. */
const recordSql = sql<string>`(a.entity || coalesce(' ' || a.entity_id, ''))`;

/** Which rows a viewer sees (decisions.md "Audit Report scope"). */
function actorInScope(viewer: ListViewer, column: string): RawBuilder<SqlBool> {
  if (viewer.scope.all) return sql<SqlBool>`true`;
  const practices = viewer.scope.practiceIds;
  return sql<SqlBool>`(${sql.ref(column)} = ${viewer.auth.userId} or exists (select 1 from user_practices up
    where up.user_id = ${sql.ref(column)}
      and up.practice_id in (${practices.length > 0 ? sql.join(practices) : sql`null`})))`;
}

async function filtered(db: Db, viewer: ListViewer, view: ListView): Promise<Base> {
  // The rows written up to now: an export, which writes its own audit row, pages through a list that holds still.
  const top = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('audit_id').as('id'))
    .executeTakeFirst();
  let q = auditRows(db)
    .where('a.audit_id', '<=', Number(top?.id ?? 0))
    .where(actorInScope(viewer, 'a.user_id'));
  const actions = optionValues(view, 'action');
  if (actions && actions.length > 0) q = q.where('a.action', 'in', actions);
  const entities = optionValues(view, 'entity');
  if (entities && entities.length > 0) q = q.where('a.entity', 'in', entities);
  // What a person did, in their own name or behind a temporary login (decisions.md "Audit report").
  const actors = idValues(view, 'actor');
  if (actors)
    q = q.where((eb) => eb.or([eb('a.user_id', 'in', actors), eb('a.acting_user_id', 'in', actors)]));
  const at = dayRange(view, 'at');
  if (at.from) q = q.where('a.at', '>=', at.from);
  if (at.before) q = q.where('a.at', '<', at.before);
  // Every word typed occurs in the action, the record or the address.
  const { searchWords } = searchTerms(view.search ?? '');
  for (const word of searchWords)
    q = q.where(
      sql<SqlBool>`lower(a.action || ' ' || ${recordSql} || ' ' || coalesce(a.ip, '')) like ${likeWord(word)} escape '\\'`,
    );
  return q;
}

/** The order of a sort key, the id breaking ties; rows without an actor or address come last either way. */
function orderOf(orderby: string, order: 'asc' | 'desc'): Expression<unknown>[] {
  const dir = sql.raw(order);
  const text = (expr: RawBuilder<unknown>) => sql`lower(${expr}) collate "C" ${dir} nulls last`;
  const tie = sql`a.audit_id ${dir}`;
  switch (orderby) {
    case 'actor':
      return [text(nameSql('u')), tie];
    case 'on_behalf_of':
      return [text(nameSql('b')), tie];
    case 'action':
      return [text(sql`a.action`), tie];
    case 'record':
      return [text(recordSql), tie];
    case 'ip':
      return [text(sql`a.ip`), tie];
    default:
      return [sql`a.at ${dir}`, tie];
  }
}

const rowsOf: SliceQueries<AuditRow, Base>['slice'] = async (base, _viewer, view, offset, limit) => {
  let q = base.select([
    'a.audit_id',
    'a.at',
    'a.action',
    'a.entity',
    'a.entity_id',
    'a.ip',
    'a.user_id',
    'u.firstname',
    'u.lastname',
    'a.acting_user_id',
    'b.firstname as acting_firstname',
    'b.lastname as acting_lastname',
  ]);
  for (const part of orderOf(view.orderby, view.order)) q = q.orderBy(part);
  const rows = await q.limit(limit).offset(offset).execute();
  const name = (id: number | null, first: string | null, last: string | null) =>
    id === null ? null : fullName(first, last) || String(id);
  return rows.map((r) => ({
    audit_id: Number(r.audit_id),
    at: r.at.toISOString(),
    actor: name(r.user_id, r.firstname, r.lastname),
    on_behalf_of: name(r.acting_user_id, r.acting_firstname, r.acting_lastname),
    action: r.action,
    record: r.entity_id === null ? r.entity : `${r.entity} ${r.entity_id}`,
    ip: r.ip,
  }));
};

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
export const auditSource: ListSource<AuditRow> = sliceSource({
  filtered,
  slice: rowsOf,
  count: countOf,
  async options(db, viewer) {
    const [action, entity, actors] = await Promise.all([
      distinctValues(db, 'action'),
      distinctValues(db, 'entity'),
      sql<{ user_id: number; firstname: string | null; lastname: string | null }>`
        select u.user_id, u.firstname, u.lastname from users u
        where (exists (select 1 from audit_log a where a.user_id = u.user_id)
            or exists (select 1 from audit_log a where a.acting_user_id = u.user_id))
          and ${actorInScope(viewer, 'u.user_id')}
        order by lower(${nameSql('u')}) collate "C", u.user_id`.execute(db),
    ]);
    const actor = actors.rows.map((u) => ({
      value: String(u.user_id),
      label: fullName(u.firstname, u.lastname) || String(u.user_id),
    }));
    return { action, entity, actor };
  },
});
