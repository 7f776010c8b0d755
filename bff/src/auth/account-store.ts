import { type AuditActor, audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import { forbidden, notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';

/** A user's name as exports show it ('Lastname, Firstname'), or the id when unknown. */
export async function displayNameOf(db: Db, userId: number): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['firstname', 'lastname'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return user ? fullName(user.firstname, user.lastname) : String(userId);
}

/** The account a sign-in names (000 §4.3), by user name; undefined when there is none. */
export async function accountByName(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['user_id', 'password_hash', 'active', 'change_password'])
    .where('username', '=', username)
    .executeTakeFirst();
}

/** The user a temporary login names (000 §4.4): 404 when there is none, 403 when the account is disabled. */
export async function temporaryLoginTarget(db: Db, username: string): Promise<{ user_id: number }> {
  const target = await accountByName(db, username);
  if (!target) throw notFound(`There is no user '${username}'.`, 'username');
  if (!target.active) throw forbidden("This user's account is disabled.", 'username');
  return { user_id: target.user_id };
}

export async function usernameOf(db: Db, userId: number): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('username')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.username;
}

export async function passwordHashOf(db: Db, userId: number): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

/** Stores a new password hash (001 §4: the change_password step is then done), with its audit row. */
export async function setPassword(db: Db, passwordHash: string, by: AuditActor): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('users')
      .set({ password_hash: passwordHash, change_password: false, password_changed_at: by.at })
      .where('user_id', '=', by.userId)
      .execute();
    await audit(tx, { ...by, action: 'change_password', entity: 'user', entityId: by.userId });
  });
}
