// Over 300 lines: the session query, its cache reads and the idle and age checks belong together, as does who may call which page.
import {
  DIALOG_IDLE_MS,
  MSG,
  restrictedPages,
  SESSION_CHECK_INTERVAL_MS,
  SESSION_IDLE_MS,
} from '@rpm/shared';
import { CompiledQuery, type Transaction } from 'kysely';
import type { Clock } from '../clock.js';
import { sessionCacheOf } from '../db/connect.js';
import type { Database, Db } from '../db/schema.js';
import { unauthenticated } from '../domain-errors.js';
import { digest, matchesDigest, newSecret } from './tokens.js';

/**
 * Server-side idle limit (000 §4.1 enforced by the server too). The client pings checkSession?status=1 at most every
 * 5 minutes while the user is active, then may show the 'Session Timeout' dialog for up to two 2-minute idles; the
 * server allows that whole path so it never ends a session the client still offers to extend.
 */
export const SERVER_IDLE_MS = SESSION_IDLE_MS + SESSION_CHECK_INTERVAL_MS + 2 * DIALOG_IDLE_MS;
/** The longest a session lasts (decisions.md "Session maximum"). */
const SESSION_MAX_MS = 12 * 60 * 60_000;

export interface NewSession {
  sessionId: number;
  token: string;
  cookieSecret: string;
  /** The older sessions this one replaced (their open sockets are to be closed: Hub.endSessions). */
  endedSessionIds: number[];
}

export interface LiveSession {
  sessionId: number;
  userId: number;
  actingUserId: number | null;
  expiresAt: Date;
}

const END_TEXT = {
  replaced: MSG.loggedInElsewhere,
  idle: MSG.pastSessionExpired,
  expired: MSG.pastSessionExpired,
  logout: MSG.notAuthorised,
} as const;

type Executor = Db | Transaction<Database>;

/**
 * Opens a session. A user's own new sign-in ends their older sessions (000 §8: the older one's next call gets
 * 'System is logging you out because login from another device is detected'); a temporary login (acting user set)
 * leaves the user's own sessions alone.
 */
export async function openSession(
  db: Executor,
  clock: Clock,
  args: { userId: number; actingUserId?: number | null; ip: string; userAgent: string },
): Promise<NewSession> {
  const now = clock.now();
  const actingUserId = args.actingUserId ?? null;
  let ending = db
    .updateTable('sessions')
    .set({ ended_at: now, end_reason: 'replaced' })
    .where('user_id', '=', args.userId)
    .where('ended_at', 'is', null);
  ending =
    actingUserId === null
      ? ending.where('acting_user_id', 'is', null)
      : ending.where('acting_user_id', '=', actingUserId);
  const ended = await ending.returning('session_id').execute();
  const token = newSecret();
  const cookieSecret = newSecret();
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: args.userId,
      acting_user_id: actingUserId,
      token_hash: digest(token),
      cookie_hash: digest(cookieSecret),
      created_at: now,
      last_activity_at: now,
      expires_at: new Date(now.getTime() + SERVER_IDLE_MS),
      ip: args.ip,
      user_agent: args.userAgent.slice(0, 512),
    })
    .returning('session_id')
    .executeTakeFirstOrThrow();
  return {
    sessionId: Number(row.session_id),
    token,
    cookieSecret,
    endedSessionIds: ended.map((endedRow) => Number(endedRow.session_id)),
  };
}

/**
 * Whether a session row is live at `now`, or why not: ended (logout, replaced), past the shift maximum (expired),
 * or past its idle limit (idle). The one rule for the calls (requireSession) and the hub's sweep.
 */
export function sessionState(
  row: { readonly ended_at: Date | null; readonly created_at: Date; readonly expires_at: Date },
  now: Date,
): 'live' | 'ended' | 'expired' | 'idle' {
  if (row.ended_at) return 'ended';
  if (now.getTime() - row.created_at.getTime() > SESSION_MAX_MS) return 'expired';
  return now >= row.expires_at ? 'idle' : 'live';
}

