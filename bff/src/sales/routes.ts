import { getSalesDashboard } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { salesDashboard } from './dashboard-store.js';

/** The Sales Rep Dashboard (decisions.md "Leads"); the leads themselves are a configuration table's list and writes. */
export function salesRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  registerCall(app, deps, getSalesDashboard, async ({ auth }) => ({
    data: await salesDashboard(db, auth, clock.now()),
  }));
}
