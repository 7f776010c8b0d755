import {
  clearAllNotificationsForUser,
  getAllForBellIcon,
  getUnreadCount,
  getUsers,
  getUserTypes,
  MSG,
  type NotificationNewPayload,
  PATIENT_ROLE_ID,
  readAll,
  sendNotification,
} from '@rpm/shared';
import escapeHtml from 'escape-html';
import type { FastifyInstance } from 'fastify';
import { audit } from '../audit.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { HttpError } from '../http/errors.js';
import { actor, ownId } from '../http/route-helpers.js';
import { assertPatientAccess, userInOrganizations, visibleOrganizations } from '../scope.js';

/** 000 §2.8 and the contract: the bell shows at most this many entries. */
const BELL_LIMIT = 100;

/** The bell popup, unread count, read/clear, and the send-notification dialog (000 §2.8, §2.9, §4.6, §4.8, §7). */
export function notificationRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getAllForBellIcon, async ({ auth }) => {
    const rows = await db
      .selectFrom('notifications')
      .leftJoin('device_types', 'device_types.device_type_id', 'notifications.device_type_id')
      .select([
        'notifications.notification_id',
        'notifications.patient_id',
        'device_types.icon',
        'notifications.notification_message',
        'notifications.created_at',
        'notifications.read_at',
      ])
      .where('notifications.user_id', '=', auth.userId)
      .where('notifications.cleared_at', 'is', null)
      .orderBy('notifications.created_at', 'desc')
      .orderBy('notifications.notification_id', 'desc')
      .limit(BELL_LIMIT)
      .execute();
    return {
      status: 1,
      data: rows.map((r) => ({
        notification_id: r.notification_id,
        fk_patient_id: r.patient_id,
        device_type_icon: r.icon,
        notification_message: r.notification_message,
        created_at: r.created_at.toISOString(),
        is_read: r.read_at ? (1 as const) : (0 as const),
      })),
    };
  });

  registerCall(app, deps, getUnreadCount, async ({ query, auth }) => {
    ownId(auth, query.user_id, 'user_id');
    const row = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', auth.userId)
      .where('read_at', 'is', null)
      .where('cleared_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { status: 1, data: [{ count: Number(row.count) }] };
  });

  registerCall(app, deps, readAll, async ({ query, auth, req }) => {
    ownId(auth, query.user_id, 'user_id');
    await assertPatientAccess(db, auth, query.patient_id);
    const now = clock.now();
    await db.transaction().execute(async (tx) => {
      const result = await tx
        .updateTable('notifications')
        .set({ read_at: now })
        .where('user_id', '=', auth.userId)
        .where('patient_id', '=', query.patient_id)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      const count = Number(result.numUpdatedRows);
      // Opening a chart calls this every time; only a real change is worth an audit row.
      if (count > 0) {
        await audit(tx, {
          ...actor(auth, req.ip, now),
          action: 'read_notifications',
          entity: 'patient',
          entityId: query.patient_id,
          detail: { count },
        });
      }
    });
    return { status: 1, message: MSG.updatedSuccessfully };
  });

  registerCall(app, deps, clearAllNotificationsForUser, async ({ body, auth, req }) => {
    ownId(auth, body.userid, 'userid');
    // The client sends the user's first role (000 §7); it must be one of the caller's.
    if (!auth.roleid.includes(body.roleid))
      throw new HttpError(403, `Role ${body.roleid} is not one of your roles.`, 'roleid');
    const now = clock.now();
    await db.transaction().execute(async (tx) => {
      // Cleared, not deleted: the rows stay for the record and the audit trail.
      const result = await tx
        .updateTable('notifications')
        .set({ cleared_at: now })
        .where('user_id', '=', auth.userId)
        .where('cleared_at', 'is', null)
        .executeTakeFirst();
      await audit(tx, {
        ...actor(auth, req.ip, now),
        action: 'clear_notifications',
        entity: 'user',
        entityId: auth.userId,
        detail: { count: Number(result.numUpdatedRows) },
      });
    });
    return { status: 1, message: MSG.updatedSuccessfully };
  });

  registerCall(app, deps, getUserTypes, async () => {
    // Role names are not in the spec (000 §6); the roles table holds neutral labels ('Role 2').
    const rows = await db
      .selectFrom('roles')
      .select(['role_id', 'role'])
      .where('role_id', '<>', PATIENT_ROLE_ID)
      .orderBy('role_id')
      .execute();
    return { status: 1, data: rows };
  });

  registerCall(app, deps, getUsers, async ({ query, auth }) => {
    ownId(auth, query.user_id, 'user_id');
    const role = await staffRole(deps, query.role_id);
    const orgs = await visibleOrganizations(db, auth);
    let only: number[] | 'all' = orgs;
    if (query.org_id !== undefined) {
      if (orgs !== 'all' && !orgs.includes(query.org_id))
        throw new HttpError(403, 'You do not belong to this organization.', 'org_id');
      only = [query.org_id];
    }
    let q = db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.user_id')
      .select(['users.user_id', 'users.firstname', 'users.lastname'])
      .where('user_roles.role_id', '=', role)
      .where('users.active', '=', true)
      .where('users.user_id', '<>', auth.userId);
    if (only !== 'all') q = q.where(userInOrganizations(only));
    const rows = await q
      .orderBy('users.firstname')
      .orderBy('users.lastname')
      .orderBy('users.user_id')
      .execute();
    return {
      status: 1,
      data: rows.map((r) => ({ user_id: r.user_id, name: `${r.firstname} ${r.lastname}`.trim() })),
    };
  });

  registerCall(app, deps, sendNotification, async ({ body, auth, req }) => {
    ownId(auth, body.user_id_from, 'user_id_from');
    if (body.user_id_to === auth.userId)
      throw new HttpError(
        400,
        'Choose another user: you cannot send a notification to yourself.',
        'user_id_to',
      );
    const recipient = await db
      .selectFrom('users')
      .select(['user_id', 'active'])
      .where('user_id', '=', body.user_id_to)
      .executeTakeFirst();
    if (!recipient?.active)
      throw new HttpError(404, `User ${body.user_id_to} does not exist or is disabled.`, 'user_id_to');
    const orgs = await visibleOrganizations(db, auth);
    if (orgs !== 'all') {
      const inScope = await db
        .selectFrom('users')
        .select('user_id')
        .where('user_id', '=', body.user_id_to)
        .where(userInOrganizations(orgs))
        .executeTakeFirst();
      if (!inScope) throw new HttpError(403, 'This user is not in your organization.', 'user_id_to');
    }
    const sender = await db
      .selectFrom('users')
      .select(['firstname', 'lastname'])
      .where('user_id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    // 000 §2.9 does not show the stored message; like the alerts in the bell, it leads with a bold name: the sender's.
    // The message itself holds only letters, digits, spaces and underscores (the contract's pattern, 000 §5).
    const html = `<b>${escapeHtml(`${sender.firstname} ${sender.lastname}`.trim())}</b> ${body.message}`;
    const now = clock.now();
    const payload = await db.transaction().execute(async (tx): Promise<NotificationNewPayload> => {
      const row = await tx
        .insertInto('notifications')
        .values({
          user_id: body.user_id_to,
          patient_id: null,
          device_type_id: null,
          notification_message: html,
          created_by: auth.userId,
          created_at: now,
        })
        .returning(['notification_id', 'created_at'])
        .executeTakeFirstOrThrow();
      await audit(tx, {
        ...actor(auth, req.ip, now),
        action: 'send_notification',
        entity: 'notification',
        entityId: row.notification_id,
        detail: { to: body.user_id_to },
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
    // After the commit: a client that fetches on the push finds the row.
    deps.hub.notifyUser(body.user_id_to, payload);
    return { status: true, message: 'Notification sent' };
  });
}

/** A role a notification can go to: it exists and is not the patient role; 400 naming role_id otherwise. */
async function staffRole(deps: Deps, roleId: number): Promise<number> {
  const role = await deps.db
    .selectFrom('roles')
    .select('role_id')
    .where('role_id', '=', roleId)
    .executeTakeFirst();
  if (!role || roleId === PATIENT_ROLE_ID)
    throw new HttpError(400, `Role ${roleId} is not a staff role.`, 'role_id');
  return role.role_id;
}
