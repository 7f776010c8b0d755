import { addPatientGoal, getPatientGoals, MSG, updatePatientGoal } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import { addGoal, patientGoals, storedGoal, unknownGoal, updateGoal } from './goal-store.js';

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

  registerCall(app, deps, updatePatientGoal, async ({ body, auth, req }) => {
    const existing = await storedGoal(db, body.goal_id);
    await assertPatientAccess(db, auth, existing.patient_id, 'goal_id', unknownGoal(body.goal_id));
    const who = actor(auth, req.ip, clock.now());
    const data = await db
      .transaction()
      .execute((trx) => updateGoal(trx, who, existing, body.goal, body.status));
    return { message: MSG.updatedSuccessfully, data };
  });
}
