import {
  checkPageAccess,
  getMonthlyTargets,
  getOrgsForUser,
  getPatientBanner,
  getPatientDetailById,
  getPatientStatuses,
  isoDay,
  MSG,
  updateBhiStatus,
  updateCcmStatus,
  updateRpmStatus,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth/guard.js';
import type { Deps } from '../deps.js';
import { forbidden } from '../domain-errors.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { assertPageAccess, assertPatientAccess, visibleOrganizations } from '../scope.js';
import { patientBanner } from './banner-store.js';
import { organizationsNamed, patientDemographics } from './patient-store.js';
import { changeStatus, patientStatuses, type StatusChange } from './status-store.js';
import { monthlyTargets } from './targets-store.js';

/**
 * The patient chart's frame and Overview card (000 §2.3; 001 §2.3, §2.9, §3, §4, §7 "Patient and session"):
 * demographics, page access, statuses, monthly targets, CPT history and the compliance strip.
 */
export function chartRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getPatientDetailById, async ({ body, auth }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    return { data: await patientDemographics(db, body.patient_id) };
  });

  registerCall(app, deps, checkPageAccess, async ({ query, auth }) => {
    // The organizations header (001 §6) is the client's view of its own scope; the session decides.
    await assertPageAccess(db, auth, query.patient_id);
    return { message: 'Access granted' };
  });

  registerCall(app, deps, getOrgsForUser, async ({ query, auth }) => {
    if (!auth.roleid.includes(query.role))
      throw forbidden(`Role ${query.role} is not one of your roles.`, 'role');
    return { data: await organizationsNamed(db, await visibleOrganizations(db, auth)) };
  });

  registerCall(app, deps, getPatientStatuses, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return { data: await patientStatuses(db, query.patient_id) };
  });

  /** A status change of one program (001 §4), in one transaction with its history and audit rows. */
  async function change(auth: AuthContext, ip: string, asked: StatusChange) {
    await assertPatientAccess(db, auth, asked.patientId);
    const done = await db
      .transaction()
      .execute((trx) => changeStatus(trx, actor(auth, ip, clock.now()), asked));
    return { message: done === 'unchanged' ? 'No change' : MSG.updatedSuccessfully };
  }

  registerCall(app, deps, updateRpmStatus, async ({ body, auth, req }) =>
    change(auth, req.ip, {
      program: 'RPM',
      patientId: body.patient_id,
      status: body.status,
      dialogs: {
        ...(body.enrollment ? { enrollment: body.enrollment } : {}),
        ...(body.rejected ? { rejected: body.rejected } : {}),
        ...(body.reject ? { reject: body.reject } : {}),
      },
    }),
  );

  registerCall(app, deps, updateCcmStatus, async ({ body, auth, req }) =>
    change(auth, req.ip, {
      program: 'CCM',
      patientId: body.patient_id,
      status: body.status,
      dialogs: body.discharge ? { discharge: body.discharge } : {},
    }),
  );

  registerCall(app, deps, updateBhiStatus, async ({ body, auth, req }) =>
    change(auth, req.ip, { program: 'BHI', patientId: body.patient_id, status: body.status, dialogs: {} }),
  );

  registerCall(app, deps, getMonthlyTargets, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    const month = query.month ?? isoDay(clock.now()).slice(0, 7);
    return { data: await monthlyTargets(db, query.patient_id, month) };
  });

  registerCall(app, deps, getPatientBanner, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return { data: await patientBanner(db, query.patient_id, clock.now()) };
  });
}
