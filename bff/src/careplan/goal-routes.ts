import { addPatientGoal, getPatientGoals, updatePatientGoal } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { updateInScope } from '../chart/scoped-record.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import { addGoal, goalRecord, patientGoals, updateGoal } from './goal-store.js';

/** The chart's Goals tab (000 §2.3 `goals`). */
export function goalRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getPatientGoals, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return { data: await patientGoals(db, query.patient_id, clock.now()) };
  });

  registerCall(app, deps, addPatientGoal, async ({ body, auth, req, headers }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, addPatientGoal, headers['idempotency-key'], who.at, (trx) =>
      addGoal(trx, who, body.patient_id, body.goal),
    );
  });

  registerCall(app, deps, updatePatientGoal, async (call) =>
    updateInScope(deps, call, goalRecord, updateGoal),
  );
}
