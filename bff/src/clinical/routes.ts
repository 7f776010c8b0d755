import {
  addAllergy,
  addDiagnosis,
  addMedication,
  getPatientClinical,
  getVitalsSummary,
  isoDay,
  MSG,
  updateAllergy,
  updateDiagnosis,
  updateMedication,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { addedOnce } from '../http/idempotency.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import {
  addDiagnosisRow,
  patientDiagnoses,
  storedDiagnosis,
  unknownDiagnosis,
  updateDiagnosisRow,
} from './diagnosis-store.js';
import {
  addAllergyRow,
  addMedicationRow,
  patientAllergies,
  patientMedications,
  storedAllergy,
  storedMedication,
  unknownAllergy,
  unknownMedication,
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

  registerCall(app, deps, updateDiagnosis, async ({ body, auth, req }) => {
    const existing = await storedDiagnosis(db, body.diagnosis_id);
    await assertPatientAccess(
      db,
      auth,
      existing.patient_id,
      'diagnosis_id',
      unknownDiagnosis(body.diagnosis_id),
    );
    const who = actor(auth, req.ip, clock.now());
    const data = await db.transaction().execute((trx) => updateDiagnosisRow(trx, who, existing, body));
    return { message: MSG.updatedSuccessfully, data };
  });

  registerCall(app, deps, addMedication, async ({ body, auth, req, headers }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, addMedication, headers['idempotency-key'], who.at, (trx) =>
      addMedicationRow(trx, who, body),
    );
  });

  registerCall(app, deps, updateMedication, async ({ body, auth, req }) => {
    const existing = await storedMedication(db, body.medication_id);
    const unknown = unknownMedication(body.medication_id);
    await assertPatientAccess(db, auth, existing.patient_id, 'medication_id', unknown);
    const who = actor(auth, req.ip, clock.now());
    const data = await db.transaction().execute((trx) => updateMedicationRow(trx, who, existing, body));
    return { message: MSG.updatedSuccessfully, data };
  });

  registerCall(app, deps, addAllergy, async ({ body, auth, req, headers }) => {
    await assertPatientAccess(db, auth, body.patient_id);
    const who = actor(auth, req.ip, clock.now());
    return addedOnce(db, auth.userId, addAllergy, headers['idempotency-key'], who.at, (trx) =>
      addAllergyRow(trx, who, body),
    );
  });

  registerCall(app, deps, updateAllergy, async ({ body, auth, req }) => {
    const existing = await storedAllergy(db, body.allergy_id);
    await assertPatientAccess(db, auth, existing.patient_id, 'allergy_id', unknownAllergy(body.allergy_id));
    const who = actor(auth, req.ip, clock.now());
    const data = await db.transaction().execute((trx) => updateAllergyRow(trx, who, existing, body));
    return { message: MSG.updatedSuccessfully, data };
  });
}
