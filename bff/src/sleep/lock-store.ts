// Over 300 lines: every statement on the lease table (take, renew, free, lapse, break, hand over, fence) stays
// in one place, where the one-holder rule is read.
import { addMilliseconds } from 'date-fns/addMilliseconds';
import { sql } from 'kysely';
import { type AuditActor, audit, auditRowsFrom } from '../audit.js';
import type { AuthContext } from '../auth/guard.js';
import type { Db } from '../db/schema.js';
import { conflict, notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';
import { patientVisible } from '../scope.js';

/**
 * Sleep-test locks as leases (000 §3, §4.11; decisions.md "Sleep-test lock lease"): one holder per study, a growing
 * fencing token, an expiry renewed while the holder's socket lives; the database decides for every replica.
 */

/** How long a lease lasts unrenewed: grace through a dropped connection, well over the client's 1 s reconnect. */
export const LOCK_LEASE_MS = 30_000;
/** How often a replica renews the leases of its connected holders and releases lapsed ones. */
export const LOCK_RENEW_MS = 10_000;

/** A lease as the hub announces it. */
export interface SleepLock {
  readonly studyId: number;
  readonly userId: number;
  readonly userName: string;
  readonly token: number;
  readonly takenAt: Date;
  /** The practice of the study's patient (the hub's broadcast room). */
  readonly practiceId: number;
}

/** The study's practice, when its patient is in the user's scope; else 404 (naming `field`) as for an unknown study. */
export async function studyPractice(
  db: Db,
  auth: Pick<AuthContext, 'userId' | 'roleid'>,
  studyId: number,
  field = 'testId',
): Promise<number> {
  // The condition alone: the scope's query of the user's practices is not needed here.
  const row = await db
    .selectFrom('sleep_studies as s')
    .innerJoin('patients as p', 'p.patient_id', 's.patient_id')
    .select('p.practice_id')
    .where('s.study_id', '=', studyId)
    .where(patientVisible(auth, 'p'))
    .executeTakeFirst();
  if (!row) throw notFound(`Sleep test ${studyId} does not exist.`, field);
  return row.practice_id;
}

/** A reader as the scope rules need them: their roles (none for a disabled user, who then sees nothing), and name. */
export async function readerAuth(
  db: Db,
  userId: number,
): Promise<{ userId: number; roleid: number[]; userName: string }> {
  const [user, roles] = await Promise.all([
    db
      .selectFrom('users')
      .select(['firstname', 'lastname', 'active'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute(),
  ]);
  return {
    userId,
    roleid: user?.active ? roles.map((r) => r.role_id) : [],
    userName: user ? fullName(user.firstname, user.lastname) : '',
  };
}

async function lockOf(db: Db, studyId: number, practiceId: number): Promise<SleepLock | undefined> {
  const row = await db
    .selectFrom('sleep_study_locks as l')
    .innerJoin('users as u', 'u.user_id', 'l.user_id')
    .select(['l.study_id', 'l.user_id', 'l.token', 'l.taken_at', 'u.firstname', 'u.lastname'])
    .where('l.study_id', '=', studyId)
    .executeTakeFirst();
  return row
    ? {
        studyId: row.study_id,
        userId: row.user_id,
        userName: fullName(row.firstname, row.lastname),
        token: Number(row.token),
        takenAt: row.taken_at,
        practiceId,
      }
    : undefined;
}

/**
 * Takes (or, for its holder, renews) a study's lock, answering the lease and whether this call took it, or the other
 * holder's lease. One statement (decisions.md "A lock is one statement"): a lapsed lease is replaced with a larger
 * token in it, so two readers never both win. Outside the scope: 404, as for an unknown study.
 */
export async function takeLock(
  db: Db,
  actor: AuditActor,
  auth: Pick<AuthContext, 'userId' | 'roleid'>,
  studyId: number,
): Promise<{ readonly held: boolean; readonly taken: boolean; readonly lock: SleepLock }> {
  const expires = addMilliseconds(actor.at, LOCK_LEASE_MS);
  // Every CTE reads the statement's snapshot: when neither renewed nor taken, `current` is the other holder's lease.
  const { rows } = await sql<{
    practice_id: number;
    taken: boolean;
    renewed: boolean;
    user_id: number | null;
    token: string | null;
    taken_at: Date | null;
    firstname: string | null;
    lastname: string | null;
  }>`
    with study as (
      select p.practice_id from sleep_studies s join patients p on p.patient_id = s.patient_id
      where s.study_id = ${studyId} and ${patientVisible(auth, 'p')}
    ), renewed as (
      update sleep_study_locks set expires_at = ${expires}
      where study_id = ${studyId} and user_id = ${actor.userId} and expires_at > ${actor.at}
        and exists (select 1 from study)
      returning user_id, token, taken_at
    ), taken as (
      insert into sleep_study_locks (study_id, user_id, taken_at, expires_at)
      select ${studyId}, ${actor.userId}, ${actor.at}, ${expires} from study
      where not exists (select 1 from renewed)
      on conflict (study_id) do update set user_id = excluded.user_id,
        token = nextval('sleep_study_lock_tokens'), taken_at = excluded.taken_at, expires_at = excluded.expires_at
      where sleep_study_locks.expires_at <= ${actor.at}
      returning user_id, token, taken_at
    ), audited as (
      ${auditRowsFrom(
        { ...actor, action: 'lock_sleep_test', entity: 'sleep_study' },
        'taken',
        sql`${String(studyId)}`,
        sql`jsonb_build_object('token', taken.token)`,
      )}
    ), lease as (
      select user_id, token, taken_at, true as taken, false as renewed from taken
      union all select user_id, token, taken_at, false, true from renewed
      union all select user_id, token, taken_at, false, false from sleep_study_locks
        where study_id = ${studyId} and not exists (select 1 from taken) and not exists (select 1 from renewed)
    )
    select study.practice_id, coalesce(lease.taken, false) as taken, coalesce(lease.renewed, false) as renewed,
      lease.user_id, lease.token, lease.taken_at, u.firstname, u.lastname
    from study left join lease on true left join users u on u.user_id = lease.user_id`.execute(db);
  const row = rows[0];
  if (!row) throw notFound(`Sleep test ${studyId} does not exist.`, 'testId');
  if (row.user_id === null || row.token === null || row.taken_at === null)
    throw conflict(`Sleep test ${studyId} could not be locked; please try again.`, 'testId');
  const lock: SleepLock = {
    studyId,
    userId: row.user_id,
    userName: fullName(row.firstname, row.lastname),
    token: Number(row.token),
    takenAt: row.taken_at,
    practiceId: row.practice_id,
  };
  const held = lock.userId === actor.userId;
  return { held, taken: held && row.taken, lock };
}

/** Extends the user's unexpired leases of these studies; a lapsed lease is not revived (another may hold it). */
export async function renewLocks(
  db: Db,
  userId: number,
  studyIds: readonly number[],
  now: Date,
): Promise<number[]> {
  if (studyIds.length === 0) return [];
  const rows = await db
    .updateTable('sleep_study_locks')
    .set({ expires_at: addMilliseconds(now, LOCK_LEASE_MS) })
    .where('user_id', '=', userId)
    .where('study_id', 'in', [...studyIds])
    .where('expires_at', '>', now)
    .returning('study_id')
    .execute();
  return rows.map((row) => row.study_id);
}

/** A lock released: which study, whose, in which practice. */
export interface FreedLock {
  readonly studyId: number;
  readonly userId: number;
  readonly practiceId: number;
}

/** Deletes the locks matching `where` with an audit row each, in one statement; answers what was freed. */
async function release(
  db: Db,
  actor: AuditActor | null,
  at: Date,
  action: string,
  where: { studyId?: number; userId?: number; lapsed?: boolean },
  detail: Record<string, unknown> = {},
): Promise<FreedLock[]> {
  const matches = [
    where.studyId === undefined ? sql`true` : sql`study_id = ${where.studyId}`,
    where.userId === undefined ? sql`true` : sql`user_id = ${where.userId}`,
    where.lapsed ? sql`expires_at <= ${at}` : sql`true`,
  ];
  const { rows } = await sql<{ study_id: number; user_id: number; practice_id: number }>`
    with freed as (
      delete from sleep_study_locks where ${sql.join(matches, sql` and `)}
      returning study_id, user_id, token
    ), audited as (
      ${auditRowsFrom(
        {
          at,
          userId: actor?.userId ?? null,
          actingUserId: actor?.actingUserId ?? null,
          ip: actor?.ip ?? null,
          action,
          entity: 'sleep_study',
        },
        'freed',
        sql`freed.study_id::text`,
        sql`${JSON.stringify(detail)}::jsonb || jsonb_build_object('holder', freed.user_id, 'token', freed.token)`,
      )}
    )
    select freed.study_id, freed.user_id, p.practice_id
    from freed join sleep_studies s on s.study_id = freed.study_id join patients p on p.patient_id = s.patient_id
    order by freed.study_id`.execute(db);
  return rows.map((row) => ({ studyId: row.study_id, userId: row.user_id, practiceId: row.practice_id }));
}

/** The holder frees one lock (SLEEP::FREE); nothing when the user does not hold it. */
export const freeLock = (db: Db, actor: AuditActor, studyId: number) =>
  release(db, actor, actor.at, 'free_sleep_test', { studyId, userId: actor.userId });

/** Frees every lock of the user (SLEEP::FREE_ALL: sign-out, the end of the session). */
export const freeAllLocks = (db: Db, actor: AuditActor, userId = actor.userId) =>
  release(db, actor, actor.at, 'free_sleep_test', { userId }, { all: true });

/** Releases the leases that lapsed by `now` (their holders' sockets stopped renewing them). */
export const releaseLapsed = (db: Db, now: Date) =>
  release(db, null, now, 'sleep_lock_lapsed', { lapsed: true });

/** An administrator breaks a study's lock with a reason, audited; its token stops working at once (404: no lock). */
export async function breakLock(
  db: Db,
  actor: AuditActor,
  auth: Pick<AuthContext, 'userId' | 'roleid'>,
  studyId: number,
  reason: string,
): Promise<FreedLock[]> {
  await studyPractice(db, auth, studyId, 'test_id');
  const freed = await release(db, actor, actor.at, 'break_sleep_test_lock', { studyId }, { reason });
  if (freed.length === 0) throw notFound(`Sleep test ${studyId} is not locked.`, 'test_id');
  return freed;
}

/** The current holder of a study's lock in the user's scope (lapsed or not yet released included); undefined when free. */
export async function lockHolder(
  db: Db,
  auth: Pick<AuthContext, 'userId' | 'roleid'>,
  studyId: number,
): Promise<SleepLock | undefined> {
  return lockOf(db, studyId, await studyPractice(db, auth, studyId));
}

/**
 * The holder hands a study's lock to a reader who asked (decisions.md "Sleep lock hand-over"): the lease moves with a
 * new token in one audited statement; 409 when the holder's lease is gone.
 */
export async function handOverLock(
  db: Db,
  actor: AuditActor,
  studyId: number,
  requesterId: number,
): Promise<SleepLock> {
  const practiceId = await studyPractice(db, await readerAuth(db, requesterId), studyId, 'requesterId');
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ token: number }>`
      update sleep_study_locks set user_id = ${requesterId}, token = nextval('sleep_study_lock_tokens'),
        taken_at = ${actor.at}, expires_at = ${addMilliseconds(actor.at, LOCK_LEASE_MS)}
      where study_id = ${studyId} and user_id = ${actor.userId} and expires_at > ${actor.at}
      returning token`.execute(trx);
    if (!rows[0]) throw conflict(`You no longer hold the lock of sleep test ${studyId}.`, 'testId');
    await audit(trx, {
      ...actor,
      action: 'hand_over_sleep_test',
      entity: 'sleep_study',
      entityId: studyId,
      detail: { to: requesterId, token: Number(rows[0].token) },
    });
    const lock = await lockOf(trx, studyId, practiceId);
    if (!lock) throw conflict(`Sleep test ${studyId} could not be handed over; please try again.`, 'testId');
    return lock;
  });
}

/**
 * Fencing: a write goes ahead only while the caller holds the study's lock under this token and the lease lives; the
 * row stays locked until the write commits, so a break or new lease waits. Otherwise a conflict, nothing written.
 */
export async function assertLease(
  trx: Db,
  userId: number,
  studyId: number,
  token: number,
  now: Date,
): Promise<void> {
  const lease = await trx
    .selectFrom('sleep_study_locks')
    .select('token')
    .where('study_id', '=', studyId)
    .where('user_id', '=', userId)
    .where('token', '=', token)
    .where('expires_at', '>', now)
    .forUpdate()
    .executeTakeFirst();
  if (!lease)
    throw conflict(
      'Your lock on this sleep test lapsed or was taken over; nothing was saved. Open the test again.',
      'token',
    );
}
