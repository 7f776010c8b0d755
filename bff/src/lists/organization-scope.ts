import type { FilterOption } from '@rpm/shared';
import { sql } from 'kysely';
import type { AuthContext } from '../auth/guard.js';
import type { Db } from '../db/schema.js';
import { visibleOrganizations } from '../scope.js';
import type { ListViewer } from './source.js';
import { inIds, options, type Where } from './sql.js';

/**
 * The lists of an organisation's own records (devices, vendors, staff, practices): the viewer sees those of the
 * organisations they belong to, every one for lowest role 1 (scope.ts visibleOrganizations).
 */

/** The viewer's organisations as a condition on `column`. */
export async function organizationScope(
  db: Db,
  auth: Pick<AuthContext, 'userId' | 'roleid'>,
  column: string,
): Promise<Where> {
  const orgs = await visibleOrganizations(db, auth);
  return orgs === 'all' ? sql`true` : inIds(column, orgs);
}

/** An organisation filter's options: the viewer's organisations, by name. */
export async function organizationOptions(db: Db, viewer: ListViewer): Promise<FilterOption[]> {
  return options(
    db,
    sql`select organization_id as value, organization_name as label from organizations
      where ${await organizationScope(db, viewer.auth, 'organization_id')}
      order by lower(organization_name) collate "C", organization_id`,
  );
}
