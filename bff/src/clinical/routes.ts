import {
  addAllergy,
  addDiagnosis,
  addMedication,
  getPatientClinical,
  getVitalsSummary,
  isoDay,
  updateAllergy,
  updateDiagnosis,
  updateMedication,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { updateInScope } from '../chart/scoped-record.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import { addDiagnosisRow, diagnosisRecord, patientDiagnoses, updateDiagnosisRow } from './diagnosis-store.js';
import {
  addAllergyRow,
  addMedicationRow,
  allergyRecord,
  medicationRecord,
  patientAllergies,
  patientMedications,
  updateAllergyRow,
  updateMedicationRow,
} from './medication-store.js';
import { vitalsSummary } from './vitals-store.js';

/** The Clinical tab: diagnoses, medications, allergies, vitals summary; every edit audited. */
export function clinicalRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getPatientClinical, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    const today = isoDay(clock.now());
    const [diagnoses, medications, allergies] = await Promise.all([
      patientDiagnoses(db, query.patient_id),
      patientMedications(db, query.patient_id, today),
      patientAllergies(db, query.patient_id),
    ]);
    return { data: { diagnoses, medications, allergies } };
  });

  registerCall(app, deps, getVitalsSummary, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return { data: await vitalsSummary(db, query.patient_id, query.days, clock.now()) };
  });

  registerCall(app, deps, addDiagnosis, async ({ body, auth, req, headers }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, addDiagnosis, headers['idempotency-key'], who.at, (trx) =>
      addDiagnosisRow(trx, who, body),
    );
  });

  registerCall(app, deps, updateDiagnosis, async (call) =>
    updateInScope(deps, call, diagnosisRecord, updateDiagnosisRow),
  );

  registerCall(app, deps, addMedication, async ({ body, auth, req, headers }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, addMedication, headers['idempotency-key'], who.at, (trx) =>
      addMedicationRow(trx, who, body),
    );
  });

  registerCall(app, deps, updateMedication, async (call) =>
    updateInScope(deps, call, medicationRecord, updateMedicationRow),
  );

  registerCall(app, deps, addAllergy, async ({ body, auth, req, headers }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, addAllergy, headers['idempotency-key'], who.at, (trx) =>
      addAllergyRow(trx, who, body),
    );
  });

  registerCall(app, deps, updateAllergy, async (call) =>
    updateInScope(deps, call, allergyRecord, updateAllergyRow),
  );
}
