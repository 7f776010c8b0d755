import {
  beginMfaEnrolment,
  confirmMfaEnrolment,
  disableMfa,
  getMfaStatus,
  lowestRoleId,
  resetUserMfa,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../audit.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { HttpError } from '../http/errors.js';
import { mfaKey, mfaRequired, qrDataUrl, totpUri } from './mfa.js';
import {
  beginEnrolment,
  confirmEnrolment,
  EnrolmentError,
  isEnrolled,
  recoveryCodesLeft,
  removeFactor,
  spendCode,
} from './mfa-store.js';
import { TEMPORARY_LOGIN_ROLE } from './temporary-login-routes.js';

/**
 * Enrolment of a TOTP factor from the profile, turning it off, and the administrator's reset (issue 11 "Add").
 * Changes are made by the user themself, never during a temporary login: the factor belongs to the person.
 */
export function mfaRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  const key = mfaKey(deps.config.APP_SECRET);
  const ownAccount = (actingUserId: number | null) => {
    if (actingUserId !== null)
      throw new HttpError(403, 'Multi-factor sign-in can only be changed by the user themself.');
  };

  registerCall(app, deps, getMfaStatus, async ({ auth }) => ({
    enrolled: await isEnrolled(db, auth.userId),
    required: mfaRequired(deps.config, auth.roleid),
    recovery_codes_left: await recoveryCodesLeft(db, auth.userId),
  }));

  registerCall(app, deps, beginMfaEnrolment, async ({ auth }) => {
    ownAccount(auth.session.actingUserId);
    if (await isEnrolled(db, auth.userId))
      throw new HttpError(
        409,
        'Multi-factor sign-in is already set up. Turn it off first to set up a new app.',
      );
    const user = await db
      .selectFrom('users')
      .select('username')
      .where('user_id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    const secret = await beginEnrolment(db, clock, key, auth.userId);
    const uri = totpUri(secret, user.username);
    return { secret, uri, qr: await qrDataUrl(uri) };
  });

  registerCall(app, deps, confirmMfaEnrolment, async ({ body, auth, req }) => {
    ownAccount(auth.session.actingUserId);
    try {
      const codes = await db.transaction().execute(async (tx) => {
        const recovery = await confirmEnrolment(tx, clock, key, auth.userId, body.code);
        await audit(tx, {
          at: clock.now(),
          userId: auth.userId,
          action: 'mfa_enrol',
          entity: 'user',
          entityId: auth.userId,
          ip: req.ip,
        });
        return recovery;
      });
      return { status: 1 as const, message: 'Multi-factor sign-in is set up.', recovery_codes: codes };
    } catch (error) {
      if (!(error instanceof EnrolmentError)) throw error;
      if (error.reason === 'none') throw new HttpError(409, 'Start the set-up first.');
      throw new HttpError(400, 'Invalid authentication code', 'code');
    }
  });

  registerCall(app, deps, disableMfa, async ({ body, auth, req }) => {
    ownAccount(auth.session.actingUserId);
    // decisions.md "Turning MFA off": a current code or a recovery code, and never for a role that requires it.
    if (mfaRequired(deps.config, auth.roleid))
      throw new HttpError(403, 'Your role requires multi-factor sign-in; it cannot be turned off.');
    const done = await db.transaction().execute(async (tx) => {
      if ((await spendCode(tx, clock, key, auth.userId, body.code)) === null) return false;
      await removeFactor(tx, auth.userId);
      await audit(tx, {
        at: clock.now(),
        userId: auth.userId,
        action: 'mfa_disable',
        entity: 'user',
        entityId: auth.userId,
        ip: req.ip,
      });
      return true;
    });
    if (!done) throw new HttpError(400, 'Invalid authentication code', 'code');
    return { status: 1 as const, message: 'Multi-factor sign-in is turned off.' };
  });

  registerCall(app, deps, resetUserMfa, async ({ body, auth, req }) => {
    // The administrator who may do anything else to an account (temporary-login.ts) may reset its factor.
    if (lowestRoleId(auth.roleid) !== TEMPORARY_LOGIN_ROLE)
      throw new HttpError(403, "Only administrators (role 1) may reset a user's multi-factor sign-in.");
    ownAccount(auth.session.actingUserId);
    const target = await db
      .selectFrom('users')
      .select('user_id')
      .where('user_id', '=', body.userid)
      .executeTakeFirst();
    if (!target) throw new HttpError(404, `There is no user ${body.userid}.`, 'userid');
    await db.transaction().execute(async (tx) => {
      const had = await removeFactor(tx, target.user_id);
      await audit(tx, {
        at: clock.now(),
        userId: auth.userId,
        action: 'mfa_reset',
        entity: 'user',
        entityId: target.user_id,
        detail: { had_factor: had },
        ip: req.ip,
      });
    });
    return { status: 1 as const, message: 'Multi-factor sign-in was reset.' };
  });
}
