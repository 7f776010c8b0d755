import {
  clearAllNotificationsForUser,
  getAllForBellIcon,
  getUnreadCount,
  getUsers,
  getUserTypes,
  MSG,
  readAll,
  sendNotification,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { forbidden } from '../domain-errors.js';
import { registerCall } from '../http/calls.js';
import { actor, ownId } from '../http/route-helpers.js';
import { assertPatientAccess, visibleOrganizations } from '../scope.js';
import {
  bellNotifications,
  clearNotifications,
  markPatientRead,
  recipients,
  sendToUser,
  staffRole,
  staffRoles,
  unreadCount,
} from './store.js';

/** The bell popup, unread count, read/clear, and the send-notification dialog (000 §2.8, §2.9, §4.6, §4.8, §7). */
export function notificationRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getAllForBellIcon, async ({ auth }) => ({
    data: await bellNotifications(db, auth.userId),
  }));

  registerCall(app, deps, getUnreadCount, async ({ query, auth }) => {
    ownId(auth, query.user_id, 'user_id');
    return { data: [{ count: await unreadCount(db, auth.userId) }] };
  });

  registerCall(app, deps, readAll, async ({ query, auth, req }) => {
    ownId(auth, query.user_id, 'user_id');
    await assertPatientAccess(db, auth, query.patient_id);
    await markPatientRead(db, actor(auth, req.ip, clock.now()), query.patient_id);
    return { message: MSG.updatedSuccessfully };
  });

  registerCall(app, deps, clearAllNotificationsForUser, async ({ body, auth, req }) => {
    ownId(auth, body.userid, 'userid');
    // The client sends the user's first role (000 §7); it must be one of the caller's.
    if (!auth.roleid.includes(body.roleid))
      throw forbidden(`Role ${body.roleid} is not one of your roles.`, 'roleid');
    await clearNotifications(db, actor(auth, req.ip, clock.now()));
    return { message: MSG.updatedSuccessfully };
  });

  registerCall(app, deps, getUserTypes, async () => ({ data: await staffRoles(db) }));

  registerCall(app, deps, getUsers, async ({ query, auth }) => {
    ownId(auth, query.user_id, 'user_id');
    const role = await staffRole(db, query.role_id);
    const orgs = await visibleOrganizations(db, auth);
    let only: number[] | 'all' = orgs;
    if (query.org_id !== undefined) {
      if (orgs !== 'all' && !orgs.includes(query.org_id))
        throw forbidden('You do not belong to this organization.', 'org_id');
      only = [query.org_id];
    }
    return { data: await recipients(db, role, only, auth.userId) };
  });

  registerCall(app, deps, sendNotification, async ({ body, auth, req }) => {
    ownId(auth, body.user_id_from, 'user_id_from');
    const who = actor(auth, req.ip, clock.now());
    const orgs = await visibleOrganizations(db, auth);
    const payload = await sendToUser(db, who, body.user_id_to, body.message, orgs);
    // After the commit: a client that fetches on the push finds the row.
    deps.hub.notifyUser(body.user_id_to, payload);
    return { status: true, message: 'Notification sent' };
  });
}
