import { getProfile, MSG, updateProfile } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { assertDobBy } from '../staff/routes.js';
import { profileOf, saveProfile } from './store.js';

/** User Profile (000 §2.2): the session's own record only, so no record check is needed. */
export function profileRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getProfile, async ({ auth }) => ({
    data: await profileOf(db, auth.userId),
  }));

  registerCall(app, deps, updateProfile, async ({ auth, body, req }) => {
    const now = clock.now();
    assertDobBy(body.dob, now);
    await saveProfile(db, actor(auth, req.ip, now), body);
    return { message: MSG.updatedSuccessfully };
  });
}
