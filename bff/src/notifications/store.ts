import { type NotificationNewPayload, PATIENT_ROLE_ID } from '@rpm/shared';
import escapeHtml from 'escape-html';
import { type AuditActor, audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import { invalid, notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';
import { listPatientSql } from '../patients/identity-sql.js';
import { userInOrganizations } from '../scope.js';

/** The bell popup, unread count, read/clear, and the send-notification dialog (000 §2.8, §2.9, §4.6, §4.8, §7). */

/** 000 §2.8 and the contract: the bell shows at most this many entries. */
const BELL_LIMIT = 100;

/** The user's uncleared notifications, newest first, as the bell shows them. */
export async function bellNotifications(db: Db, userId: number) {
  const rows = await db
    .selectFrom('notifications')
    .leftJoin('device_types', 'device_types.device_type_id', 'notifications.device_type_id')
    .leftJoin('patients as p', 'p.patient_id', 'notifications.patient_id')
    .select([
      'notifications.notification_id',
      'notifications.patient_id',
      listPatientSql('p').as('patient'),
      'device_types.icon',
      'notifications.notification_message',
      'notifications.created_at',
      'notifications.read_at',
    ])
    .where('notifications.user_id', '=', userId)
    .where('notifications.cleared_at', 'is', null)
    .orderBy('notifications.created_at', 'desc')
    .orderBy('notifications.notification_id', 'desc')
    .limit(BELL_LIMIT)
    .execute();
  return rows.map((r) => ({
    notification_id: r.notification_id,
    fk_patient_id: r.patient_id,
    patient: r.patient,
    device_type_icon: r.icon,
    notification_message: r.notification_message,
    created_at: r.created_at.toISOString(),
    is_read: r.read_at ? (1 as const) : (0 as const),
  }));
}

/** How many of the user's uncleared notifications are unread. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('cleared_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks the actor's notifications about the patient as read; an audit row only when one changed. */
export async function markPatientRead(db: Db, actor: AuditActor, patientId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const result = await tx
      .updateTable('notifications')
      .set({ read_at: actor.at })
      .where('user_id', '=', actor.userId)
      .where('patient_id', '=', patientId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    const count = Number(result.numUpdatedRows);
    // Opening a chart calls this every time; only a real change is worth an audit row.
    if (count > 0) {
      await audit(tx, {
        ...actor,
        action: 'read_notifications',
        entity: 'patient',
        entityId: patientId,
        detail: { count },
      });
    }
  });
}

/** Clears all of the actor's notifications with the audit row. */
export async function clearNotifications(db: Db, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (tx) => {
    // Cleared, not deleted: the rows stay for the record and the audit trail.
    const result = await tx
      .updateTable('notifications')
      .set({ cleared_at: actor.at })
      .where('user_id', '=', actor.userId)
      .where('cleared_at', 'is', null)
      .executeTakeFirst();
    await audit(tx, {
      ...actor,
      action: 'clear_notifications',
      entity: 'user',
      entityId: actor.userId,
      detail: { count: Number(result.numUpdatedRows) },
    });
  });
}

/** The roles a notification can go to: every role but the patient's. */
export const staffRoles = (db: Db) =>
  // decisions.md "Role names and access lists" (000 §6).
  db
    .selectFrom('roles')
    .select(['role_id', 'role'])
    .where('role_id', '<>', PATIENT_ROLE_ID)
    .orderBy('role_id')
    .execute();

/** A role a notification can go to: it exists and is not the patient role; 400 naming role_id otherwise. */
export async function staffRole(db: Db, roleId: number): Promise<number> {
  const role = await db
    .selectFrom('roles')
    .select('role_id')
    .where('role_id', '=', roleId)
    .executeTakeFirst();
  if (!role || roleId === PATIENT_ROLE_ID) throw invalid(`Role ${roleId} is not a staff role.`, 'role_id');
  return role.role_id;
}

/** Active users of the role in the organisations ('all' for every one), without the sender, by name. */
export async function recipients(
  db: Db,
  roleId: number,
  organizations: readonly number[] | 'all',
  senderId: number,
) {
  let q = db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.user_id')
    .select(['users.user_id', 'users.firstname', 'users.lastname'])
    .where('user_roles.role_id', '=', roleId)
    .where('users.active', '=', true)
    .where('users.user_id', '<>', senderId);
  if (organizations !== 'all') q = q.where(userInOrganizations(organizations));
  const rows = await q
    .orderBy('users.firstname')
    .orderBy('users.lastname')
    .orderBy('users.user_id')
    .execute();
  return rows.map((r) => ({ user_id: r.user_id, name: fullName(r.firstname, r.lastname) }));
}

/** Stores a message to another active user of the organisations, audited; answers the bell entry to push. */
export async function sendToUser(
  db: Db,
  actor: AuditActor,
  to: number,
  message: string,
  organizations: readonly number[] | 'all',
): Promise<NotificationNewPayload> {
  if (to === actor.userId)
    throw invalid('Choose another user: you cannot send a notification to yourself.', 'user_id_to');
  // A user of another organisation is answered as one that does not exist (issue 44: no existence oracle).
  const recipient = await db
    .selectFrom('users')
    .select('user_id')
    .where('user_id', '=', to)
    .where('active', '=', true)
    .$if(organizations !== 'all', (q) => q.where(userInOrganizations(organizations as readonly number[])))
    .executeTakeFirst();
  if (!recipient) throw notFound(`User ${to} does not exist or is disabled.`, 'user_id_to');
  const sender = await db
    .selectFrom('users')
    .select(['firstname', 'lastname'])
    .where('user_id', '=', actor.userId)
    .executeTakeFirstOrThrow();
  // 000 §2.9 does not show the stored message; like the alerts in the bell, it leads with a bold name: the sender's.
  // The message itself holds only letters, digits, spaces and underscores (the contract's pattern, 000 §5).
  const html = `<b>${escapeHtml(fullName(sender.firstname, sender.lastname))}</b> ${message}`;
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('notifications')
      .values({
        user_id: to,
        patient_id: null,
        device_type_id: null,
        notification_message: html,
        created_by: actor.userId,
        created_at: actor.at,
      })
      .returning(['notification_id', 'created_at'])
      .executeTakeFirstOrThrow();
    await audit(tx, {
      ...actor,
      action: 'send_notification',
      entity: 'notification',
      entityId: row.notification_id,
      detail: { to },
    });
    return {
      notification_id: row.notification_id,
      fk_patient_id: null,
      device_type_icon: null,
      notification_message: html,
      created_at: row.created_at.toISOString(),
      is_read: 0,
    };
  });
}
