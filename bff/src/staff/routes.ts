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
  removeFromMap,
  resetStaffPassword,
  STAFF_MAP_TEXT,
  updateStaff,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/password.js';
import { sessionEndHeard } from '../db/connect.js';
import type { Deps } from '../deps.js';
import { invalid } from '../domain-errors.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { visibleOrganizations } from '../scope.js';
import { assertCandidate, organizationCandidates, removeRole } from './mapping-store.js';
import {
  assertHoldsRoles,
  assertOrganization,
  assertPlacement,
  assertStaffRole,
  createStaffUser,
  deactivateStaffMember,
  mapExistingUser,
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

  // decisions.md "Select Admin eligibility and removal": only the users the role and place admit.
  registerCall(app, deps, getAllByOrgId, async ({ auth, query }) => {
    const orgs = await visibleOrganizations(db, auth);
    assertOrganization(orgs, query.organization_id);
    await assertStaffRole(db, query.roleid);
    await assertHoldsRoles(db, auth.userId, [query.roleid], 'roleid');
    if (query.location_id !== undefined && query.practice_id === undefined)
      throw invalid('location_id needs practice_id.', 'practice_id');
    if (query.practice_id !== undefined) {
      const locations = await practiceLocations(db, orgs, query.organization_id, query.practice_id);
      if (query.location_id !== undefined && !locations.some((l) => l.location_id === query.location_id))
        throw invalid(
          `Location ${query.location_id} is not in practice ${query.practice_id}.`,
          'location_id',
        );
    }
    const place = {
      callerId: auth.userId,
      organizationId: query.organization_id,
      roleId: query.roleid,
      practiceId: query.practice_id,
      locationId: query.location_id,
    };
    return { data: await organizationCandidates(db, place) };
  });

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
    const place = {
      callerId: auth.userId,
      organizationId: body.organization_id,
      roleId: body.roleid,
      practiceId: body.practice_id,
      locationId: body.location_id,
    };
    await assertCandidate(db, place, body.userid);
    await mapExistingUser(db, actor(auth, req.ip, clock.now()), orgs, body.userid, body);
    return { message: MSG.addedSuccessfully };
  });

  registerCall(app, deps, removeFromMap, async ({ auth, body, req }) => {
    await assertStaffRole(db, body.roleid);
    // The caller may take a role of their own while another role keeps them an administrator (mapping-store.ts).
    if (body.userid !== auth.userId)
      await staffMemberInScope(db, auth.userId, await visibleOrganizations(db, auth), body.userid);
    await assertHoldsRoles(db, auth.userId, [body.roleid], 'roleid');
    await removeRole(db, actor(auth, req.ip, clock.now()), body.userid, body.roleid);
    return { message: STAFF_MAP_TEXT.removed };
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
    await sessionEndHeard(db);
    return { message: MSG.updatedSuccessfully };
  });

  registerCall(app, deps, resetStaffPassword, async ({ auth, body, req }) => {
    await staffMemberInScope(db, auth.userId, await visibleOrganizations(db, auth), body.userid);
    const passwordHash = await hashPassword(body.password);
    const ended = await resetPasswordOf(db, actor(auth, req.ip, clock.now()), body.userid, passwordHash);
    hub.endSessions(ended);
    await sessionEndHeard(db);
    return { message: MSG.passwordUpdated };
  });
}
