import { addOrganization, getOrganizations, MSG, updateOrganization } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { actor, ownId } from '../http/route-helpers.js';
import { visibleOrganizations } from '../scope.js';
import { createOrganization, findOrganization, listOrganizations, saveOrganization } from './store.js';

/** Organisations table, create and edit forms (000 §2.4 Organizations Table, §2.10, §4.7; 001 §7 Organisations). */
export function organizationRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getOrganizations, async ({ auth }) => ({
    data: await listOrganizations(db, await visibleOrganizations(db, auth)),
  }));

  registerCall(app, deps, addOrganization, async ({ body, auth, req }) => {
    ownId(auth, body.userid, 'userid');
    const organizationid = await createOrganization(db, body, actor(auth, req.ip, clock.now()));
    return { message: MSG.addedSuccessfully, data: { organizationid } };
  });

  registerCall(app, deps, updateOrganization, async ({ body, auth, req }) => {
    ownId(auth, body.modified_user_id, 'modified_user_id');
    // Another organisation is answered as one that does not exist (issue 44: no existence oracle).
    const current = await findOrganization(db, body.organizationid, await visibleOrganizations(db, auth));
    await saveOrganization(db, current, body, actor(auth, req.ip, clock.now()));
    return { message: MSG.updatedSuccessfully };
  });
}
