import {
  addSleepAppointment,
  addSleepConsult,
  cancelSleepAppointment,
  cancelSleepConsult,
  findAppointmentPatients,
  findConsultPatients,
  getAppointmentsInRange,
  MSG,
  setSleepAppointmentStatus,
  setSleepConsultStatus,
  updateSleepAppointment,
  updateSleepConsult,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth/guard.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess, patientScope } from '../scope.js';
import type { VisitKind } from './schedule-list-store.js';
import {
  addAppointment,
  addConsult,
  appointmentsInRange,
  cancelVisit,
  findPatients,
  setVisitStatus,
  storedVisit,
  unknownVisit,
  updateAppointment,
  updateConsult,
  visitRow,
} from './schedule-store.js';

/** Sleep consults and appointments: parse, authorise the patient (404 outside the scope), store in one transaction. */
export function scheduleRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  const viewerOf = async (auth: AuthContext) => ({
    auth,
    scope: await patientScope(db, auth),
    now: clock.now(),
  });

  /** The visit's patient, when the caller may see it. */
  const visiblePatient = async (auth: AuthContext, kind: VisitKind, id: number) => {
    const visit = await storedVisit(db, kind, id);
    const field = kind === 'consult' ? 'consult_id' : 'appointment_id';
    await assertPatientAccess(db, auth, visit.patient_id, field, unknownVisit(kind, id));
    return visit.patient_id;
  };

  registerCall(app, deps, addSleepConsult, async ({ body, auth, req, headers }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, addSleepConsult, headers['idempotency-key'], who.at, (trx) =>
      addConsult(trx, who, body),
    );
  });

  registerCall(app, deps, addSleepAppointment, async ({ body, auth, req, headers }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, addSleepAppointment, headers['idempotency-key'], who.at, (trx) =>
      addAppointment(trx, who, body),
    );
  });

  registerCall(app, deps, updateSleepConsult, async ({ body, auth, req }) => {
    const { consult_id, ...fields } = body;
    const patientId = await visiblePatient(auth, 'consult', consult_id);
    const who = actor(auth, req.ip, clock.now());
    const data = await db
      .transaction()
      .execute((trx) => updateConsult(trx, who, consult_id, patientId, fields));
    return { message: MSG.updatedSuccessfully, data };
  });

  registerCall(app, deps, updateSleepAppointment, async ({ body, auth, req }) => {
    const { appointment_id, ...fields } = body;
    const patientId = await visiblePatient(auth, 'appointment', appointment_id);
    const who = actor(auth, req.ip, clock.now());
    const data = await db
      .transaction()
      .execute((trx) => updateAppointment(trx, who, appointment_id, patientId, fields));
    return { message: MSG.updatedSuccessfully, data };
  });

  registerCall(app, deps, setSleepConsultStatus, async ({ body, auth, req }) => {
    await visiblePatient(auth, 'consult', body.consult_id);
    const who = actor(auth, req.ip, clock.now());
    const data = await db.transaction().execute(async (trx) => {
      await setVisitStatus(trx, who, 'consult', body.consult_id, body.status);
      return visitRow(trx, 'consult', body.consult_id);
    });
    return { message: MSG.updatedSuccessfully, data };
  });

  registerCall(app, deps, setSleepAppointmentStatus, async ({ body, auth, req }) => {
    await visiblePatient(auth, 'appointment', body.appointment_id);
    const who = actor(auth, req.ip, clock.now());
    const data = await db.transaction().execute(async (trx) => {
      await setVisitStatus(trx, who, 'appointment', body.appointment_id, body.status);
      return visitRow(trx, 'appointment', body.appointment_id);
    });
    return { message: MSG.updatedSuccessfully, data };
  });

  registerCall(app, deps, cancelSleepConsult, async ({ body, auth, req }) => {
    await visiblePatient(auth, 'consult', body.consult_id);
    const who = actor(auth, req.ip, clock.now());
    await db.transaction().execute((trx) => cancelVisit(trx, who, 'consult', body.consult_id));
    return { message: 'Consult cancelled.' };
  });

  registerCall(app, deps, cancelSleepAppointment, async ({ body, auth, req }) => {
    await visiblePatient(auth, 'appointment', body.appointment_id);
    const who = actor(auth, req.ip, clock.now());
    await db.transaction().execute((trx) => cancelVisit(trx, who, 'appointment', body.appointment_id));
    return { message: 'Appointment cancelled.' };
  });

  registerCall(app, deps, getAppointmentsInRange, async ({ query, auth }) => ({
    data: await appointmentsInRange(db, await viewerOf(auth), query),
  }));

  registerCall(app, deps, findAppointmentPatients, async ({ query, auth }) => ({
    data: await findPatients(db, await viewerOf(auth), query.search),
  }));

  registerCall(app, deps, findConsultPatients, async ({ query, auth }) => ({
    data: await findPatients(db, await viewerOf(auth), query.search),
  }));
}
