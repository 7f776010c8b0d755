import {
  addVitalConfigurations,
  getAllIntervals,
  getAllVitals,
  getPatientVitals,
  getVitalsDefaults,
  isoDay,
  MSG,
  updateVitalsDefaults,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import { vitalsInForce } from './bounds-in-force.js';
import {
  allVitals,
  readingIntervals,
  saveNotificationDefaults,
  setVitalConfiguration,
  vitalDefaults,
} from './vital-store.js';

/**
 * The vitals calls of the Alert Rules tab (001 §2.2, §3, §5, §7 "Vitals and rules"): reading intervals, the vitals
 * with their slider ranges, the role and protocol defaults, and a patient's own thresholds and weight settings.
 * The notification rules are in rule-routes.ts.
 */
export function vitalRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getAllIntervals, async () => ({ data: await readingIntervals(db) }));

  registerCall(app, deps, getAllVitals, async () => ({ data: await allVitals(db) }));

  // A rule's patient: its organisation's RPM Protocol Defaults apply (decisions.md "RPM Protocol Defaults").
  registerCall(app, deps, getVitalsDefaults, async ({ query, auth }) => {
    const place =
      query.patient_id === undefined ? null : await assertPatientAccess(db, auth, query.patient_id);
    return {
      data: await vitalDefaults(
        db,
        auth.userId,
        query.role_id,
        query.device_type_id,
        place?.organizationId ?? null,
      ),
    };
  });

  // Notification Defaults (000 §2.2, §6.2): the caller's own; the store refuses users the page is hidden from.
  registerCall(app, deps, updateVitalsDefaults, async ({ body, auth, req }) => {
    await saveNotificationDefaults(db, actor(auth, req.ip, clock.now()), auth.roleid, body);
    return { message: MSG.updatedSuccessfully };
  });

  // The bounds in force today and where each comes from (issue 41 §3).
  registerCall(app, deps, getPatientVitals, async ({ query, auth }) => {
    const place = await assertPatientAccess(db, auth, query.patient_id);
    return { data: await vitalsInForce(db, query.patient_id, place.organizationId, isoDay(clock.now())) };
  });

  registerCall(app, deps, addVitalConfigurations, async ({ body, auth, req }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    await setVitalConfiguration(db, actor(auth, req.ip, clock.now()), body);
    return { message: MSG.updatedSuccessfully };
  });
}
