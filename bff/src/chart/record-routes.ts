import {
  acknowledgeAlerts,
  getCareTeam,
  getPatientAlerts,
  getPatientDevices,
  getPatientReadings,
  isoDay,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { careTeam } from '../alerts/care-team.js';
import { pushAll } from '../alerts/raise.js';
import { acknowledgeAlerts as acknowledgeStoredAlerts, UnknownAlertError } from '../alerts/worklist-store.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { HttpError } from '../http/errors.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess, patientScope } from '../scope.js';
import { patientAlerts, patientDevices, patientReadings } from './record-store.js';

/** The chart's Devices, Readings and Alerts tabs and the care team (000 §2.3; 001 §2.6; issue 5 parts 3, 5). */
export function chartRecordRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getPatientDevices, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return { status: 1, data: await patientDevices(db, query.patient_id, isoDay(clock.now())) };
  });

  registerCall(app, deps, getPatientReadings, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return { status: 1, data: { vitals: await patientReadings(db, query, isoDay(clock.now())) } };
  });

  registerCall(app, deps, getPatientAlerts, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return { status: 1, ...(await patientAlerts(db, query)) };
  });

  registerCall(app, deps, acknowledgeAlerts, async ({ body, auth, req }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    try {
      const { acknowledged, pushes } = await acknowledgeStoredAlerts(db, {
        alertIds: body.alert_id,
        scope: await patientScope(db, auth),
        patientId: body.patient_id,
        actor: actor(auth, req.ip, clock.now()),
      });
      pushAll(deps.hub, pushes);
      return { status: 1, message: 'Acknowledged', data: { acknowledged } };
    } catch (error) {
      // The alerts store's refusal, answered as the chart's Alerts tab words it (the tab names this patient).
      if (error instanceof UnknownAlertError)
        throw new HttpError(
          400,
          `Alert ${error.alertId} is not an alert of this patient.`,
          `alert_id.${error.index}`,
        );
      throw error;
    }
  });

  registerCall(app, deps, getCareTeam, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return { status: 1, data: await careTeam(db, query.patient_id) };
  });
}
