import {
  addPatient,
  deactivatePatient,
  findDuplicatePatients,
  getRegistrationOptions,
  MSG,
  mayEditPatients,
  mayMergePatients,
  mergePatients,
  NO_PATIENT_EDIT,
  NO_PATIENT_MERGE,
  reactivatePatient,
  updatePatientDemographics,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth/guard.js';
import type { Deps } from '../deps.js';
import { forbidden, notFound } from '../domain-errors.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess, patientScope } from '../scope.js';
import { updateDemographics } from './demographics-store.js';
import { findDuplicates } from './duplicate-store.js';
import { deactivatePatientRecord, mergePatient, reactivatePatientRecord } from './merge-store.js';
import { organizationsOf, registerPatient } from './record-store.js';
import { registrationOptions } from './registration-options-store.js';

/** Only the roles of PATIENT_RECORD_ROLES register and edit patients (decisions.md "Patient registration"). */
function assertMayEdit(auth: Pick<AuthContext, 'roleid'>): void {
  if (!mayEditPatients(auth.roleid)) throw forbidden(NO_PATIENT_EDIT);
}

/** Only the roles of PATIENT_MERGE_ROLES merge, deactivate and reactivate (decisions.md "Merging and deactivating patients"). */
function assertMayMerge(auth: Pick<AuthContext, 'roleid'>): void {
  if (!mayMergePatients(auth.roleid)) throw forbidden(NO_PATIENT_MERGE);
}

/** Registration, the duplicate check, the Demographics tab's save, merge and deactivation. */
export function patientRecordRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getRegistrationOptions, async ({ query, auth }) => {
    assertMayEdit(auth);
    return {
      data: await registrationOptions(db, await patientScope(db, auth), query.practice_id),
    };
  });

  registerCall(app, deps, findDuplicatePatients, async ({ body, auth }) => {
    assertMayEdit(auth);
    const scope = await patientScope(db, auth);
    const organizationId = (await organizationsOf(db, [body.practice_id])).get(body.practice_id);
    if (organizationId === undefined || !scope.hasPractice(body.practice_id))
      throw notFound(`Practice ${body.practice_id} does not exist.`, 'practice_id');
    if (body.patient_id !== undefined) await assertPatientAccess(db, auth, body.patient_id);
    const data = await findDuplicates(db, scope, {
      organizationId,
      lastname: body.lastname,
      dob: body.dob,
      mrn: body.mrn,
      mobile: body.mobile,
      ...(body.patient_id === undefined ? {} : { exceptPatientId: body.patient_id }),
    });
    return { data };
  });

  registerCall(app, deps, addPatient, async ({ body, auth, req, headers }) => {
    assertMayEdit(auth);
    const scope = await patientScope(db, auth);
    const who = actor(auth, req.ip, clock.now());
    const { confirm_duplicates: confirmed, ...record } = body;
    return addedOnce(db, auth.userId, addPatient, headers['idempotency-key'], who.at, async (trx) => ({
      patient_id: await registerPatient(trx, who, scope, record, confirmed),
    }));
  });

  registerCall(app, deps, updatePatientDemographics, async ({ body, auth, req }) => {
    assertMayEdit(auth);
    await assertPatientAccess(db, auth, body.patient_id);
    const scope = await patientScope(db, auth);
    const { patient_id: patientId, version, ...record } = body;
    const next = await db
      .transaction()
      .execute((trx) =>
        updateDemographics(trx, actor(auth, req.ip, clock.now()), scope, patientId, version, record),
      );
    return { message: MSG.updatedSuccessfully, data: { version: next } };
  });

  registerCall(app, deps, mergePatients, async ({ body, auth, req }) => {
    assertMayMerge(auth);
    await assertPatientAccess(db, auth, body.patient_id);
    await assertPatientAccess(db, auth, body.into_patient_id, 'into_patient_id');
    const who = actor(auth, req.ip, clock.now());
    const data = await db
      .transaction()
      .execute((trx) => mergePatient(trx, who, body.patient_id, body.into_patient_id, body.reason));
    return { message: MSG.updatedSuccessfully, data };
  });

  registerCall(app, deps, deactivatePatient, async ({ body, auth, req }) => {
    assertMayMerge(auth);
    await assertPatientAccess(db, auth, body.patient_id);
    const who = actor(auth, req.ip, clock.now());
    await db.transaction().execute((trx) => deactivatePatientRecord(trx, who, body.patient_id, body.reason));
    return { message: MSG.updatedSuccessfully };
  });

  registerCall(app, deps, reactivatePatient, async ({ body, auth, req }) => {
    assertMayMerge(auth);
    await assertPatientAccess(db, auth, body.patient_id);
    const who = actor(auth, req.ip, clock.now());
    await db.transaction().execute((trx) => reactivatePatientRecord(trx, who, body.patient_id));
    return { message: MSG.updatedSuccessfully };
  });
}
