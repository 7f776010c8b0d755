import { getCarePlan, getCarePlanVersions, printCarePlan, saveCarePlan, signCarePlan } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../audit.js';
import type { Deps } from '../deps.js';
import { forbidden } from '../domain-errors.js';
import { attachment, fileNamePart, renderPdf } from '../http/attachment.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import { carePlanPdfData } from './print.js';
import { carePlan, carePlanVersions, saveCarePlanVersion, signCarePlanVersion } from './store.js';

/** The chart's Care Plan tab (000 §2.3 `ccm`). */
export function carePlanRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getCarePlan, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return {
      message: '',
      data: await carePlan(db, query.patient_id, query.version, auth, clock.now()),
    };
  });

  registerCall(app, deps, getCarePlanVersions, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return carePlanVersions(db, query);
  });

  registerCall(app, deps, saveCarePlan, async ({ body, auth, req, headers }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, saveCarePlan, headers['idempotency-key'], who.at, (trx) =>
      saveCarePlanVersion(trx, who, body.patient_id, body.base_version, body.plan),
    );
  });

  registerCall(app, deps, signCarePlan, async ({ body, auth, req }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    // decisions.md "Care plan signer": a signature is the physician's own, never made through a temporary login.
    if (auth.session.actingUserId)
      throw forbidden('A care plan cannot be signed during a temporary login.', 'version');
    const who = actor(auth, req.ip, clock.now());
    const data = await db
      .transaction()
      .execute((trx) => signCarePlanVersion(trx, who, auth, body.patient_id, body.version));
    return { message: 'Signed Successfully', data };
  });

  registerCall(app, deps, printCarePlan, async ({ query, auth, req, reply }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    const now = clock.now();
    const shown = await carePlan(db, query.patient_id, query.version, auth, now);
    const { data, patientName } = await carePlanPdfData(db, query.patient_id, shown.plan, now);
    const bytes = await renderPdf(deps.pdf, data, 'documents');
    // A printed plan leaves the system with health data: recorded like the lists' exports.
    const version = shown.plan?.version;
    await audit(db, {
      ...actor(auth, req.ip, now),
      action: 'print_care_plan',
      entity: 'care_plan',
      entityId: query.patient_id,
      detail: { patient_id: query.patient_id, version },
    });
    attachment(reply, `Care_Plan_${fileNamePart(patientName)}_v${version}.pdf`, 'application/pdf');
    return bytes;
  });
}
