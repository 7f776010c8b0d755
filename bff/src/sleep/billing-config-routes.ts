import { getSleepBillingConfig, MSG, saveAthenaVitals, saveHstBillingPrices } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { visibleOrganizations } from '../scope.js';
import { billingConfig, savePrices, saveAthenaVitals as saveVitals } from './billing-config-store.js';

/** HST Billing Configuration and Athena vitals, for the caller's organisations only. */
export function billingConfigRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getSleepBillingConfig, async ({ auth, query }) => ({
    data: await billingConfig(db, await visibleOrganizations(db, auth), query.organization_id),
  }));

  registerCall(app, deps, saveHstBillingPrices, async ({ auth, body, req }) => {
    const orgs = await visibleOrganizations(db, auth);
    await savePrices(db, actor(auth, req.ip, clock.now()), orgs, body.organization_id, body.prices);
    return { message: MSG.updatedSuccessfully };
  });

  registerCall(app, deps, saveAthenaVitals, async ({ auth, body, req }) => {
    const orgs = await visibleOrganizations(db, auth);
    await saveVitals(db, actor(auth, req.ip, clock.now()), orgs, body.organization_id, body.vital_ids);
    return { message: MSG.updatedSuccessfully };
  });
}
