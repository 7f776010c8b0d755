import type { Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Clock } from '../clock.js';
import type { Database, Db } from '../db/schema.js';
import { conflict, invalid, notFound } from '../domain-errors.js';
import {
  acceptedStep,
  decryptSecret,
  encryptSecret,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
} from './mfa.js';
import { hashPassword, verifyPassword } from './password.js';
import { digest, newSecret } from './tokens.js';

type Executor = Db | Transaction<Database>;

/**
 * The stored secret in clear, or null when it cannot be decrypted (APP_SECRET changed): the code is refused like a
 * wrong one, recovery codes still work, and an administrator's reset lets the user enrol again.
 */
function readSecret(key: Buffer, stored: string): string | null {
  try {
    return decryptSecret(key, stored);
  } catch {
    return null;
  }
}

/** How long the second sign-in step may take (decisions.md "Multi-factor sign-in"). */
const MFA_CHALLENGE_MS = 5 * 60_000;

export async function isEnrolled(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_mfa')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new second-step challenge for a user whose password was right; answers the token, stored only as a digest. */
export async function createChallenge(db: Db, clock: Clock, userId: number, client: string): Promise<string> {
  const token = newSecret();
  const now = clock.now();
  await db
    .insertInto('mfa_challenges')
    .values({
      token_hash: digest(token),
      user_id: userId,
      client,
      expires_at: new Date(now.getTime() + MFA_CHALLENGE_MS),
    })
    .execute();
  // Keep the table small: expired challenges no longer count.
  await db.deleteFrom('mfa_challenges').where('expires_at', '<', now).execute();
  return token;
}

/** The texts of a refused second step (the spec has none). */
const CHALLENGE_EXPIRED = 'This sign-in has expired. Please sign in again.';
export const MFA_CODE_INVALID = 'Invalid authentication code';

/** The live, unused challenge for this token and client address, with its active user; 400 otherwise. */
export async function findChallenge(db: Db, clock: Clock, token: string, client: string) {
  const challenge = await db
    .selectFrom('mfa_challenges as c')
    .innerJoin('users as u', 'u.user_id', 'c.user_id')
    .select(['c.token_hash', 'u.user_id', 'u.username', 'u.active', 'u.change_password'])
    .where('c.token_hash', '=', digest(token))
    .where('c.client', '=', client)
    .where('c.used_at', 'is', null)
    .where('c.expires_at', '>', clock.now())
    .executeTakeFirst();
  if (!challenge?.active) throw invalid(CHALLENGE_EXPIRED, 'mfa_token');
  return challenge;
}

/**
 * The second step (verifyMfa): spends a code of the challenge's user and the challenge itself. A wrong code leaves
 * the challenge for another try (decisions.md "Multi-factor sign-in") and answers null; a right one spends
 * it once (a twin request loses, 400).
 */
export async function proveChallenge(
  db: Db,
  clock: Clock,
  key: Buffer,
  challenge: { readonly user_id: number; readonly token_hash: string },
  code: string,
): Promise<'totp' | 'recovery' | null> {
  return db.transaction().execute(async (tx) => {
    const how = await spendCode(tx, clock, key, challenge.user_id, code);
    if (how !== null && !(await useChallenge(tx, clock, challenge.token_hash)))
      throw invalid(CHALLENGE_EXPIRED, 'mfa_token');
    return how;
  });
}

/** Marks a challenge used; false when another request used it first. */
async function useChallenge(tx: Executor, clock: Clock, tokenHash: string): Promise<boolean> {
  const done = await tx
    .updateTable('mfa_challenges')
    .set({ used_at: clock.now() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Checks a TOTP or recovery code of an enrolled user and spends it; answers how it was proven, or null. */
async function spendCode(
  tx: Executor,
  clock: Clock,
  key: Buffer,
  userId: number,
  code: string,
): Promise<'totp' | 'recovery' | null> {
  const factor = await tx
    .selectFrom('user_mfa')
    .select(['secret_enc', 'last_step'])
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!factor) return null;
  const now = clock.now();
  const secret = readSecret(key, factor.secret_enc);
  const step = secret === null ? null : acceptedStep(secret, code.trim(), now, factor.last_step);
  if (step !== null) {
    await tx.updateTable('user_mfa').set({ last_step: step }).where('user_id', '=', userId).execute();
    return 'totp';
  }
  const typed = normaliseRecoveryCode(code);
  if (typed.length !== 10) return null;
  const unused = await tx
    .selectFrom('mfa_recovery_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  for (const row of unused) {
    if (await verifyPassword(row.code_hash, typed)) {
      await tx.updateTable('mfa_recovery_codes').set({ used_at: now }).where('id', '=', row.id).execute();
      return 'recovery';
    }
  }
  return null;
}

export async function recoveryCodesLeft(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('mfa_recovery_codes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Starts (or restarts) an enrolment: a new secret kept pending until a code confirms it; 409 once enrolled. */
export async function beginEnrolment(db: Db, clock: Clock, key: Buffer, userId: number): Promise<string> {
  if (await isEnrolled(db, userId))
    throw conflict('Multi-factor sign-in is already set up. Turn it off first to set up a new app.');
  const secret = newTotpSecret();
  const secretEnc = encryptSecret(key, secret);
  await db
    .insertInto('user_mfa_pending')
    .values({ user_id: userId, secret_enc: secretEnc, created_at: clock.now() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret_enc: secretEnc, created_at: clock.now() }))
    .execute();
  return secret;
}

/**
 * Confirms the enrolment of `by`'s own account with a code of the pending secret: stores the factor and new
 * recovery codes (hashed), replacing any older ones, audited. Answers the recovery codes in clear, for the one time
 * they are shown. 409 when no enrolment is under way, 400 naming `code` when the code does not match.
 */
export async function confirmEnrolment(db: Db, key: Buffer, by: AuditActor, code: string): Promise<string[]> {
  return db.transaction().execute((tx) => storeFactor(tx, key, by, code));
}

async function storeFactor(tx: Transaction<Database>, key: Buffer, by: AuditActor, code: string) {
  const userId = by.userId;
  const pending = await tx
    .selectFrom('user_mfa_pending')
    .select('secret_enc')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!pending) throw conflict('Start the set-up first.');
  const now = by.at;
  const secret = readSecret(key, pending.secret_enc);
  const step = secret === null ? null : acceptedStep(secret, code, now, null);
  if (step === null) throw invalid(MFA_CODE_INVALID, 'code');
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map((c) => hashPassword(normaliseRecoveryCode(c))));
  await removeFactor(tx, userId);
  await tx
    .insertInto('user_mfa')
    .values({ user_id: userId, secret_enc: pending.secret_enc, enrolled_at: now, last_step: step })
    .execute();
  await tx
    .insertInto('mfa_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
  await audit(tx, { ...by, action: 'mfa_enrol', entity: 'user', entityId: userId });
  return codes;
}

/** Turns off `by`'s own factor with a current or recovery code, audited; 400 naming `code` otherwise. */
export async function disableFactor(
  db: Db,
  clock: Clock,
  key: Buffer,
  by: AuditActor,
  code: string,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    if ((await spendCode(tx, clock, key, by.userId, code)) === null) throw invalid(MFA_CODE_INVALID, 'code');
    await removeFactor(tx, by.userId);
    await audit(tx, { ...by, action: 'mfa_disable', entity: 'user', entityId: by.userId });
  });
}

/** An administrator's reset of a user's factor, audited (whether there was one); 404 naming `userid`. */
export async function resetFactor(db: Db, userId: number, by: AuditActor): Promise<void> {
  const target = await db
    .selectFrom('users')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!target) throw notFound(`There is no user ${userId}.`, 'userid');
  await db.transaction().execute(async (tx) => {
    const had = await removeFactor(tx, target.user_id);
    await audit(tx, {
      ...by,
      action: 'mfa_reset',
      entity: 'user',
      entityId: target.user_id,
      detail: { had_factor: had },
    });
  });
}

/** Removes a user's factor, any enrolment under way and the recovery codes; true when a factor existed. */
async function removeFactor(tx: Executor, userId: number): Promise<boolean> {
  const removed = await tx.deleteFrom('user_mfa').where('user_id', '=', userId).executeTakeFirst();
  await tx.deleteFrom('user_mfa_pending').where('user_id', '=', userId).execute();
  await tx.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  return Number(removed.numDeletedRows) > 0;
}

/** Stores a known secret as an enrolled factor (the demo user's); no recovery codes. */
export async function enrolWithSecret(
  db: Executor,
  key: Buffer,
  userId: number,
  secret: string,
  at: Date,
): Promise<void> {
  await db
    .insertInto('user_mfa')
    .values({ user_id: userId, secret_enc: encryptSecret(key, secret), enrolled_at: at, last_step: null })
    .execute();
}
