import { addPatientTask, getPatientTasks, updatePatientTask } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import { updateInScope } from './scoped-record.js';
import { addTask, assertAssignable, patientTasks, taskRecord, updateTaskStatus } from './task-store.js';

/** The tasks of the patient chart (000 §2.3 Tasks tab). */
export function chartTaskRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getPatientTasks, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return patientTasks(db, query);
  });

  registerCall(app, deps, addPatientTask, async ({ body, auth, req, headers }) => {
    const place = await assertPatientAccess(db, auth, body.patient_id);
    await assertAssignable(db, body.assigned_to, place);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, addPatientTask, headers['idempotency-key'], who.at, (trx) =>
      addTask(trx, who, body),
    );
  });

  registerCall(app, deps, updatePatientTask, async (call) =>
    updateInScope(deps, call, taskRecord, updateTaskStatus),
  );
}
