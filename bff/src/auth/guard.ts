import {
  beginMfaEnrolment,
  type CallDef,
  changePasswordByUserId,
  checkSession,
  confirmMfaEnrolment,
  getMfaStatus,
} from '@rpm/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../clock.js';
import type { Db } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { forbidden, unauthenticated } from '../domain-errors.js';
import { mfaRequired } from './mfa.js';
import { SESSION_COOKIE } from './session-cookie.js';
import { type LiveSession, requireSession } from './sessions.js';

/** What a session may call while its user must still set up a second factor. */
const ENROLMENT_CALLS: ReadonlySet<CallDef> = new Set([
  getMfaStatus,
  beginMfaEnrolment,
  confirmMfaEnrolment,
  checkSession,
]);

export interface AuthContext {
  readonly session: LiveSession;
  readonly userId: number;
  readonly roleid: readonly number[];
  /** The user's practices, read with the session (scope.ts patientScope needs no query of its own). */
  readonly practiceIds: readonly number[];
}

const credentials = z.object({ uid: z.coerce.number().int().positive(), token: z.string().min(1).max(256) });

/** Checks the session and the call's access-list entry; throws 401/403 with a message. */
export async function authenticate(req: FastifyRequest, deps: Deps, call: CallDef): Promise<AuthContext> {
  const creds = credentials.safeParse(req.headers);
  if (!creds.success)
    throw unauthenticated('Sign in first: the uid and token headers are missing or malformed.');
  const page = typeof call.access === 'object' ? call.access.page : null;
  const { user, ...session } = await requireSession(
    deps.db,
    deps.clock,
    { ...creds.data, cookieSecret: req.cookies[SESSION_COOKIE] },
    page,
    typeof call.access === 'object' && call.access.orCallLink === true,
  );
  if (!user.active) throw unauthenticated('This account is disabled. Please contact your administrator.');
  // 001 §4: a user flagged change_password may only change it.
  if (user.changePassword && call !== changePasswordByUserId) {
    throw forbidden('Please change your password before you continue.');
  }
  // A role that requires a second factor may only enrol until it has one; a temporary login is exempt
  // (decisions.md "Multi-factor sign-in").
  if (
    session.actingUserId === null &&
    !ENROLMENT_CALLS.has(call) &&
    mfaRequired(deps.config, user.roleid) &&
    !user.mfaEnrolled
  ) {
    throw forbidden('Please set up multi-factor sign-in before you continue.');
  }
  if (page !== null && !user.hasPage) throw forbidden(`You do not have access to '${page}'.`);
  return { session, userId: session.userId, roleid: user.roleid, practiceIds: user.practiceIds };
}

/**
 * A signed-in session, for a route outside the contract (the OpenAPI document): the uid/token headers and the
 * cookie as for a call of access 'session'; 401 otherwise.
 */
export async function requireSignedIn(req: FastifyRequest, db: Db, clock: Clock): Promise<void> {
  const creds = credentials.safeParse(req.headers);
  if (!creds.success)
    throw unauthenticated('Sign in first: the uid and token headers are missing or malformed.');
  await requireSession(db, clock, { ...creds.data, cookieSecret: req.cookies[SESSION_COOKIE] });
}
