import {
  changePasswordByUserId,
  checkSession,
  getCaptcha,
  getSignInLocks,
  loginWithCaptcha,
  loginWithToken,
  MSG,
  tooManyAttempts,
  verifyMfa,
} from '@rpm/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionEndHeard } from '../db/connect.js';
import type { Deps } from '../deps.js';
import { forbidden, invalid, tooMany } from '../domain-errors.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { userInOrganizations, visibleOrganizations } from '../scope.js';
import { accountByName, passwordHashOf, setPassword } from './account-store.js';
import { knownDevice, rememberDevice } from './device-cookie.js';
import {
  clearLoginFailures,
  loginWait,
  recordLoginFailure,
  signInLocks,
  unverifiedWait,
} from './login-limits.js';
import { mfaKey, mfaRequired } from './mfa.js';
import { createChallenge, findChallenge, isEnrolled, MFA_CODE_INVALID, proveChallenge } from './mfa-store.js';
import { hashPassword, verifyPassword } from './password.js';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './session-cookie.js';
import { extendSession, type NewSession } from './sessions.js';
import { liveSessionOfToken, logout, sessionOfCookie, startSession } from './sign-in-store.js';
import { loadStoredUser } from './user-payload.js';

/** The server's text for a failed sign-in; the client shows the spec's '*Invalid Username or Password'. */
const INVALID = 'Invalid Username or Password';

/** 000 §4.3: a 429 with Retry-After while the sign-in limits hold. */
function refuse(wait: { retryAfterSeconds: number }): void {
  if (wait.retryAfterSeconds > 0)
    throw tooMany(tooManyAttempts(wait.retryAfterSeconds), wait.retryAfterSeconds);
}

/** Texts of the second step (the spec has none). */
const MFA_STEP = 'Enter the authentication code from your app.';
const MFA_ENROL = 'Your role requires multi-factor sign-in. Please set it up to continue.';

/** Sets the cookie of a session just opened for `userId` and answers the stored-user record (000 §4.3). */
export async function handOver(deps: Deps, reply: FastifyReply, userId: number, session: NewSession) {
  setSessionCookie(reply, deps.config, session.cookieSecret);
  const { MACHINE_DEVTOOLS_USERS, callSimulator } = deps.config;
  return loadStoredUser(deps.db, deps.clock, userId, session.token, MACHINE_DEVTOOLS_USERS, callSimulator);
}

