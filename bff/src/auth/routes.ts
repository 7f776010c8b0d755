import {
  changePasswordByUserId,
  checkSession,
  getCaptcha,
  loginWithCaptcha,
  loginWithToken,
  MSG,
  tooManyAttempts,
  verifyMfa,
} from '@rpm/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { audit } from '../audit.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { HttpError } from '../http/errors.js';
import { SESSION_COOKIE } from './guard.js';
import { clearLoginFailures, loginWait, recordLoginFailure, unverifiedWait } from './login-limits.js';
import { mfaKey, mfaRequired } from './mfa.js';
import { createChallenge, findChallenge, isEnrolled, spendCode, useChallenge } from './mfa-store.js';
import { hashPassword, verifyPassword } from './password.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';
import { endSession, extendSession, openSession } from './sessions.js';
import { digest } from './tokens.js';
import { loadStoredUser } from './user-payload.js';

/** The server's text for a failed sign-in; the client shows the spec's '*Invalid Username or Password'. */
const INVALID = 'Invalid Username or Password';

/** 000 §4.3: a 429 with Retry-After while the sign-in limits hold. */
function refuse(wait: { retryAfterSeconds: number }): void {
  if (wait.retryAfterSeconds > 0)
    throw new HttpError(429, tooManyAttempts(wait.retryAfterSeconds), undefined, {
      'retry-after': String(wait.retryAfterSeconds),
    });
}

/** Issue 11 "Add": texts of the second step (the spec has none). */
const MFA_STEP = 'Enter the authentication code from your app.';
const MFA_INVALID = 'Invalid authentication code';
const MFA_ENROL = 'Your role requires multi-factor sign-in. Please set it up to continue.';

