import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from '../db/schema.js';

/**
 * Sign-in rate limits (000 §4.3; decisions.md "Sign-in rate limits"): in 15 minutes, 5 failures for a name from one
 * client, 20 from one client, 50 for a name from all clients, counting only attempts whose captcha verified; and 200
 * unverified attempts from one client (decisions.md "Sign-in attempts with an unsolved captcha"). The name's own
 * limit does not hold back a browser that signed in as that user before (device-cookie.ts;
 * decisions.md "Sign-in lock-out"). Failures live in the database, so replicas share them.
 */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LIMITS = { perNameAndClient: 5, perClient: 20, perName: 50, unverifiedPerClient: 200 } as const;

export interface LimitState {
  /** Seconds until another attempt is allowed; 0 when allowed now. */
  retryAfterSeconds: number;
}

/**
 * How long the next attempt for this name from this client must wait; `knownDevice`: the browser signed in as this
 * user before, so the name's lock (failures from every address) does not apply, only its own address's limits.
 */
export async function loginWait(
  db: Db,
  clock: Clock,
  username: string,
  client: string,
  knownDevice = false,
): Promise<LimitState> {
  const now = clock.now().getTime();
  const since = new Date(now - LOGIN_WINDOW_MS);
  const recent = (filter: { username?: string; client?: string }, limit: number) => {
    let q = db
      .selectFrom('login_failures')
      .select('failed_at')
      .where('failed_at', '>', since)
      .where('verified', '=', true);
    if (filter.username !== undefined) q = q.where('username', '=', filter.username);
    if (filter.client !== undefined) q = q.where('client', '=', filter.client);
    return q.orderBy('failed_at', 'desc').limit(limit).execute();
  };
  const checks = await Promise.all([
    recent({ username, client }, LIMITS.perNameAndClient),
    recent({ client }, LIMITS.perClient),
    knownDevice ? Promise.resolve([]) : recent({ username }, LIMITS.perName),
  ]);
  const limits = [LIMITS.perNameAndClient, LIMITS.perClient, LIMITS.perName];
  let waitMs = 0;
  checks.forEach((rows, i) => {
    // The limit-th newest failure leaves the window at failed_at + window; until then the limit is reached.
    const oldest = rows.length >= (limits[i] ?? Number.POSITIVE_INFINITY) ? rows[rows.length - 1] : undefined;
    if (oldest) waitMs = Math.max(waitMs, oldest.failed_at.getTime() + LOGIN_WINDOW_MS - now);
  });
  return { retryAfterSeconds: Math.ceil(Math.max(0, waitMs) / 1000) };
}

/** How long the next attempt with an unverified captcha from this client must wait. */
export async function unverifiedWait(db: Db, clock: Clock, client: string): Promise<LimitState> {
  const now = clock.now().getTime();
  const rows = await db
    .selectFrom('login_failures')
    .select('failed_at')
    .where('client', '=', client)
    .where('verified', '=', false)
    .where('failed_at', '>', new Date(now - LOGIN_WINDOW_MS))
    .orderBy('failed_at', 'desc')
    .limit(LIMITS.unverifiedPerClient)
    .execute();
  const oldest = rows.length >= LIMITS.unverifiedPerClient ? rows[rows.length - 1] : undefined;
  const waitMs = oldest ? oldest.failed_at.getTime() + LOGIN_WINDOW_MS - now : 0;
  return { retryAfterSeconds: Math.ceil(Math.max(0, waitMs) / 1000) };
}

/** Records a failed attempt; `verified` false when its captcha did not verify (counted per client only). */
export async function recordLoginFailure(
  db: Db,
  clock: Clock,
  username: string,
  client: string,
  verified = true,
): Promise<void> {
  const now = clock.now();
  await db.insertInto('login_failures').values({ username, client, failed_at: now, verified }).execute();
  // Keep the table small: rows older than the window no longer count.
  await db
    .deleteFrom('login_failures')
    .where('failed_at', '<', new Date(now.getTime() - LOGIN_WINDOW_MS))
    .execute();
}

/** A success clears this client's failures for the name, so a user who mistyped is not held back later. */
export async function clearLoginFailures(db: Db, username: string, client: string): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('username', '=', username)
    .where('client', '=', client)
    .execute();
}

/** A sign-in held back now (getSignInLocks). */
export interface SignInLock {
  readonly username: string;
  readonly user_id: number | null;
  readonly name: string | null;
  readonly kind: 'name' | 'address';
  readonly address: string | null;
  readonly failures: number;
  readonly addresses: number;
  readonly locked_until: string;
  readonly reason: string;
}

/**
 * The locks in force now, for administrators (issue 44): names past the name's limit (every address but the user's
 * known browsers) and names past one address's limit. `visibleUser` narrows them to the caller's staff (a condition
 * on `users`); null shows every name, unknown ones too.
 */
export async function signInLocks(
  db: Db,
  clock: Clock,
  visibleUser: RawBuilder<SqlBool> | null,
): Promise<SignInLock[]> {
  const now = clock.now();
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const rows = await sql<{
    username: string;
    address: string | null;
    failures: number;
    addresses: number;
    nth: Date;
    user_id: number | null;
    name: string | null;
  }>`with recent as (
      select username, client, failed_at from login_failures where verified and failed_at > ${since}
    ), locks as (
      select username, null::text as address, count(*)::int as failures, count(distinct client)::int as addresses,
        (array_agg(failed_at order by failed_at desc))[${LIMITS.perName}] as nth
      from recent group by username having count(*) >= ${LIMITS.perName}
      union all
      select username, client, count(*)::int, 1, (array_agg(failed_at order by failed_at desc))[${LIMITS.perNameAndClient}]
      from recent group by username, client having count(*) >= ${LIMITS.perNameAndClient}
    )
    select l.username, l.address, l.failures, l.addresses, l.nth, users.user_id,
      case when users.user_id is null then null else trim(users.firstname || ' ' || users.lastname) end as name
    from locks l left join users on users.username = l.username
    where ${visibleUser === null ? sql`true` : sql`users.user_id is not null and ${visibleUser}`}
    order by l.nth desc, l.username, l.address nulls first
    limit 500`.execute(db);
  return rows.rows.map((row) => ({
    username: row.username,
    user_id: row.user_id,
    name: row.name,
    kind: row.address === null ? 'name' : 'address',
    address: row.address,
    failures: row.failures,
    addresses: row.addresses,
    locked_until: new Date(new Date(row.nth).getTime() + LOGIN_WINDOW_MS).toISOString(),
    reason:
      row.address === null
        ? `${row.failures} failed sign-ins from ${row.addresses} addresses in 15 minutes: locked except in browsers this user signed in from before`
        : `${row.failures} failed sign-ins from ${row.address} in 15 minutes: locked from that address`,
  }));
}