/** The signed-in user as every protected call needs it: flags, roles and access to the call's page (000 §6). */
export interface SessionUser {
  readonly active: boolean;
  readonly changePassword: boolean;
  readonly roleid: readonly number[];
  /**
   * Whether the user's access list holds the page asked about, or, for a page a call link opens too (`orCallLink`),
   * the user has an aws_link or is a temporary login; false without a page.
   */
  readonly hasPage: boolean;
  /** Whether the user has a second factor set up (user_mfa): read here so a call needs one query. */
  readonly mfaEnrolled: boolean;
  /**
   * The practices the user belongs to (user_practices) and those of the organisations of groups they administer
   * (scope.ts), for the patient scope without a query of its own.
   */
  readonly practiceIds: readonly number[];
  /** First and last name (fullName's form) for the sleep locks, read here so the hub's connect makes one query. */
  readonly name: string;
}

/** A session with what every protected call needs of its user (SESSION_SQL). */
interface SessionRow {
  readonly session_id: number | string;
  readonly user_id: number;
  readonly acting_user_id: number | null;
  readonly cookie_hash: string;
  readonly created_at: Date;
  readonly expires_at: Date;
  readonly ended_at: Date | null;
  readonly end_reason: keyof typeof END_TEXT | null;
  readonly active: boolean;
  readonly change_password: boolean;
  readonly roles: readonly (number | string)[];
  readonly has_page: boolean;
  readonly is_dentist: boolean;
  readonly is_sleeplab_user: boolean;
  readonly is_external_care_coord: boolean;
  readonly is_interpreting_prac: boolean;
  readonly only_co_read: boolean;
  readonly mfa_enrolled: boolean;
  readonly practice_ids: readonly (number | string)[];
  readonly name: string;
}

/**
 * The session query as text: building it with Kysely on every call cost more than running it
 * (decisions.md "One query per call"). $1 the token's digest, $2 the page, $3 whether a call link opens it too.
 */
const SESSION_SQL = `select s.session_id, s.user_id, s.acting_user_id, s.cookie_hash, s.created_at, s.expires_at,
  s.ended_at, s.end_reason, u.active, u.change_password, u.is_dentist, u.is_sleeplab_user, u.is_external_care_coord,
  u.is_interpreting_prac, u.only_co_read,
  trim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')) as name,
  coalesce((select array_agg(ur.role_id order by ur.role_id) from user_roles ur where ur.user_id = s.user_id), '{}')
    as roles,
  exists (select from role_pages rp join user_roles ur on ur.role_id = rp.role_id
    where ur.user_id = s.user_id and rp.page = $2::text)
    or ($3::boolean and (trim(coalesce(u.aws_link, '')) <> '' or s.acting_user_id is not null)) as has_page,
  exists (select from user_mfa m where m.user_id = s.user_id) as mfa_enrolled,
  coalesce((select array_agg(distinct x.practice_id order by x.practice_id) from (
    select up.practice_id from user_practices up where up.user_id = s.user_id
    union all select gp.practice_id from organization_group_admins ga
      join organization_group_members gm on gm.group_id = ga.group_id
      join practices gp on gp.organization_id = gm.organization_id
    where ga.user_id = s.user_id) x), '{}') as practice_ids
from sessions s join users u on u.user_id = s.user_id
where s.token_hash = $1`;

/**
 * Checks the uid/token headers and the cookie against a live session in one query (401 with the spec's text
 * otherwise); an idle or over-age session is ended here, so expiry holds even if the client skips its timer.
 */
