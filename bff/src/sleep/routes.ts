import {
  ADMIN_ROLE_ID,
  breakSleepTestLock,
  coSignSleepInterpretation,
  getSleepLabStudy,
  getSleepTest,
  lowestRoleId,
  MSG,
  returnSleepDevice,
  saveSleepInterpretation,
  signSleepInterpretation,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth/guard.js';
import type { Deps } from '../deps.js';
import { forbidden } from '../domain-errors.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { patientScope } from '../scope.js';
import {
  coSignInterpretation,
  saveInterpretation,
  signInterpretation,
  sleepTestDetail,
} from './interpretation-store.js';
import { announceFreedLocks } from './lock-hub.js';
import { breakLock, studyPractice } from './lock-store.js';
import { returnStudyDevice } from './return-store.js';
import { labStudyView } from './study-view-store.js';

/** The interpretation of a sleep test: read by whoever sees the study, every write fenced by the lease (409). */
export function sleepRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getSleepTest, async ({ query, auth }) => {
    const viewer = { auth, scope: await patientScope(db, auth), now: clock.now() };
    return { data: await sleepTestDetail(db, viewer, query.test_id) };
  });

  // The Sleep Lab's read-only view of one study (decisions.md "Dental case and sleep study views").
  registerCall(app, deps, getSleepLabStudy, async ({ query, auth }) => {
    const viewer = { auth, scope: await patientScope(db, auth), now: clock.now() };
    return { data: await labStudyView(db, viewer, query.study_id) };
  });

  /** Writes check scope first, so a study outside it answers 404 like an unknown one (never 409). */
  const visible = (auth: AuthContext, testId: number) => studyPractice(db, auth, testId, 'test_id');

  registerCall(app, deps, saveSleepInterpretation, async ({ body, auth, req }) => {
    await visible(auth, body.test_id);
    await saveInterpretation(db, actor(auth, req.ip, clock.now()), body);
    return { message: MSG.updatedSuccessfully };
  });

  registerCall(app, deps, signSleepInterpretation, async ({ body, auth, req }) => {
    await visible(auth, body.test_id);
    await signInterpretation(db, actor(auth, req.ip, clock.now()), body);
    return { message: 'Interpretation signed.' };
  });

  registerCall(app, deps, coSignSleepInterpretation, async ({ body, auth, req }) => {
    await visible(auth, body.test_id);
    await coSignInterpretation(db, actor(auth, req.ip, clock.now()), body);
    return { message: 'Interpretation co-signed.' };
  });

  // Sleep Return Devices (decisions.md "Sleep Return Devices"): the store checks scope (404) and state (409).
  registerCall(app, deps, returnSleepDevice, async ({ body, auth, req }) => {
    await returnStudyDevice(db, actor(auth, req.ip, clock.now()), auth, body.study_id);
    return { message: MSG.updatedSuccessfully };
  });

  registerCall(app, deps, breakSleepTestLock, async ({ body, auth, req }) => {
    if (lowestRoleId(auth.roleid) !== ADMIN_ROLE_ID)
      throw forbidden('Only an administrator may break a lock.', 'test_id');
    const freed = await breakLock(db, actor(auth, req.ip, clock.now()), auth, body.test_id, body.reason);
    // The holder's open view and every worklist learn it at once (SLEEP::FREE).
    announceFreedLocks(deps.hub, freed);
    return { message: 'Lock broken.' };
  });
}
