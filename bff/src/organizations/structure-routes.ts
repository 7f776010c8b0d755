import {
  addLocation,
  addPractice,
  isOrganizationAdministrator,
  MSG,
  updateLocation,
  updatePractice,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth/guard.js';
import type { Deps } from '../deps.js';
import { forbidden } from '../domain-errors.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { visibleOrganizations } from '../scope.js';
import {
  assertOrganization,
  assertPrograms,
  createLocation,
  createPractice,
  locationInScope,
  practiceInScope,
  saveLocation,
  savePractice,
} from './structure-store.js';

/**
 * The organisations whose practices the caller may change: administrators (lowest role 1 or 2) their organisations'
 * every practice; anyone else only the practices they belong to (decisions.md "Practice writes need membership").
 */
async function writablePractices(deps: Deps, auth: AuthContext) {
  const orgs = await visibleOrganizations(deps.db, auth);
  const member = isOrganizationAdministrator(auth.roleid) ? undefined : new Set(auth.practiceIds);
  return { orgs, member };
}

/** Practice and location forms (000 §2.4 Practices, Locations Tables). */
export function structureRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, addPractice, async ({ auth, body, req, headers }) => {
    if (!isOrganizationAdministrator(auth.roleid))
      throw forbidden('Only administrators may add a practice.', 'organization_id');
    await assertOrganization(db, await visibleOrganizations(db, auth), body.organization_id);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, addPractice, headers['idempotency-key'], who.at, (trx) =>
      createPractice(trx, who, body),
    );
  });

  registerCall(app, deps, updatePractice, async ({ auth, body, req }) => {
    await practiceInScope(db, await writablePractices(deps, auth), body.practice_id);
    await savePractice(db, actor(auth, req.ip, clock.now()), body);
    return { message: MSG.updatedSuccessfully };
  });

  registerCall(app, deps, addLocation, async ({ auth, body, req, headers }) => {
    await practiceInScope(db, await writablePractices(deps, auth), body.practice_id);
    await assertPrograms(db, body.program_ids);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, addLocation, headers['idempotency-key'], who.at, (trx) =>
      createLocation(trx, who, body),
    );
  });

  registerCall(app, deps, updateLocation, async ({ auth, body, req }) => {
    await locationInScope(db, await writablePractices(deps, auth), body.location_id);
    await assertPrograms(db, body.program_ids);
    await saveLocation(db, actor(auth, req.ip, clock.now()), body.location_id, body);
    return { message: MSG.updatedSuccessfully };
  });
}