/** Sign-in, sign-in with a token, session check/extend/end and password change (000 §4.1-4.4, §7; 001 §4, §7). */
export function authRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  const mfaSecretKey = mfaKey(deps.config.APP_SECRET);

  /**
   * Opens the session of a user who has proven who they are, as loginWithCaptcha always answered: status 1 and the
   * stored user, or the change_password step (001 §4), or, for a role that requires a second factor the user has
   * not set up, a session that may only enrol (auth/guard.ts).
   */
  const openSignIn = async (
    user: { user_id: number; change_password: boolean },
    req: FastifyRequest,
    reply: FastifyReply,
    action: string,
  ) => {
    const session = await db.transaction().execute(async (tx) => {
      const s = await openSession(tx, clock, {
        userId: user.user_id,
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
      });
      await audit(tx, {
        at: clock.now(),
        userId: user.user_id,
        action,
        entity: 'session',
        entityId: s.sessionId,
        ip: req.ip,
      });
      return s;
    });
    deps.hub.endSessions(session.endedSessionIds);
    setSessionCookie(reply, deps.config, session.cookieSecret);
    const stored = await loadStoredUser(
      db,
      clock,
      user.user_id,
      session.token,
      deps.config.MACHINE_DEVTOOLS_USERS,
    );
    if (user.change_password) {
      return {
        status: 0,
        change_password: 1 as const,
        user: stored,
        message: 'Please change your password.',
      };
    }
    // decisions.md "MFA enrolment for required roles": a session limited to enrolling, like change_password's.
    if (mfaRequired(deps.config, stored.roleid) && !(await isEnrolled(db, user.user_id)))
      return { status: 0, mfa_enrol: 1 as const, user: stored, message: MFA_ENROL };
    return { status: 1, message: MSG.loginSuccessful, user: stored };
  };

  registerCall(app, deps, getCaptcha, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    const c = await deps.captcha.create();
    return { parameters: c.parameters, signature: c.signature ?? '' };
  });

  registerCall(app, deps, loginWithCaptcha, async ({ body, req, reply }) => {
    const client = req.ip;
    // Issue 11 #1: an unverified captcha counts only against the address's own budget, never against the name.
    if (!(await deps.captcha.verify(body.captchaToken))) {
      refuse(await unverifiedWait(db, clock, client));
      await recordLoginFailure(db, clock, body.username, client, false);
      throw new HttpError(
        400,
        'The captcha was not solved or has expired. Please try again.',
        'captchaToken',
      );
    }
    refuse(await loginWait(db, clock, body.username, client));
    const user = await db
      .selectFrom('users')
      .select(['user_id', 'password_hash', 'active', 'change_password'])
      .where('username', '=', body.username)
      .executeTakeFirst();
    const ok = await verifyPassword(user?.active ? user.password_hash : null, body.password);
    if (!user || !ok) {
      await recordLoginFailure(db, clock, body.username, client);
      return { status: 0, message: INVALID };
    }
    // Issue 11 "Add": an enrolled user proves the second factor before any session opens.
    if (await isEnrolled(db, user.user_id)) {
      return {
        status: 0,
        message: MFA_STEP,
        mfa_required: 1 as const,
        mfa_token: await createChallenge(db, clock, user.user_id, client),
      };
    }
    await clearLoginFailures(db, body.username, client);
    return openSignIn(user, req, reply, 'login');
  });

  registerCall(app, deps, verifyMfa, async ({ body, req, reply }) => {
    const client = req.ip;
    const challenge = await findChallenge(db, clock, body.mfa_token, client);
    if (!challenge?.active)
      throw new HttpError(400, 'This sign-in has expired. Please sign in again.', 'mfa_token');
    // The sign-in limits count wrong codes as failures of the name (login-limits.ts).
    refuse(await loginWait(db, clock, challenge.username, client));
    const proven = await db.transaction().execute(async (tx) => {
      const how = await spendCode(tx, clock, mfaSecretKey, challenge.user_id, body.code);
      // A wrong code leaves the challenge for another try (decisions.md "MFA wrong code keeps the step"); a right one
      // spends it once (a twin request loses).
      if (how !== null && !(await useChallenge(tx, clock, challenge.token_hash)))
        throw new HttpError(400, 'This sign-in has expired. Please sign in again.', 'mfa_token');
      return how;
    });
    if (proven === null) {
      await recordLoginFailure(db, clock, challenge.username, client);
      return { status: 0, message: MFA_INVALID };
    }
    await clearLoginFailures(db, challenge.username, client);
    return openSignIn(challenge, req, reply, proven === 'recovery' ? 'login_mfa_recovery' : 'login_mfa');
  });

  registerCall(app, deps, loginWithToken, async ({ body, req, reply }) => {
    // 000 §4.4: the return from a temporary login. The token must be a live session of that user, and the browser
    // must hold the cookie of a session of that user or of a temporary login that user started.
    const cookieSecret = req.cookies[SESSION_COOKIE];
    const now = clock.now();
    const [target, viaCookie] = await Promise.all([
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.user_id', 'sessions.user_id')
        .select(['sessions.session_id', 'users.user_id', 'users.active'])
        .where('sessions.token_hash', '=', digest(body.token))
        .where('users.username', '=', body.username)
        .where('sessions.ended_at', 'is', null)
        .where('sessions.expires_at', '>', now)
        .executeTakeFirst(),
      cookieSecret
        ? db
            .selectFrom('sessions')
            .select(['session_id', 'user_id', 'acting_user_id'])
            .where('cookie_hash', '=', digest(cookieSecret))
            .executeTakeFirst()
        : undefined,
    ]);
    const linked =
      viaCookie &&
      target &&
      (viaCookie.user_id === target.user_id || viaCookie.acting_user_id === target.user_id);
    if (!target?.active || !linked) return { status: 0, message: INVALID };
    const ending = [Number(target.session_id)];
    // Returning from a temporary login ends that temporary session too.
    if (viaCookie && viaCookie.acting_user_id === target.user_id) ending.push(Number(viaCookie.session_id));
    const session = await db.transaction().execute(async (tx) => {
      for (const sessionId of ending) await endSession(tx, clock, sessionId, 'logout');
      const s = await openSession(tx, clock, {
        userId: target.user_id,
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
      });
      await audit(tx, {
        at: now,
        userId: target.user_id,
        action: 'login_with_token',
        entity: 'session',
        entityId: s.sessionId,
        ip: req.ip,
      });
      return s;
    });
    deps.hub.endSessions([...ending, ...session.endedSessionIds]);
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

  registerCall(app, deps, checkSession, async ({ query, auth, req, reply }) => {
    const { session } = auth;
    if (query.status === 0) {
      await db.transaction().execute(async (tx) => {
        await endSession(tx, clock, session.sessionId, 'logout');
        await audit(tx, {
          at: clock.now(),
          userId: session.userId,
          actingUserId: session.actingUserId,
          action: 'logout',
          entity: 'session',
          entityId: session.sessionId,
          ip: req.ip,
        });
      });
      deps.hub.endSessions([session.sessionId]);
      clearSessionCookie(reply);
      return { status: 1, message: 'Session ended' };
    }
    const expiresAt = await extendSession(db, clock, session.sessionId);
    return { status: 1, message: 'Session extended', expires_at: expiresAt.toISOString() };
  });

  registerCall(app, deps, changePasswordByUserId, async ({ body, auth, req }) => {
    if (body.userid !== auth.userId)
      throw new HttpError(403, 'You can only change your own password.', 'userid');
    const user = await db
      .selectFrom('users')
      .select(['password_hash'])
      .where('user_id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    // 001 §8: a false status shows 'Your Password was Invalid'.
    if (!(await verifyPassword(user.password_hash, body.superPassword)))
      return { status: false, message: MSG.passwordInvalid };
    if (body.newPassword === body.superPassword) return { status: false, message: MSG.newPasswordSame };
    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('users')
        .set({ password_hash: passwordHash, change_password: false, password_changed_at: clock.now() })
        .where('user_id', '=', auth.userId)
        .execute();
      await audit(tx, {
        at: clock.now(),
        userId: auth.userId,
        actingUserId: auth.session.actingUserId,
        action: 'change_password',
        entity: 'user',
        entityId: auth.userId,
        ip: req.ip,
      });
    });
    return { status: true, message: MSG.passwordUpdated };
  });
}
