import type { AuditActor } from '../audit.js';
import type { AuthContext } from '../auth/guard.js';
import { HttpError } from './errors.js';

/**
 * Calls of the spec carry the caller's own id in the body or query (000 §7: user_id, userid, user_id_from ...).
 * The session already says who the caller is, so any other id is refused: 403 naming the field.
 */
export function ownId(auth: Pick<AuthContext, 'userId'>, id: number, field: string): void {
  if (id !== auth.userId) throw new HttpError(403, `${field} must be your own user id.`, field);
}

/** The audit fields of a change: who made it (both identities during a temporary login), from where, when. */
export function actor(auth: AuthContext, ip: string, at: Date): AuditActor {
  return { at, userId: auth.userId, actingUserId: auth.session.actingUserId, ip };
}

/** A person's name as lists show it: first and last name, either possibly missing. */
export const fullName = (first: string | null, last: string | null): string =>
  `${first ?? ''} ${last ?? ''}`.trim();
