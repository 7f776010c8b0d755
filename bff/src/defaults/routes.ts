import { getCarePlanDefaults, MSG, updateCarePlanDefaults } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { visibleOrganizations } from '../scope.js';
import { assertSeesCarePlanDefaults, carePlanDefaultsOf, saveCarePlanDefaults } from './store.js';

/** The user-menu defaults pages (000 §2.2, §6.2; issue 16 part 6): each refused to those the page is hidden from. */
export function defaultsRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getCarePlanDefaults, async ({ auth, query }) => {
    await assertSeesCarePlanDefaults(db, auth);
    return {
      status: 1,
      data: await carePlanDefaultsOf(db, await visibleOrganizations(db, auth), query.organization_id),
    };
  });

  registerCall(app, deps, updateCarePlanDefaults, async ({ auth, body, req }) => {
    await assertSeesCarePlanDefaults(db, auth);
    const orgs = await visibleOrganizations(db, auth);
    await saveCarePlanDefaults(db, actor(auth, req.ip, clock.now()), orgs, body.organization_id, body.plan);
    return { status: 1, message: MSG.updatedSuccessfully };
  });
}
