import { SS_RESOURCE_KINDS, SS_RESOURCE_TEXT, type SsResourceCategory, ssResourcesList } from '@rpm/shared';
import { sql, type Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { AuthContext } from '../auth/guard.js';
import type { Database, Db } from '../db/schema.js';
import { timeText } from '../db/sql-day.js';
import { forbidden, notFound } from '../domain-errors.js';
import { listSource } from '../lists/declare.js';
import { organizationOptions, organizationScope } from '../lists/organization-scope.js';
import { byText, inIds, inTexts, userName } from '../lists/sql.js';
import { textSearchSql } from '../lists/text-search.js';
import { visibleOrganizations } from '../scope.js';

/**
 * SS Resource (decisions.md "SS Resource"): an organisation's library of sleep-study resources, files stored like the
 * chart's documents (documents/files.ts) or links. Removed ones stay, out of every read, for the record.
 */

const KIND = sql<string>`case when r.storage_key is null then ${SS_RESOURCE_KINDS.link}
  else ${SS_RESOURCE_KINDS.file} end`;

export const ssResourcesSource = listSource(ssResourcesList, {
  from: sql`ss_resources r join organizations o on o.organization_id = r.organization_id
    join users u on u.user_id = r.uploaded_by`,
  scope: ({ viewer }, db) =>
    organizationScope(db, viewer.auth, 'r.organization_id').then(
      (scope) => sql`${scope} and r.deleted_at is null`,
    ),
  id: 'r.resource_id',
  select: () => ({
    resource_id: sql`r.resource_id`,
    title: sql`r.title`,
    category: sql`r.category`,
    description: sql`r.description`,
    kind: KIND,
    source: sql`coalesce(r.file_name, r.url)`,
    size_bytes: sql`r.size_bytes`,
    organization_id: sql`r.organization_id`,
    organization: sql`o.organization_name`,
    uploaded_by_id: sql`r.uploaded_by`,
    uploaded_by: sql`coalesce(${userName('u')}, u.username)`,
    uploaded_at: timeText('r.uploaded_at'),
  }),
  sort: () => ({
    uploaded_at: { by: sql`r.uploaded_at` },
    uploaded_by: byText(sql`coalesce(${userName('u')}, u.username)`),
  }),
  where: {
    category: {
      shows: 'category',
      as: 'value',
      when: (values) => inTexts('r.category', values),
    },
    kind: {
      shows: 'kind',
      as: 'value',
      when: (values) => inTexts(KIND, values),
    },
    organization_id: { shows: 'organization', when: (ids) => inIds('r.organization_id', ids) },
  },
  search: (text) => textSearchSql(text, sql<string>`r.title || ' ' || r.description`),
  options: async (db, viewer) => ({ organization_id: await organizationOptions(db, viewer) }),
});

/** A new resource's facts: a link's address, or a stored file's. */
export interface NewSsResource {
  readonly organizationId: number;
  readonly title: string;
  readonly category: SsResourceCategory;
  readonly description: string;
  readonly source:
    | { readonly url: string }
    | {
        readonly fileName: string;
        readonly contentType: string;
        readonly size: number;
        readonly sha256: string;
        readonly storageKey: string;
      };
}

/** The organisation must be one of the user's (403 naming it otherwise, whether it exists or not). */
export async function assertResourceOrganization(
  db: Db,
  auth: Pick<AuthContext, 'userId' | 'roleid'>,
  organizationId: number,
): Promise<void> {
  const orgs = await visibleOrganizations(db, auth);
  const known = await db
    .selectFrom('organizations')
    .select('organization_id')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!known || (orgs !== 'all' && !orgs.includes(organizationId)))
    throw forbidden('You do not belong to this organization.', 'organization_id');
}

/** Adds a resource with its audit row, in the caller's transaction. */
export async function addSsResource(
  trx: Transaction<Database>,
  by: AuditActor,
  resource: NewSsResource,
): Promise<{ resource_id: number }> {
  const file = 'storageKey' in resource.source ? resource.source : null;
  const row = await trx
    .insertInto('ss_resources')
    .values({
      organization_id: resource.organizationId,
      title: resource.title.trim(),
      category: resource.category,
      description: resource.description.trim(),
      url: 'url' in resource.source ? resource.source.url : null,
      file_name: file?.fileName ?? null,
      content_type: file?.contentType ?? null,
      size_bytes: file?.size ?? null,
      sha256: file?.sha256 ?? null,
      storage_key: file?.storageKey ?? null,
      uploaded_by: by.userId,
      acting_user_id: by.actingUserId ?? null,
      uploaded_at: by.at,
    })
    .returning('resource_id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...by,
    action: 'add_ss_resource',
    entity: 'ss_resource',
    entityId: row.resource_id,
    detail: {
      organization_id: resource.organizationId,
      title: resource.title,
      category: resource.category,
      ...(file ? { file_name: file.fileName, size: file.size, sha256: file.sha256 } : resource.source),
    },
  });
  return row;
}

/** A resource the user may read (their organisations', not removed); another's answers as unknown (404). */
export async function ssResourceInScope(db: Db, auth: Pick<AuthContext, 'userId' | 'roleid'>, id: number) {
  const orgs = await visibleOrganizations(db, auth);
  const row = await db
    .selectFrom('ss_resources')
    .selectAll()
    .where('resource_id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row || (orgs !== 'all' && !orgs.includes(row.organization_id)))
    throw notFound(`Resource ${id} does not exist.`, 'resource_id');
  return row;
}

/** Administrators (roles 1 and 2) may remove any resource they can read; others only their own. */
const ADMIN_ROLES = [1, 2];

/** Removes a resource the user may read, with its audit row: its uploader or an administrator (else 403). */
export async function deleteSsResource(
  db: Db,
  by: AuditActor,
  auth: Pick<AuthContext, 'userId' | 'roleid'>,
  id: number,
): Promise<void> {
  const row = await ssResourceInScope(db, auth, id);
  const admin = auth.roleid.some((role) => ADMIN_ROLES.includes(role));
  if (row.uploaded_by !== auth.userId && !admin)
    throw forbidden(SS_RESOURCE_TEXT.notRemovable, 'resource_id');
  await db.transaction().execute(async (trx) => {
    const gone = await trx
      .updateTable('ss_resources')
      .set({ deleted_by: by.userId, deleted_at: by.at })
      .where('resource_id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(gone.numUpdatedRows) === 0) throw notFound(`Resource ${id} does not exist.`, 'resource_id');
    await audit(trx, { ...by, action: 'delete_ss_resource', entity: 'ss_resource', entityId: id });
  });
}

/** Records that a user downloaded a resource's file. */
export async function auditSsResourceRead(db: Db, by: AuditActor, id: number): Promise<void> {
  await audit(db, { ...by, action: 'read_ss_resource', entity: 'ss_resource', entityId: id });
}
