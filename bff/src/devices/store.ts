import { ACTIVE_RPM_STATUS, type DeviceCountRow } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import { recordDeviceAssignments, refreshSetupDates } from '../billing/summary.js';
import type { Database, Db } from '../db/schema.js';
import { conflict, invalid, notFound } from '../domain-errors.js';
import type { PatientPlace, PatientScope } from '../scope.js';

/** The device inventory's writes (one patient per device at a time; returns kept as history) and the count table. */

type Trx = Transaction<Database>;

/** The organisations a user acts in ('all' for lowest role 1), as a condition on `column`. */
const inOrganizations = (column: string, orgs: 'all' | readonly number[]): RawBuilder<SqlBool> =>
  orgs === 'all' ? sql<SqlBool>`true` : sql<SqlBool>`${sql.ref(column)} = any(${[...orgs]}::integer[])`;

/** The device-count table (001 §2.5; decisions.md "Device-count table"): devices in service and patients per org. */
export async function deviceCounts(db: Db, orgs: 'all' | readonly number[]): Promise<DeviceCountRow[]> {
  const { rows } = await sql<Record<keyof DeviceCountRow, number | string>>`
    select o.organization_id as id, o.organization_name as name,
      (select count(*) from devices d where d.organization_id = o.organization_id
        and d.status <> 'deactivated') as total_devices,
      (select count(*) from devices d where d.organization_id = o.organization_id
        and d.status = 'assigned') as devices_issued,
      (select count(*) from devices d where d.organization_id = o.organization_id
        and d.status = 'available') as available_devices,
      (select count(*) from patients p where p.organization_id = o.organization_id) as total_patients,
      (select count(*) from patients p where p.organization_id = o.organization_id
        and p.rpm_status = ${ACTIVE_RPM_STATUS}) as active_patients
    from organizations o
    where ${inOrganizations('o.organization_id', orgs)}
    order by lower(o.organization_name) collate "C", o.organization_id`.execute(db);
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    total_devices: Number(r.total_devices),
    devices_issued: Number(r.devices_issued),
    available_devices: Number(r.available_devices),
    total_patients: Number(r.total_patients),
    active_patients: Number(r.active_patients),
  }));
}

const unknownDevice = (id: number) => `Device ${id} does not exist.`;

/**
 * Hands an available device of the caller's organisations (else unknown) to a patient of the same organisation,
 * the device row locked so two hand-outs cannot both pass; answers the assignment's id.
 */
export async function assignDeviceTo(
  trx: Trx,
  by: AuditActor,
  inventoryId: number,
  patient: PatientPlace,
  orgs: 'all' | readonly number[],
): Promise<number> {
  const device = await trx
    .selectFrom('devices')
    .select(['inventory_id', 'organization_id', 'status', 'imei'])
    .where('inventory_id', '=', inventoryId)
    .where(inOrganizations('organization_id', orgs))
    .forUpdate()
    .executeTakeFirst();
  if (!device) throw notFound(unknownDevice(inventoryId), 'inventory_id');
  if (device.status === 'deactivated') throw conflict('This device is deactivated.', 'inventory_id');
  if (device.status === 'assigned')
    throw conflict('This device is already assigned to a patient.', 'inventory_id');
  if (device.organization_id !== patient.organizationId)
    throw invalid("The device does not belong to the patient's organization.", 'inventory_id');
  const [assignId] = await recordDeviceAssignments(trx, [
    { inventory_id: inventoryId, patient_id: patient.patientId, assigned_at: by.at, assigned_by: by.userId },
  ]);
  await trx
    .updateTable('devices')
    .set({ status: 'assigned' })
    .where('inventory_id', '=', inventoryId)
    .execute();
  await audit(trx, {
    ...by,
    action: 'assign_device',
    entity: 'device_assignment',
    entityId: assignId,
    detail: { inventory_id: inventoryId, imei: device.imei, patient_id: patient.patientId },
  });
  return assignId as number;
}

const unknownAssignment = (id: number) => `Device assignment ${id} does not exist.`;

/**
 * Takes a device back: the assignment ends (kept), the device is available, its rules end
 * (decisions.md "Device assignment") and the set-up dates follow; a patient outside the scope answers as unknown.
 */
export async function returnDeviceFrom(
  db: Db,
  by: AuditActor,
  assignId: number,
  scope: PatientScope,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('device_assignments as a')
      .innerJoin('patients as p', 'p.patient_id', 'a.patient_id')
      .select(['a.device_assign_id', 'a.inventory_id', 'a.patient_id', 'a.assigned_at', 'a.unassigned_at'])
      .where('a.device_assign_id', '=', assignId)
      .where(scope.visible('p'))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(unknownAssignment(assignId), 'device_assign_id');
    if (row.unassigned_at !== null) throw conflict('This device was already returned.', 'device_assign_id');
    // An assignment dated later than now (a correction) ends at its own start.
    const at = new Date(Math.max(by.at.getTime(), row.assigned_at.getTime()));
    await trx
      .updateTable('device_assignments')
      .set({ unassigned_at: at })
      .where('device_assign_id', '=', assignId)
      .execute();
    await trx
      .updateTable('devices')
      .set({ status: 'available' })
      .where('inventory_id', '=', row.inventory_id)
      .where('status', '=', 'assigned')
      .execute();
    await trx
      .updateTable('notification_rules')
      .set({ status: 2, terminated_at: at, terminated_by: by.userId, updated_by: by.userId, updated_at: at })
      .where('device_assign_id', '=', assignId)
      .where('status', '=', 1)
      .execute();
    await refreshSetupDates(trx, [row.patient_id]);
    await audit(trx, {
      ...by,
      action: 'return_device',
      entity: 'device_assignment',
      entityId: assignId,
      detail: { inventory_id: row.inventory_id, patient_id: row.patient_id },
    });
  });
}
