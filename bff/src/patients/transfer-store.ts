import { STAFF_TABLES, type TransferCoordinator } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type AuditActor, auditAll } from '../audit.js';
import type { Db } from '../db/schema.js';
import { invalid, notFound } from '../domain-errors.js';
import { fullName } from '../lists/sql.js';
import { type PatientScope, practiceMember } from '../scope.js';

/**
 * Patient Transfer (000 §2.4 'Care Coord Mapping'; decisions.md "Patient Transfer"): handing patients to another
 * care coordinator. The new coordinator must be an active care coordinator who may read every patient handed over.
 */

const coordinatorTable = STAFF_TABLES.find((table) => table.name === 'careCoordinators');
if (!coordinatorTable) throw new Error('STAFF_TABLES has no care coordinators');
const COORDINATOR_ROLE = coordinatorTable.roleId;

/** The patients asked for, each in the user's scope; one unknown or foreign id refuses them all (no oracle). */
async function patientsInScope(
  db: Db,
  scope: PatientScope,
  patientIds: readonly number[],
  lock = false,
): Promise<Map<number, number | null>> {
  const { rows } = await sql<{ patient_id: number; care_coordinator_id: number | null }>`
    select p.patient_id, p.care_coordinator_id from patients p
    where p.patient_id = any(${[...patientIds]}::integer[]) and ${scope.visible('p')}
    ${lock ? sql`for update of p` : sql``}`.execute(db);
  const found = new Map(rows.map((row) => [row.patient_id, row.care_coordinator_id]));
  const missing = patientIds.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(`Patient ${missing} does not exist.`, 'patient_id');
  return found;
}

/** Active care coordinators who may read every one of the patients (`only`: just that user). */
async function coordinatorsFor(
  db: Db,
  patientIds: readonly number[],
  only?: number,
): Promise<TransferCoordinator[]> {
  const readsAll: RawBuilder<SqlBool> = sql`not exists (select 1 from patients p
    where p.patient_id = any(${[...patientIds]}::integer[]) and not ${practiceMember(sql`u.user_id`, 'p')})`;
  const { rows } = await sql<TransferCoordinator>`
    select u.user_id, ${fullName('u')} as name from users u
    where u.active and ${readsAll}
      and exists (select 1 from user_roles r where r.user_id = u.user_id and r.role_id = ${COORDINATOR_ROLE})
      ${only === undefined ? sql`` : sql`and u.user_id = ${only}`}
    order by lower(u.lastname), lower(u.firstname), u.user_id`.execute(db);
  return rows;
}

/** Whom the patients can be handed to (the dialog's choices). */
export async function transferCoordinators(
  db: Db,
  scope: PatientScope,
  patientIds: readonly number[],
): Promise<TransferCoordinator[]> {
  const ids = [...new Set(patientIds)];
  await patientsInScope(db, scope, ids);
  return coordinatorsFor(db, ids);
}

/**
 * Makes `coordinatorId` the patients' care coordinator in one transaction (one refusal writes nothing); those who
 * have them already are skipped, each other gets an audit row with the coordinator before and after.
 */
export async function transferPatients(
  db: Db,
  actor: AuditActor,
  scope: PatientScope,
  patientIds: readonly number[],
  coordinatorId: number,
): Promise<{ transferred: number; coordinator: string }> {
  const ids = [...new Set(patientIds)];
  return db.transaction().execute(async (trx) => {
    const before = await patientsInScope(trx, scope, ids, true);
    const [coordinator] = await coordinatorsFor(trx, ids, coordinatorId);
    if (!coordinator)
      throw invalid(
        `User ${coordinatorId} is not an active care coordinator who may see every one of these patients.`,
        'care_coordinator_id',
      );
    const moving = ids.filter((id) => before.get(id) !== coordinatorId);
    if (moving.length > 0)
      await trx
        .updateTable('patients')
        .set({ care_coordinator_id: coordinatorId })
        .where('patient_id', 'in', moving)
        .execute();
    await auditAll(
      trx,
      moving.map((patientId) => ({
        ...actor,
        action: 'transfer_patient',
        entity: 'patient',
        entityId: patientId,
        detail: { from: before.get(patientId) ?? null, to: coordinatorId },
      })),
    );
    return { transferred: moving.length, coordinator: coordinator.name };
  });
}
