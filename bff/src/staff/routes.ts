import {
  addExistingToMap,
  addUser,
  checkUsername,
  deactivateStaff,
  dobInRange,
  getAllByOrgId,
  getLocationsByPracticeIdOrgId,
  getOrgByPracticeId,
  isoDay,
  MSG,
  resetStaffPassword,
  updateStaff,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/password.js';
import type { Deps } from '../deps.js';
import { invalid } from '../domain-errors.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { visibleOrganizations } from '../scope.js';
import {
  assertPlacement,
  createStaffUser,
  deactivateStaffMember,
  mapExistingUser,
  organizationStaff,
  practiceLocations,
  practiceOrganization,
  resetPasswordOf,
  staffMemberInScope,
  updateStaffMember,
  usernameTaken,
} from './store.js';

/** 001 §5: a DOB between about 47450 days back and today, on the app's clock (staff forms and the profile). */
export function assertDobBy(dob: string, now: Date): void {
  if (!dobInRange(dob, isoDay(now))) throw invalid(MSG.invalidDob, 'dob');
}

/** Add Admin (001 §2.8, §4, §7) and staff administration: parse, authorise, store. */
export function staffRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock, hub } = deps;

  const assertDob = (dob: string) => assertDobBy(dob, clock.now());

  registerCall(app, deps, getOrgByPracticeId, async ({ auth, headers }) => ({
    data: [await practiceOrganization(db, await visibleOrganizations(db, auth), headers.practice_id)],
  }));

  registerCall(app, deps, getLocationsByPracticeIdOrgId, async ({ auth, headers }) => ({
    data: await practiceLocations(
      db,
      await visibleOrganizations(db, auth),
      headers.organization_id,
      headers.practice_id,
    ),
  }));

  registerCall(app, deps, getAllByOrgId, async ({ auth, query }) => ({
    data: await organizationStaff(db, await visibleOrganizations(db, auth), query.organization_id),
  }));

  // decisions.md "Username check answer".
  registerCall(app, deps, checkUsername, async ({ body }) => {
    const exists = await usernameTaken(db, body.username);
    return { exists, message: exists ? MSG.usernameExists : 'Username available' };
  });

  registerCall(app, deps, addUser, async ({ auth, body, req, headers }) => {
    assertDob(body.dob);
    await assertPlacement(db, auth.userId, await visibleOrganizations(db, auth), body);
    const passwordHash = await hashPassword(body.password);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, addUser, headers['idempotency-key'], who.at, (trx) =>
      createStaffUser(trx, who, { ...body, passwordHash }),
    );
  });

  registerCall(app, deps, addExistingToMap, async ({ auth, body, req }) => {
    const orgs = await visibleOrganizations(db, auth);
    await assertPlacement(db, auth.userId, orgs, body);
    await mapExistingUser(db, actor(auth, req.ip, clock.now()), orgs, body.userid, body);
    return { message: MSG.addedSuccessfully };
  });

  registerCall(app, deps, updateStaff, async ({ auth, body, req }) => {
    await staffMemberInScope(db, auth.userId, await visibleOrganizations(db, auth), body.userid);
    assertDob(body.dob);
    await updateStaffMember(db, actor(auth, req.ip, clock.now()), body.userid, body);
    return { message: MSG.updatedSuccessfully };
  });

  registerCall(app, deps, deactivateStaff, async ({ auth, body, req }) => {
    await staffMemberInScope(db, auth.userId, await visibleOrganizations(db, auth), body.userid);
    const ended = await deactivateStaffMember(db, actor(auth, req.ip, clock.now()), body.userid);
    // After the commit: a socket must not outlive its session (hub.ts endSessions).
    hub.endSessions(ended);
    return { message: MSG.updatedSuccessfully };
  });

  registerCall(app, deps, resetStaffPassword, async ({ auth, body, req }) => {
    await staffMemberInScope(db, auth.userId, await visibleOrganizations(db, auth), body.userid);
    const passwordHash = await hashPassword(body.password);
    const ended = await resetPasswordOf(db, actor(auth, req.ip, clock.now()), body.userid, passwordHash);
    hub.endSessions(ended);
    return { message: MSG.passwordUpdated };
  });
}
