import { ADMIN_ROLE_ID, lowestRoleId, PATIENT_ROLE_ID } from '@rpm/shared';
import { type AuditActor, audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import { forbidden, invalid, notFound } from '../domain-errors.js';

/**
 * A role's access list (shared/src/api/roles.ts). Sign-in reads `role_pages` (auth/user-payload.ts),
 * so menus and routes change at the user's next sign-in.
 */

const ROLES_PAGE = 'Roles Table';

/** Only a top administrator (lowest role 1) edits roles; 403 otherwise. */
export function assertRoleEditor(roleIds: readonly number[]): void {
  if (lowestRoleId(roleIds) !== ADMIN_ROLE_ID)
    throw forbidden('Only a top administrator can change role access.', 'role_id');
}

/**
 * Replaces the role's pages with its audit row in one transaction. No one grants a page they lack (403 naming
 * `pages`); no one takes the Roles table from themselves (decisions.md "Role access lists").
 */
export async function saveRolePages(
  db: Db,
  by: AuditActor,
  roleId: number,
  pages: readonly string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const role = await trx
      .selectFrom('roles')
      .select('role_id')
      .where('role_id', '=', roleId)
      .where('role_id', '<>', PATIENT_ROLE_ID)
      .executeTakeFirst();
    if (!role) throw notFound(`Role ${roleId} does not exist.`, 'role_id');
    const [current, callerRows] = await Promise.all([
      trx.selectFrom('role_pages').select('page').where('role_id', '=', roleId).execute(),
      trx
        .selectFrom('role_pages')
        .innerJoin('user_roles', 'user_roles.role_id', 'role_pages.role_id')
        .select(['role_pages.role_id', 'role_pages.page'])
        .where('user_roles.user_id', '=', by.userId)
        .execute(),
    ]);
    const before = new Set(current.map((r) => r.page));
    const held = new Set(callerRows.map((r) => r.page));
    const added = pages.filter((page) => !before.has(page));
    const removed = [...before].filter((page) => !pages.includes(page));
    if (added.some((page) => !held.has(page)))
      throw forbidden('You cannot grant or change access you do not hold yourself.', 'pages');
    const holdsRole = callerRows.some((r) => r.role_id === roleId);
    const keepsRoles =
      callerRows.some((r) => r.role_id !== roleId && r.page === ROLES_PAGE) ||
      (holdsRole && pages.includes(ROLES_PAGE)) ||
      !holdsRole;
    if (!keepsRoles) throw invalid('You cannot remove your own access to the Roles Table.', 'pages');
    await trx.deleteFrom('role_pages').where('role_id', '=', roleId).execute();
    if (pages.length > 0)
      await trx
        .insertInto('role_pages')
        .values(pages.map((page) => ({ role_id: roleId, page })))
        .execute();
    await audit(trx, {
      ...by,
      action: 'update_role_pages',
      entity: 'role',
      entityId: roleId,
      detail: { added, removed },
    });
  });
}
