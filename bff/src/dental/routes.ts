import { advanceDentalStage, getDentalCase, getDentalStageCounts, MSG } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { patientScope } from '../scope.js';
import { advanceStage, dentalCaseView, stageCounts } from './store.js';

/** The Dental Dashboard: figures per stage, a case's view and its move to the next stage, in the caller's scope. */
export function dentalRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getDentalStageCounts, async ({ auth }) => ({
    data: await stageCounts(db, { scope: await patientScope(db, auth) }),
  }));

  // A row's own view (decisions.md "Dental case and sleep study views"); its document files are documents' routes.
  registerCall(app, deps, getDentalCase, async ({ auth, query }) => ({
    data: await dentalCaseView(db, await patientScope(db, auth), query.case_id),
  }));

  registerCall(app, deps, advanceDentalStage, async ({ auth, body, req }) => {
    const scope = await patientScope(db, auth);
    await advanceStage(db, actor(auth, req.ip, clock.now()), scope, body.case_id, body.to_stage);
    return { message: MSG.updatedSuccessfully };
  });
}
