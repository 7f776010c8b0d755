import { audit } from '../audit.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/schema.js';
import { endSession, type LiveSession, type NewSession, openSession } from './sessions.js';
import { digest, matchesDigest } from './tokens.js';

/**
 * Opens a session with its audit row, in one transaction: a sign-in, a return with a token or a temporary login
 * (000 §4.3, §4.4). The sessions in `ending` end with it (a return from a temporary login ends that one too).
 */
export async function startSession(
  db: Db,
  clock: Clock,
  args: {
    readonly userId: number;
    readonly actingUserId?: number | null;
    readonly ip: string;
    readonly userAgent: string;
    /** The audit action: login, login_mfa, login_with_token, temporary_login ... */
    readonly action: string;
    readonly detail?: Record<string, unknown>;
    readonly ending?: readonly number[];
  },
): Promise<NewSession> {
  return db.transaction().execute(async (tx) => {
    for (const sessionId of args.ending ?? []) await endSession(tx, clock, sessionId, 'logout');
    const s = await openSession(tx, clock, args);
    await audit(tx, {
      at: clock.now(),
      userId: args.userId,
      actingUserId: args.actingUserId ?? null,
      action: args.action,
      entity: 'session',
      entityId: s.sessionId,
      ...(args.detail ? { detail: args.detail } : {}),
      ip: args.ip,
    });
    return s;
  });
}

/** Ends the caller's session (checkSession?status=0, 000 §4.1) with its audit row. */
export async function logout(db: Db, clock: Clock, session: LiveSession, ip: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await endSession(tx, clock, session.sessionId, 'logout');
    await audit(tx, {
      at: clock.now(),
      userId: session.userId,
      actingUserId: session.actingUserId,
      action: 'logout',
      entity: 'session',
      entityId: session.sessionId,
      ip,
    });
  });
}

/** loginWithToken (000 §4.4): the live session of this token whose user has this name, with the user's flag. */
export async function liveSessionOfToken(db: Db, clock: Clock, token: string, username: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.user_id', 'sessions.user_id')
    .select(['sessions.session_id', 'users.user_id', 'users.active'])
    .where('sessions.token_hash', '=', digest(token))
    .where('users.username', '=', username)
    .where('sessions.ended_at', 'is', null)
    .where('sessions.expires_at', '>', clock.now())
    .executeTakeFirst();
}

/** The session a browser's cookie belongs to, live or not: whose it is and who acted in it. */
export async function sessionOfCookie(db: Db, cookieSecret: string) {
  return db
    .selectFrom('sessions')
    .select(['session_id', 'user_id', 'acting_user_id'])
    .where('cookie_hash', '=', digest(cookieSecret))
    .executeTakeFirst();
}

/** Whether `token` is the token of the session (a temporary login names its caller's own, 000 §4.4). */
export async function isTokenOf(db: Db, sessionId: number, token: string): Promise<boolean> {
  const own = await db
    .selectFrom('sessions')
    .select('token_hash')
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return matchesDigest(token, own.token_hash);
}
