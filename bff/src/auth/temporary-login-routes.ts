import { lowestRoleId, MSG, temporaryLogin } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../audit.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { HttpError } from '../http/errors.js';
import { ownId } from '../http/route-helpers.js';
import { setSessionCookie } from './session-cookie.js';
import { openSession } from './sessions.js';
import { matchesDigest } from './tokens.js';
import { loadStoredUser } from './user-payload.js';

/**
 * 000 §6.2 and 001 §6 say "admin-style users" may log in as another user without listing the roles; we allow the
 * top administrator (lowest role 1), the one role that already sees every organisation and patient, so a temporary
 * login never widens what the administrator can see.
 */
export const TEMPORARY_LOGIN_ROLE = 1;

/**
 * rpm/auth/login with is_dummy (000 §4.4, §7; 001 §6): a new session for the target user that records the
 * administrator as the acting user. The administrator's own session stays open (the browser keeps its token as the
 * main user for the Home button), and checkSession on the temporary session keeps it alive (auth/sessions.ts).
 */
export function temporaryLoginRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, temporaryLogin, async ({ body, auth, req, reply }) => {
    if (lowestRoleId(auth.roleid) !== TEMPORARY_LOGIN_ROLE)
      throw new HttpError(403, 'Temporary login is for administrators (role 1) only.');
    if (auth.session.actingUserId !== null)
      throw new HttpError(403, 'Return to your own account before starting another temporary login.');
    ownId(auth, body.user_id, 'user_id');
    const own = await db
      .selectFrom('sessions')
      .select('token_hash')
      .where('session_id', '=', auth.session.sessionId)
      .executeTakeFirstOrThrow();
    if (!matchesDigest(body.user_token, own.token_hash))
      throw new HttpError(403, 'user_token must be the token of your own session.', 'user_token');
    const target = await db
      .selectFrom('users')
      .select(['user_id', 'active'])
      .where('username', '=', body.username)
      .executeTakeFirst();
    if (!target) throw new HttpError(404, `There is no user '${body.username}'.`, 'username');
    if (!target.active) throw new HttpError(403, "This user's account is disabled.", 'username');
    if (target.user_id === auth.userId)
      throw new HttpError(400, 'You are already signed in as this user.', 'username');

    const now = clock.now();
    const session = await db.transaction().execute(async (tx) => {
      const s = await openSession(tx, clock, {
        userId: target.user_id,
        actingUserId: auth.userId,
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
      });
      await audit(tx, {
        at: now,
        userId: target.user_id,
        actingUserId: auth.userId,
        action: 'temporary_login',
        entity: 'session',
        entityId: s.sessionId,
        detail: { acting_session_id: auth.session.sessionId },
        ip: req.ip,
      });
      return s;
    });
    deps.hub.endSessions(session.endedSessionIds);
    // Same cookie as routes/auth.ts sets on sign-in: the browser now speaks as the target user.
    setSessionCookie(reply, deps.config, session.cookieSecret);
    return {
      status: 1,
      message: MSG.loginSuccessful,
      user: await loadStoredUser(
        db,
        clock,
        target.user_id,
        session.token,
        deps.config.MACHINE_DEVTOOLS_USERS,
      ),
    };
  });
}
