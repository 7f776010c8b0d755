import {
  endCall,
  getPatientIdByMobile,
  getPatientsByMobile,
  logCallMinutes,
  MSG,
  setCallPatient,
  setCallStatus,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess, patientScope } from '../scope.js';
import { nameCallPatient } from './caller-store.js';
import * as store from './store.js';

/**
 * The softphone's calls (000 §4.9, §7), for call agents only (CALL_AGENT_ACCESS); each record's patient is checked
 * here, a foreign one answering 404 like an unknown one, before anything is written.
 */
export function callRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getPatientIdByMobile, async ({ query, auth }) => {
    const scope = await patientScope(db, auth);
    const patientId = await store.patientIdByNumber(db, scope, query.mobileNumber);
    return { message: 'Patient found.', data: { patient_id: patientId } };
  });

  registerCall(app, deps, getPatientsByMobile, async ({ query, auth }) => ({
    data: await store.patientsByNumber(db, await patientScope(db, auth), query.mobileNumber),
  }));

  registerCall(app, deps, setCallStatus, async ({ body, auth, req }) => {
    if (body.patient_id !== null) await assertPatientAccess(db, auth, body.patient_id);
    const scope = await patientScope(db, auth);
    const who = actor(auth, req.ip, clock.now());
    const data = await db.transaction().execute((trx) => store.recordCallStatus(trx, who, scope, body));
    return { message: MSG.addedSuccessfully, data };
  });

  registerCall(app, deps, setCallPatient, async ({ body, auth, req }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const who = actor(auth, req.ip, clock.now());
    await db.transaction().execute((trx) => nameCallPatient(trx, who, body.contract_id, body.patient_id));
    return { message: MSG.updatedSuccessfully };
  });

  registerCall(app, deps, endCall, async ({ body, auth, req }) => {
    const who = actor(auth, req.ip, clock.now());
    const data = await db.transaction().execute((trx) => store.endCall(trx, who, body.contract_id));
    return { message: MSG.updatedSuccessfully, data };
  });

  registerCall(app, deps, logCallMinutes, async ({ body, auth, req }) => {
    const call = await store.ownCall(db, auth.userId, body.call_id);
    if (call.patient_id !== null)
      await assertPatientAccess(db, auth, call.patient_id, 'call_id', `You have no call ${body.call_id}.`);
    const who = actor(auth, req.ip, clock.now());
    const data = await db.transaction().execute(async (trx) => {
      const locked = await store.ownCall(trx, auth.userId, body.call_id);
      return store.logCallMinutes(trx, who, locked, body.program);
    });
    return { message: MSG.addedSuccessfully, data };
  });
}
