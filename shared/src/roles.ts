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
