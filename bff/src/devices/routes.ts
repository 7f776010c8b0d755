import { assignDevice, getDevicesCountForOrganizations, MSG, returnDevice } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess, patientScope, visibleOrganizations } from '../scope.js';
import { assignDeviceTo, deviceCounts, returnDeviceFrom } from './store.js';

/** The device inventory's calls: the device-count table (001 §2.5, §7), handing a device out and taking it back. */
export function deviceRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getDevicesCountForOrganizations, async ({ auth }) => ({
    data: await deviceCounts(db, await visibleOrganizations(db, auth)),
  }));

  registerCall(app, deps, assignDevice, async ({ body, auth, req, headers }) => {
    const patient = await assertPatientAccess(db, auth, body.patient_id);
    const orgs = await visibleOrganizations(db, auth);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, assignDevice, headers['idempotency-key'], who.at, async (trx) => ({
      device_assign_id: await assignDeviceTo(trx, who, body.inventory_id, patient, orgs),
    }));
  });

  registerCall(app, deps, returnDevice, async ({ body, auth, req }) => {
    const scope = await patientScope(db, auth);
    await returnDeviceFrom(db, actor(auth, req.ip, clock.now()), body.device_assign_id, scope);
    return { message: MSG.updatedSuccessfully };
  });
}
