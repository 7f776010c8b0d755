import {
  addDeviceOrder,
  addEnrollmentOrder,
  addOrderAuthorization,
  getAuthorizationHistory,
  getDeviceOrders,
  getEnrollmentOrders,
  MSG,
  updateDeviceOrderStatus,
  updateEnrollmentOrder,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess, patientScope } from '../scope.js';
import {
  addDeviceOrderRow,
  moveDeviceOrder,
  patientDeviceOrders,
  storedDeviceOrder,
  unknownDeviceOrder,
} from './device-store.js';
import {
  addAuthorization,
  addOrder,
  authorizationHistory,
  patientOrders,
  storedOrder,
  unknownOrder,
  updateOrder,
} from './store.js';

/** The chart's Orders, Sub Orders and authorization-history (000 §2.3); a foreign order answers as an unknown one. */
export function orderRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  const orderOf = async (auth: Parameters<typeof assertPatientAccess>[1], orderId: number) => {
    const order = await storedOrder(db, orderId);
    await assertPatientAccess(db, auth, order.patient_id, 'order_id', unknownOrder(orderId));
    return order;
  };

  registerCall(app, deps, getEnrollmentOrders, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return { data: await patientOrders(db, query.patient_id) };
  });

  registerCall(app, deps, addEnrollmentOrder, async ({ body, auth, req, headers }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, addEnrollmentOrder, headers['idempotency-key'], who.at, (trx) =>
      addOrder(trx, who, body),
    );
  });

  registerCall(app, deps, updateEnrollmentOrder, async ({ body, auth, req }) => {
    const existing = await orderOf(auth, body.order_id);
    const who = actor(auth, req.ip, clock.now());
    const { order_id: _, ...fields } = body;
    const data = await db.transaction().execute((trx) => updateOrder(trx, who, existing, fields));
    return { message: MSG.updatedSuccessfully, data };
  });

  registerCall(app, deps, addOrderAuthorization, async ({ body, auth, req, headers }) => {
    const order = await orderOf(auth, body.order_id);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, addOrderAuthorization, headers['idempotency-key'], who.at, (trx) =>
      addAuthorization(trx, who, order, body),
    );
  });

  // decisions.md "Authorization history": one patient's, or across every patient the user may see.
  registerCall(app, deps, getAuthorizationHistory, async ({ query, auth }) => {
    if (query.patient_id !== undefined) await assertPatientAccess(db, auth, query.patient_id);
    const scope = await patientScope(db, auth);
    return authorizationHistory(db, scope, query);
  });

  registerCall(app, deps, getDeviceOrders, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return { data: await patientDeviceOrders(db, query.patient_id) };
  });

  registerCall(app, deps, addDeviceOrder, async ({ body, auth, req, headers }) => {
    const order = await orderOf(auth, body.order_id);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, addDeviceOrder, headers['idempotency-key'], who.at, (trx) =>
      addDeviceOrderRow(trx, who, order, body.device_type_id),
    );
  });

  registerCall(app, deps, updateDeviceOrderStatus, async ({ body, auth, req }) => {
    const existing = await storedDeviceOrder(db, body.device_order_id);
    await assertPatientAccess(
      db,
      auth,
      existing.patient_id,
      'device_order_id',
      unknownDeviceOrder(body.device_order_id),
    );
    const who = actor(auth, req.ip, clock.now());
    const data = await db.transaction().execute((trx) => moveDeviceOrder(trx, who, existing, body));
    return { message: MSG.updatedSuccessfully, data };
  });
}
