import { type CallDef, changePasswordByUserId } from '@rpm/shared';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { type LiveSession, requireSession } from './sessions.js';

/** The HttpOnly cookie that must accompany the uid/token headers (DESIGN.md "Auth and access"). */
export const SESSION_COOKIE = 'rpm_session';

export interface AuthContext {
  readonly session: LiveSession;
  readonly userId: number;
  readonly roleid: readonly number[];
  readonly pages: ReadonlySet<string>;
}

const credentials = z.object({ uid: z.coerce.number().int().positive(), token: z.string().min(1).max(256) });

/** Checks the session and the call's access-list entry; throws 401/403 with a message. */
export async function authenticate(req: FastifyRequest, deps: Deps, call: CallDef): Promise<AuthContext> {
  const creds = credentials.safeParse(req.headers);
  if (!creds.success)
    throw new HttpError(401, 'Sign in first: the uid and token headers are missing or malformed.');
  const session = await requireSession(deps.db, deps.clock, {
    ...creds.data,
    cookieSecret: req.cookies[SESSION_COOKIE],
  });
  // One query for the flags, roles and access list: it runs on every protected call.
  const user = await deps.db
    .selectFrom('users')
    .select([
      'change_password',
      'active',
      sql<number[]>`coalesce((select array_agg(ur.role_id order by ur.role_id) from user_roles ur
        where ur.user_id = users.user_id), '{}')`.as('roles'),
      sql<string[]>`coalesce((select array_agg(distinct rp.page) from role_pages rp
        join user_roles ur on ur.role_id = rp.role_id where ur.user_id = users.user_id), '{}')`.as('pages'),
    ])
    .where('user_id', '=', session.userId)
    .executeTakeFirstOrThrow();
  if (!user.active) throw new HttpError(401, 'This account is disabled. Please contact your administrator.');
  // 001 §4: a user flagged change_password may only change it.
  if (user.change_password && call !== changePasswordByUserId) {
    throw new HttpError(403, 'Please change your password before you continue.');
  }
  const auth: AuthContext = {
    session,
    userId: session.userId,
    roleid: user.roles.map(Number),
    pages: new Set(user.pages),
  };
  if (typeof call.access === 'object' && !auth.pages.has(call.access.page)) {
    throw new HttpError(403, `You do not have access to '${call.access.page}'.`);
  }
  return auth;
}
