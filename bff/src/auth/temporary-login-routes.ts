import { ADMIN_ROLE_ID, lowestRoleId, MSG, temporaryLogin } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { forbidden, invalid } from '../domain-errors.js';
import { registerCall } from '../http/calls.js';
import { ownId } from '../http/route-helpers.js';
import { temporaryLoginTarget } from './account-store.js';
import { handOver } from './routes.js';
import { isTokenOf, startSession } from './sign-in-store.js';

/**
 * rpm/auth/login with is_dummy (000 §4.4, §7; 001 §6): a new session for the target user that records the
 * administrator as the acting user. The administrator's own session stays open (the browser keeps its token as the
 * main user for the Home button), and checkSession on the temporary session keeps it alive (auth/sessions.ts).
 */
export function temporaryLoginRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, temporaryLogin, async ({ body, auth, req, reply }) => {
    if (lowestRoleId(auth.roleid) !== ADMIN_ROLE_ID)
      throw forbidden('Temporary login is for administrators (role 1) only.');
    if (auth.session.actingUserId !== null)
      throw forbidden('Return to your own account before starting another temporary login.');
    ownId(auth, body.user_id, 'user_id');
    if (!(await isTokenOf(db, auth.session.sessionId, body.user_token)))
      throw forbidden('user_token must be the token of your own session.', 'user_token');
    const target = await temporaryLoginTarget(db, body.username);
    if (target.user_id === auth.userId) throw invalid('You are already signed in as this user.', 'username');

    const session = await startSession(db, clock, {
      userId: target.user_id,
      actingUserId: auth.userId,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? '',
      action: 'temporary_login',
      detail: { acting_session_id: auth.session.sessionId },
    });
    deps.hub.endSessions(session.endedSessionIds);
    // The cookie of a sign-in: the browser now speaks as the target user.
    const user = await handOver(deps, reply, target.user_id, session);
    return { message: MSG.loginSuccessful, user };
  });
}