export async function requireSession(
  db: Db,
  clock: Clock,
  creds: { uid: number; token: string; cookieSecret: string | undefined },
  page: string | null = null,
  orCallLink = false,
): Promise<LiveSession & { readonly user: SessionUser }> {
  const row = await readSession(db, digest(creds.token), page, orCallLink);
  if (
    !row ||
    row.user_id !== creds.uid ||
    !creds.cookieSecret ||
    !matchesDigest(creds.cookieSecret, row.cookie_hash)
  ) {
    throw unauthenticated(MSG.notAuthorised);
  }
  const state = sessionState(row, clock.now());
  if (state === 'ended') throw unauthenticated(END_TEXT[row.end_reason ?? 'logout']);
  if (state !== 'live') {
    await endSession(db, clock, Number(row.session_id), state);
    throw unauthenticated(MSG.pastSessionExpired);
  }
  return {
    sessionId: Number(row.session_id),
    userId: row.user_id,
    actingUserId: row.acting_user_id,
    expiresAt: row.expires_at,
    user: {
      active: row.active,
      changePassword: row.change_password,
      roleid: row.roles.map(Number),
      hasPage: row.has_page && allowedByRestriction(row, page),
      mfaEnrolled: row.mfa_enrolled,
      practiceIds: row.practice_ids.map(Number),
      name: row.name,
    },
  };
}

/** 000 §6.2's menu restrictions hold for the API too: a restricted user calls only the pages left to them (issue 44). */
function allowedByRestriction(row: SessionRow, page: string | null): boolean {
  if (page === null) return true;
  const only = restrictedPages({
    roleid: row.roles.map(Number),
    is_dentist: row.is_dentist ? 1 : 0,
    is_sleeplab_user: row.is_sleeplab_user ? 1 : 0,
    is_external_care_coord: row.is_external_care_coord ? 1 : 0,
    is_interpreting_prac: row.is_interpreting_prac ? 1 : 0,
    onlyCoRead: row.only_co_read ? 1 : 0,
  });
  return only === null || only.has(page);
}

/**
 * The session query's row, from the database's session cache when it holds it; the uid, cookie and expiry are
 * still checked (decisions.md "Sessions are cached until their tables change").
 */
async function readSession(
  db: Db,
  tokenDigest: string,
  page: string | null,
  orCallLink: boolean,
): Promise<SessionRow | undefined> {
  const cache = sessionCacheOf(db);
  const key = `${tokenDigest} ${page ?? ''} ${orCallLink ? 1 : 0}`;
  const cached = cache?.get(key) as SessionRow | undefined;
  if (cached) return cached;
  const generation = cache?.generation ?? 0;
  const result = await db.executeQuery<SessionRow>(
    CompiledQuery.raw(SESSION_SQL, [tokenDigest, page, orCallLink]),
  );
  const row = result.rows[0];
  if (row) cache?.set(key, generation, row);
  return row;
}

/**
 * checkSession?status=1 (000 §4.1): activity pushes the server's expiry forward. During a temporary login (000 §4.4)
 * the administrator's own live session is pushed forward too: the browser keeps its token for the Home button's
 * loginWithToken, which must still find it live however long the temporary login lasts.
 */
export async function extendSession(db: Db, clock: Clock, sessionId: number): Promise<Date> {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + SERVER_IDLE_MS);
  await db
    .updateTable('sessions')
    .set({ last_activity_at: now, expires_at: expiresAt })
    .where('session_id', '=', sessionId)
    .execute();
  // A no-op unless the session has an acting user; a session already past its expiry stays expired.
  await db
    .updateTable('sessions')
    .set({ expires_at: expiresAt })
    .where((eb) =>
      eb(
        'user_id',
        '=',
        eb
          .selectFrom('sessions as temp')
          .select('temp.acting_user_id')
          .where('temp.session_id', '=', sessionId),
      ),
    )
    .where('acting_user_id', 'is', null)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
  return expiresAt;
}

export async function endSession(
  db: Executor,
  clock: Clock,
  sessionId: number,
  reason: 'logout' | 'idle' | 'expired',
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: clock.now(), end_reason: reason })
    .where('session_id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}
