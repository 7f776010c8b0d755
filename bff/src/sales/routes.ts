import { getSalesDashboard, getSalesPracticeDashboard } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { salesDashboard } from './dashboard-store.js';
import { salesPracticeDashboard } from './practice-dashboard-store.js';

/** The Sales Rep Dashboard (decisions.md "Leads") and the Sales Practice Dashboard; the leads themselves are a configuration table's list and writes. */
export function salesRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  registerCall(app, deps, getSalesDashboard, async ({ auth }) => ({
    data: await salesDashboard(db, auth, clock.now()),
  }));
  // decisions.md "Sales Practice Dashboard": the practices the signed-in user brought in, never another rep's.
  registerCall(app, deps, getSalesPracticeDashboard, async ({ auth }) => ({
    data: await salesPracticeDashboard(db, auth, clock.now()),
  }));
}
