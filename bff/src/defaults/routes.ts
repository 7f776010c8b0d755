import {
  getCarePlanDefaults,
  getInsuranceDefaults,
  getNotesDefaults,
  getProtocolDefaults,
  MSG,
  seesCarePlanDefaults,
  seesInsuranceDefaults,
  seesProtocolDefaults,
  updateCarePlanDefaults,
  updateInsuranceDefaults,
  updateNotesDefaults,
  updateProtocolDefaults,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { visibleOrganizations } from '../scope.js';
import { protocolDefaultsOf, saveProtocolDefaults } from './protocol-store.js';
import {
  insuranceDefaultsOf,
  notesDefaultsOf,
  saveInsuranceDefaults,
  saveNotesDefaults,
} from './settings-store.js';
import { assertSees, assertSeesCarePlanDefaults, carePlanDefaultsOf, saveCarePlanDefaults } from './store.js';

/** The user-menu defaults pages (000 §2.2, §6.2): each refused to those the page is hidden from. */
export function defaultsRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getCarePlanDefaults, async ({ auth, query }) => {
    await assertSeesCarePlanDefaults(db, auth);
    return {
      data: await carePlanDefaultsOf(db, await visibleOrganizations(db, auth), query.organization_id),
    };
  });

  registerCall(app, deps, updateCarePlanDefaults, async ({ auth, body, req }) => {
    await assertSeesCarePlanDefaults(db, auth);
    const orgs = await visibleOrganizations(db, auth);
    await saveCarePlanDefaults(db, actor(auth, req.ip, clock.now()), orgs, body.organization_id, body.plan);
    return { message: MSG.updatedSuccessfully };
  });

  // RPM Protocol Defaults: role 5 (000 §6.2).
  registerCall(app, deps, getProtocolDefaults, async ({ auth, query }) => {
    await assertSees(db, auth, seesProtocolDefaults, 'RPM Protocol Defaults');
    const orgs = await visibleOrganizations(db, auth);
    return { data: await protocolDefaultsOf(db, orgs, query.organization_id) };
  });

  registerCall(app, deps, updateProtocolDefaults, async ({ auth, body, req }) => {
    await assertSees(db, auth, seesProtocolDefaults, 'RPM Protocol Defaults');
    const orgs = await visibleOrganizations(db, auth);
    await saveProtocolDefaults(db, actor(auth, req.ip, clock.now()), orgs, body);
    return { message: MSG.updatedSuccessfully };
  });

  // Notes Defaults: role 5, or 6 when not a dentist (000 §6.2), per user.
  registerCall(app, deps, getNotesDefaults, async ({ auth }) => {
    await assertSees(db, auth, seesCarePlanDefaults, 'Notes Defaults');
    return { data: await notesDefaultsOf(db, auth.userId) };
  });

  registerCall(app, deps, updateNotesDefaults, async ({ auth, body, req }) => {
    await assertSees(db, auth, seesCarePlanDefaults, 'Notes Defaults');
    await saveNotesDefaults(db, actor(auth, req.ip, clock.now()), body);
    return { message: MSG.updatedSuccessfully };
  });

  // Insurance Defaults: the insurance-role list, not dentists or sleep-lab users (000 §6.2).
  registerCall(app, deps, getInsuranceDefaults, async ({ auth, query }) => {
    await assertSees(db, auth, seesInsuranceDefaults, 'Insurance Defaults');
    const orgs = await visibleOrganizations(db, auth);
    return { data: await insuranceDefaultsOf(db, orgs, query.organization_id) };
  });

  registerCall(app, deps, updateInsuranceDefaults, async ({ auth, body, req }) => {
    await assertSees(db, auth, seesInsuranceDefaults, 'Insurance Defaults');
    const orgs = await visibleOrganizations(db, auth);
    await saveInsuranceDefaults(db, actor(auth, req.ip, clock.now()), orgs, body);
    return { message: MSG.updatedSuccessfully };
  });
}
