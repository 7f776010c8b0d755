import { MSG, updateRolePages } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { assertRoleEditor, saveRolePages } from './store.js';

/** The Roles table's Access dialog (000 §2.4 Roles Table). */
export function roleRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, updateRolePages, async ({ auth, body, req }) => {
    assertRoleEditor(auth.roleid);
    await saveRolePages(db, actor(auth, req.ip, clock.now()), body.role_id, body.pages);
    return { message: MSG.updatedSuccessfully };
  });
}
