import {
  acknowledgeAlerts,
  getCareTeam,
  getPatientAlerts,
  getPatientDevices,
  getPatientReadings,
  isoDay,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { acknowledgeAlerts as acknowledgeStoredAlerts } from '../alerts/acknowledge-store.js';
import { careTeam } from '../alerts/care-team.js';
import { pushAll } from '../alerts/raise.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess, patientScope } from '../scope.js';
import { patientAlerts, patientDevices, patientReadings } from './record-store.js';

/** The chart's Devices, Readings and Alerts tabs and the care team (000 §2.3; 001 §2.6). */
export function chartRecordRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getPatientDevices, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return { data: await patientDevices(db, query.patient_id, isoDay(clock.now())) };
  });

  registerCall(app, deps, getPatientReadings, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return { data: await patientReadings(db, query, isoDay(clock.now())) };
  });

  registerCall(app, deps, getPatientAlerts, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return patientAlerts(db, query);
  });

  registerCall(app, deps, acknowledgeAlerts, async ({ body, auth, req }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const { acknowledged, pushes } = await acknowledgeStoredAlerts(db, {
      alertIds: body.alert_id,
      scope: await patientScope(db, auth),
      patientId: body.patient_id,
      note: body.note,
      minutes: body.minutes,
      program: body.program,
      actor: actor(auth, req.ip, clock.now()),
    });
    pushAll(deps.hub, pushes);
    return { message: 'Acknowledged', data: { acknowledged } };
  });

  registerCall(app, deps, getCareTeam, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return { data: await careTeam(db, query.patient_id) };
  });
}
