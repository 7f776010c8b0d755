import { getDashboardSummary } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { NO_PRACTICE_ACCESS } from '../billing/scope.js';
import type { Deps } from '../deps.js';
import { forbidden } from '../domain-errors.js';
import { registerCall } from '../http/calls.js';
import { patientScope } from '../scope.js';
import { dashboardSummary } from './store.js';

/** The dashboard's figures (000 §2.4 'Dashboard', §6.1). */
export function dashboardRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getDashboardSummary, async ({ query, auth }) => {
    const scope = await patientScope(db, auth);
    if (query.practice !== undefined && !scope.hasPractice(query.practice))
      throw forbidden(NO_PRACTICE_ACCESS, 'practice');
    return {
      data: await dashboardSummary(db, { auth, scope, now: clock.now() }, query.practice),
    };
  });
}
