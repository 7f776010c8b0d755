import {
  ADMIN_ROLE_ID,
  beginMfaEnrolment,
  confirmMfaEnrolment,
  disableMfa,
  getMfaStatus,
  lowestRoleId,
  resetUserMfa,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { forbidden } from '../domain-errors.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { usernameOf } from './account-store.js';
import { mfaKey, mfaRequired, qrDataUrl, totpUri } from './mfa.js';
import {
  beginEnrolment,
  confirmEnrolment,
  disableFactor,
  isEnrolled,
  recoveryCodesLeft,
  resetFactor,
} from './mfa-store.js';

/**
 * Enrolment of a TOTP factor from the profile, turning it off, and the administrator's reset.
 * Changes are made by the user themself, never during a temporary login: the factor belongs to the person.
 */
export function mfaRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  const key = mfaKey(deps.config.APP_SECRET);
  const ownAccount = (actingUserId: number | null) => {
    if (actingUserId !== null)
      throw forbidden('Multi-factor sign-in can only be changed by the user themself.');
  };

  registerCall(app, deps, getMfaStatus, async ({ auth }) => ({
    enrolled: await isEnrolled(db, auth.userId),
    required: mfaRequired(deps.config, auth.roleid),
    recovery_codes_left: await recoveryCodesLeft(db, auth.userId),
  }));

  registerCall(app, deps, beginMfaEnrolment, async ({ auth }) => {
    ownAccount(auth.session.actingUserId);
    const secret = await beginEnrolment(db, clock, key, auth.userId);
    const uri = totpUri(secret, await usernameOf(db, auth.userId));
    return { secret, uri, qr: await qrDataUrl(uri) };
  });

  registerCall(app, deps, confirmMfaEnrolment, async ({ body, auth, req }) => {
    ownAccount(auth.session.actingUserId);
    const codes = await confirmEnrolment(db, key, actor(auth, req.ip, clock.now()), body.code);
    return { message: 'Multi-factor sign-in is set up.', recovery_codes: codes };
  });

  registerCall(app, deps, disableMfa, async ({ body, auth, req }) => {
    ownAccount(auth.session.actingUserId);
    // A current or recovery code, never for a role that requires the factor (decisions.md "Multi-factor sign-in").
    if (mfaRequired(deps.config, auth.roleid))
      throw forbidden('Your role requires multi-factor sign-in; it cannot be turned off.');
    await disableFactor(db, clock, key, actor(auth, req.ip, clock.now()), body.code);
    return { message: 'Multi-factor sign-in is turned off.' };
  });

  registerCall(app, deps, resetUserMfa, async ({ body, auth, req }) => {
    // The administrator who may do anything else to an account (temporary-login-routes.ts) may reset its factor.
    if (lowestRoleId(auth.roleid) !== ADMIN_ROLE_ID)
      throw forbidden("Only administrators (role 1) may reset a user's multi-factor sign-in.");
    ownAccount(auth.session.actingUserId);
    await resetFactor(db, body.userid, actor(auth, req.ip, clock.now()));
    return { message: 'Multi-factor sign-in was reset.' };
  });
}
