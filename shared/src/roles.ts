/** Role rules. Role names are not shown in the spec (000 §6), so ids stay ids. */

/**
 * The user's lowest role id, which drives most checks (000 §6; 001 §6).
 * `undefined` for an empty list (decisions.md "No role").
 */
export function lowestRoleId(roleIds: readonly number[]): number | undefined {
  let lowest: number | undefined;
  for (const id of roleIds) {
    if (lowest === undefined || id < lowest) lowest = id;
  }
  return lowest;
}

/** Whether the role list holds `id` (000 §2.4 "role 6 in the user's roleid list", §6.2). */
export function hasRole(roleIds: readonly number[], id: number): boolean {
  return roleIds.includes(id);
}

/**
 * Whether the user acts for whole organisations: the top administrator or an organisation administrator (lowest
 * role 1 or 2). Others act only within their practices (decisions.md "Practice writes need membership").
 */
export const isOrganizationAdministrator = (roleIds: readonly number[]): boolean =>
  (lowestRoleId(roleIds) ?? 99) <= 2;
