import { isoDay, type ProfileBody } from '@rpm/shared';
import { type AuditActor, audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import { notFound } from '../domain-errors.js';
import { personColumns } from '../staff/store.js';

/** The signed-in user's own profile (000 §2.2 /app/profile); numbers as ten digits, empty when absent. */
export async function profileOf(db: Db, userId: number) {
  const row = await db
    .selectFrom('users')
    .select(['firstname', 'lastname', 'dob', 'phone', 'mobile', 'fax', 'username', 'profile_img'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('User not found', 'userid');
  return {
    firstname: row.firstname,
    lastname: row.lastname,
    dob: row.dob === null ? '' : isoDay(row.dob),
    phone: row.phone ?? '',
    mobile: row.mobile ?? '',
    fax: row.fax ?? '',
    username: row.username,
    profile_img: row.profile_img,
  };
}

/** Saves the caller's own name, contact and avatar with its audit row, in one transaction. */
export async function saveProfile(db: Db, by: AuditActor, p: ProfileBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ ...personColumns(p), profile_img: p.profile_img })
      .where('user_id', '=', by.userId)
      .execute();
    await audit(trx, { ...by, action: 'update_profile', entity: 'user', entityId: by.userId });
  });
}
