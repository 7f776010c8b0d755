import { type CallDef, changePasswordByUserId } from '@rpm/shared';
import type { FastifyRequest } from 'fastify';
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
}

const credentials = z.object({ uid: z.coerce.number().int().positive(), token: z.string().min(1).max(256) });

/** Checks the session and the call's access-list entry; throws 401/403 with a message. */
export async function authenticate(req: FastifyRequest, deps: Deps, call: CallDef): Promise<AuthContext> {
  const creds = credentials.safeParse(req.headers);
  if (!creds.success)
    throw new HttpError(401, 'Sign in first: the uid and token headers are missing or malformed.');
  const page = typeof call.access === 'object' ? call.access.page : null;
  const { user, ...session } = await requireSession(
    deps.db,
    deps.clock,
    { ...creds.data, cookieSecret: req.cookies[SESSION_COOKIE] },
    page,
  );
  if (!user.active) throw new HttpError(401, 'This account is disabled. Please contact your administrator.');
  // 001 §4: a user flagged change_password may only change it.
  if (user.changePassword && call !== changePasswordByUserId) {
    throw new HttpError(403, 'Please change your password before you continue.');
  }
  if (page !== null && !user.hasPage) throw new HttpError(403, `You do not have access to '${page}'.`);
  return { session, userId: session.userId, roleid: user.roleid };
}