/** Sign-in, sign-in with a token, session check/extend/end and password change (000 §4.1-4.4, §7; 001 §4, §7). */
export function authRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  const mfaSecretKey = mfaKey(deps.config.APP_SECRET);

  /**
   * Opens the session of a user who proved who they are: status 1 and the stored user, the change_password step
   * (001 §4), or, for a role that requires a factor the user lacks, a session that may only enrol (auth/guard.ts).
   */
  const openSignIn = async (
    user: { user_id: number; change_password: boolean },
    req: FastifyRequest,
    reply: FastifyReply,
    action: string,
  ) => {
    const session = await startSession(db, clock, {
      userId: user.user_id,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? '',
      action,
    });
    deps.hub.endSessions(session.endedSessionIds);
    const stored = await handOver(deps, reply, user.user_id, session);
    if (user.change_password) {
      return {
        status: 0,
        change_password: 1 as const,
        user: stored,
        message: 'Please change your password.',
      };
    }
    // A session limited to enrolling, like change_password's (decisions.md "Multi-factor sign-in").
    if (mfaRequired(deps.config, stored.roleid) && !(await isEnrolled(db, user.user_id)))
      return { status: 0, mfa_enrol: 1 as const, user: stored, message: MFA_ENROL };
    return { message: MSG.loginSuccessful, user: stored };
  };

  // Issue 44: administrators see who is locked out and why (their organisations' staff; role 1 every name).
  registerCall(app, deps, getSignInLocks, async ({ auth }) => {
    const orgs = await visibleOrganizations(db, auth);
    return {
      status: 1 as const,
      data: await signInLocks(db, clock, orgs === 'all' ? null : userInOrganizations(orgs)),
    };
  });

  registerCall(app, deps, getCaptcha, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    const c = await deps.captcha.create();
    return { parameters: c.parameters, signature: c.signature ?? '' };
  });

  registerCall(app, deps, loginWithCaptcha, async ({ body, req, reply }) => {
    const client = req.ip;
    // An unverified captcha counts only against the address's own budget, never against the name.
    if (!(await deps.captcha.verify(body.captchaToken))) {
      refuse(await unverifiedWait(db, clock, client));
      await recordLoginFailure(db, clock, body.username, client, false);
      throw invalid('The captcha was not solved or has expired. Please try again.', 'captchaToken');
    }
    const device = knownDevice(req, deps.config, body.username, clock.now());
    refuse(await loginWait(db, clock, body.username, client, device));
    const user = await accountByName(db, body.username);
    const ok = await verifyPassword(user?.active ? user.password_hash : null, body.password);
    if (!user || !ok) {
      await recordLoginFailure(db, clock, body.username, client);
      return { status: 0, message: INVALID };
    }
    // An enrolled user proves the second factor before any session opens.
    if (await isEnrolled(db, user.user_id)) {
      return {
        status: 0,
        message: MFA_STEP,
        mfa_required: 1 as const,
        mfa_token: await createChallenge(db, clock, user.user_id, client),
      };
    }
    await clearLoginFailures(db, body.username, client);
    rememberDevice(req, reply, deps.config, body.username, clock.now());
    return openSignIn(user, req, reply, 'login');
  });

  registerCall(app, deps, verifyMfa, async ({ body, req, reply }) => {
    const client = req.ip;
    const challenge = await findChallenge(db, clock, body.mfa_token, client);
    // The sign-in limits count wrong codes as failures of the name (login-limits.ts).
    const device = knownDevice(req, deps.config, challenge.username, clock.now());
    refuse(await loginWait(db, clock, challenge.username, client, device));
    const proven = await proveChallenge(db, clock, mfaSecretKey, challenge, body.code);
    if (proven === null) {
      await recordLoginFailure(db, clock, challenge.username, client);
      return { status: 0, message: MFA_CODE_INVALID };
    }
    await clearLoginFailures(db, challenge.username, client);
    rememberDevice(req, reply, deps.config, challenge.username, clock.now());
    return openSignIn(challenge, req, reply, proven === 'recovery' ? 'login_mfa_recovery' : 'login_mfa');
  });

  registerCall(app, deps, loginWithToken, async ({ body, req, reply }) => {
    // 000 §4.4: the return from a temporary login. The token must be a live session of that user, and the browser
    // must hold the cookie of a session of that user or of a temporary login that user started.
    const cookieSecret = req.cookies[SESSION_COOKIE];
    const [target, viaCookie] = await Promise.all([
      liveSessionOfToken(db, clock, body.token, body.username),
      cookieSecret ? sessionOfCookie(db, cookieSecret) : undefined,
    ]);
    const linked =
      viaCookie &&
      target &&
      (viaCookie.user_id === target.user_id || viaCookie.acting_user_id === target.user_id);
    if (!target?.active || !linked) return { status: 0, message: INVALID };
    const ending = [Number(target.session_id)];
    // Returning from a temporary login ends that temporary session too.
    if (viaCookie && viaCookie.acting_user_id === target.user_id) ending.push(Number(viaCookie.session_id));
    const session = await startSession(db, clock, {
      userId: target.user_id,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? '',
      action: 'login_with_token',
      ending,
    });
    deps.hub.endSessions([...ending, ...session.endedSessionIds]);
    await sessionEndHeard(db);
    return {
      message: MSG.loginSuccessful,
      user: await handOver(deps, reply, target.user_id, session),
    };
  });

  registerCall(app, deps, checkSession, async ({ query, auth, req, reply }) => {
    const { session } = auth;
    if (query.status === 0) {
      await logout(db, clock, session, req.ip);
      deps.hub.endSessions([session.sessionId]);
      await sessionEndHeard(db);
      clearSessionCookie(reply);
      return { message: 'Session ended' };
    }
    const expiresAt = await extendSession(db, clock, session.sessionId);
    return { message: 'Session extended', expires_at: expiresAt.toISOString() };
  });

  registerCall(app, deps, changePasswordByUserId, async ({ body, auth, req }) => {
    if (body.userid !== auth.userId) throw forbidden('You can only change your own password.', 'userid');
    const passwordHash = await passwordHashOf(db, auth.userId);
    // 001 §8: a false status shows 'Your Password was Invalid'.
    if (!(await verifyPassword(passwordHash, body.superPassword)))
      return { status: false, message: MSG.passwordInvalid };
    if (body.newPassword === body.superPassword) return { status: false, message: MSG.newPasswordSame };
    await setPassword(db, await hashPassword(body.newPassword), actor(auth, req.ip, clock.now()));
    return { status: true, message: MSG.passwordUpdated };
  });
}
