import {
  addCheckInEntry,
  getDetailsByUserID,
  getLanguages,
  getPatientIdentities,
  getTransferCoordinators,
  lowestRoleId,
  searchPatients,
  transferPatients,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { forbidden } from '../domain-errors.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess, patientScope } from '../scope.js';
import { patientIdentities, searchPatients as search } from './search-store.js';
import { languages, patientDetails, recordCheckIn } from './store.js';
import { transferPatients as transfer, transferCoordinators } from './transfer-store.js';

/** 000 §4.6, §6.2; 001 §6: the roles that record a check-in when they open a patient chart. */
const CHECK_IN_ROLES: readonly number[] = [6, 8, 13];

/**
 * The notification's patient lookup and check-in, languages (000 §2.10, §4.6, §7), the header's patient search and
 * recent charts, and Patient Transfer's actions (000 §2.4 'Care Coord Mapping').
 */
export function patientRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getDetailsByUserID, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.userid, 'userid');
    return { data: await patientDetails(db, query.userid) };
  });

  registerCall(app, deps, addCheckInEntry, async ({ body, auth, req }) => {
    // decisions.md "Check-in roles" (000 §4.6).
    const lowest = lowestRoleId(auth.roleid);
    if (lowest === undefined || !CHECK_IN_ROLES.includes(lowest))
      throw forbidden('Check-ins are recorded for roles 6, 8 and 13 only.');
    await assertPatientAccess(db, auth, body.patient_id);
    await recordCheckIn(db, body.patient_id, actor(auth, req.ip, clock.now()));
    return { message: 'Check-in recorded' };
  });

  registerCall(app, deps, searchPatients, async ({ query, auth }) => ({
    data: await search(db, await patientScope(db, auth), query.q),
  }));

  registerCall(app, deps, getPatientIdentities, async ({ query, auth }) => ({
    data: await patientIdentities(db, await patientScope(db, auth), query.patient_id),
  }));

  registerCall(app, deps, getLanguages, async () => ({ data: await languages(db) }));

  registerCall(app, deps, getTransferCoordinators, async ({ query, auth }) => ({
    data: await transferCoordinators(db, await patientScope(db, auth), query.patient_id),
  }));

  registerCall(app, deps, transferPatients, async ({ body, auth, req }) => {
    const { transferred, coordinator } = await transfer(
      db,
      actor(auth, req.ip, clock.now()),
      await patientScope(db, auth),
      body.patient_id,
      body.care_coordinator_id,
    );
    const patients = transferred === 1 ? '1 patient' : `${transferred} patients`;
    return { message: `${patients} transferred to ${coordinator}`, data: { transferred } };
  });
}
