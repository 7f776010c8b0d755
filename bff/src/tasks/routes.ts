import {
  acknowledgeWorklistAlerts,
  completeMyTask,
  getTaskAssignees,
  MSG,
  reassignMyTask,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { acknowledgeAlerts } from '../alerts/acknowledge-store.js';
import { pushAll } from '../alerts/raise.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { patientScope } from '../scope.js';
import { completeTask, reassignTask, taskAssignees } from './my-tasks-store.js';

/** The monitoring worklist's and My Tasks' actions; their lists are registered by the generic list registration. */
export function worklistRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, acknowledgeWorklistAlerts, async ({ body, auth, req }) => {
    const { acknowledged, pushes } = await acknowledgeAlerts(db, {
      alertIds: body.alert_id,
      scope: await patientScope(db, auth),
      note: body.note,
      minutes: body.minutes,
      program: body.program,
      actor: actor(auth, req.ip, clock.now()),
    });
    // After the commit: a client that refetches on the push finds the alerts acknowledged.
    pushAll(deps.hub, pushes);
    return { message: 'Acknowledged', data: { acknowledged } };
  });

  registerCall(app, deps, completeMyTask, async ({ body, auth, req }) => {
    await completeTask(db, actor(auth, req.ip, clock.now()), body.task_id);
    return { message: MSG.updatedSuccessfully };
  });

  registerCall(app, deps, getTaskAssignees, async ({ query, auth }) => ({
    data: await taskAssignees(db, auth.userId, query.task_id),
  }));

  registerCall(app, deps, reassignMyTask, async ({ body, auth, req }) => {
    await reassignTask(db, actor(auth, req.ip, clock.now()), body.task_id, body.assigned_to);
    return { message: MSG.updatedSuccessfully };
  });
}
