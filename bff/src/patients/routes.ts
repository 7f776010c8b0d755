import { addCheckInEntry, getDetailsByUserID, getLanguages, isoDay, lowestRoleId } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../audit.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { HttpError } from '../http/errors.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';

/** 000 §4.6, §6.2; 001 §6: the roles that record a check-in when they open a patient chart. */
const CHECK_IN_ROLES: readonly number[] = [6, 8, 13];

/** The patient lookup and check-in of opening a notification, and the language list (000 §2.10, §4.6, §7). */
export function patientRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getDetailsByUserID, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.userid, 'userid');
    const p = await db
      .selectFrom('patients')
      .select([
        'patient_id',
        'firstname',
        'lastname',
        'dob',
        'mobile',
        'phone',
        'organization_id',
        'practice_id',
        'location_id',
      ])
      .where('patient_id', '=', query.userid)
      .executeTakeFirstOrThrow();
    return { status: 1, data: { ...p, dob: isoDay(p.dob) } };
  });

  registerCall(app, deps, addCheckInEntry, async ({ body, auth, req }) => {
    // The client makes this call only for these roles (000 §4.6); the server keeps other roles' visits out of the
    // check-in record (the spec is silent on the server side; we refuse rather than record them).
    const lowest = lowestRoleId(auth.roleid);
    if (lowest === undefined || !CHECK_IN_ROLES.includes(lowest))
      throw new HttpError(403, 'Check-ins are recorded for roles 6, 8 and 13 only.');
    await assertPatientAccess(db, auth, body.patient_id);
    const now = clock.now();
    await db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('check_ins')
        .values({ patient_id: body.patient_id, user_id: auth.userId, created_at: now })
        .returning('check_in_id')
        .executeTakeFirstOrThrow();
      await audit(tx, {
        ...actor(auth, req.ip, now),
        action: 'check_in',
        entity: 'patient',
        entityId: body.patient_id,
        detail: { check_in_id: row.check_in_id },
      });
    });
    return { status: 1, message: 'Check-in recorded' };
  });

  registerCall(app, deps, getLanguages, async () => {
    const rows = await db
      .selectFrom('languages')
      .select(['language_id', 'language'])
      .orderBy('language_id')
      .execute();
    return { status: 1, data: rows };
  });
}
