import { getActivityLogs, getRunningTimer, startActivityTimer, stopActivityTimer } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import { activityLogs, ownRunningTimer, runningTimer, startTimer, stopTimer } from './activity-store.js';

/** The activity timer and the activity log of the patient chart (000 §2.3). */
export function chartActivityRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, startActivityTimer, async ({ body, auth, req }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const who = actor(auth, req.ip, clock.now());
    const data = await db.transaction().execute((trx) => startTimer(trx, who, body.patient_id, body.program));
    return { data };
  });

  registerCall(app, deps, stopActivityTimer, async ({ body, auth, req }) => {
    const timer = await ownRunningTimer(db, auth.userId, body.timer_id);
    await assertPatientAccess(db, auth, timer.patient_id);
    const who = actor(auth, req.ip, clock.now());
    const data = await db
      .transaction()
      .execute((trx) => stopTimer(trx, who, timer, { discard: body.discard, note: body.note }));
    return { data };
  });

  registerCall(app, deps, getRunningTimer, async ({ auth }) => ({
    data: await runningTimer(db, auth.userId),
  }));

  registerCall(app, deps, getActivityLogs, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return activityLogs(db, query);
  });
}
