import { recordDeviceAssignments } from './billing/summary.js';
import type { Db } from './db/schema.js';

/** Fixtures of the chart's API tests: patients and devices placed the way the product writes them. */

let serial = 0;

/**
 * A serial number written in letters (1 → 'a', 27 → 'aa'): a fixture patient's name holds no digits, so a list search
 * by a patient's id (which also matches names) cannot find a fixture whose name carries that number.
 */
function lettersOf(n: number): string {
  let text = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26))
    text = String.fromCharCode(97 + ((rest - 1) % 26)) + text;
  return text;
}

/** Where a fixture patient is placed. */
export interface Place {
  readonly organizationId: number;
  readonly practiceId: number;
  readonly locationId: number;
}

/** The first practice membership of a user, as a place (with a location of the practice when none is named). */
export async function placeOf(db: Db, userId: number): Promise<Place> {
  const row = await db
    .selectFrom('user_practices as up')
    .innerJoin('practices as p', 'p.practice_id', 'up.practice_id')
    .innerJoin('locations as l', 'l.practice_id', 'up.practice_id')
    .select(['p.organization_id', 'up.practice_id', 'l.location_id', 'up.location_id as member_location'])
    .where('up.user_id', '=', userId)
    .orderBy('up.user_practice_id')
    .orderBy('l.location_id')
    .executeTakeFirstOrThrow();
  return {
    organizationId: row.organization_id,
    practiceId: row.practice_id,
    locationId: row.member_location ?? row.location_id,
  };
}

/** A place in another organisation than `not`. */
export async function placeElsewhere(db: Db, not: Place): Promise<Place> {
  const row = await db
    .selectFrom('locations as l')
    .innerJoin('practices as p', 'p.practice_id', 'l.practice_id')
    .select(['p.organization_id', 'p.practice_id', 'l.location_id'])
    .where('p.organization_id', '<>', not.organizationId)
    .orderBy('l.location_id')
    .executeTakeFirstOrThrow();
  return { organizationId: row.organization_id, practiceId: row.practice_id, locationId: row.location_id };
}

/** Who a fixture patient is, where a test names it (the header search, the caller lookup). */
export interface FixtureIdentity {
  readonly firstname?: string;
  readonly lastname?: string;
  /** YYYY-MM-DD. */
  readonly dob?: string;
  readonly mobile?: string;
  readonly phone?: string;
  readonly mrn?: string;
}

/** Inserts a patient at a place; returns its id. */
export async function makePatient(
  db: Db,
  place: Place,
  extra: {
    physicianId?: number;
    careCoordinatorId?: number;
    healthMedId?: string;
    setupDate?: string;
    identity?: FixtureIdentity;
  } = {},
): Promise<number> {
  serial++;
  const row = await db
    .insertInto('patients')
    .values({
      organization_id: place.organizationId,
      practice_id: place.practiceId,
      location_id: place.locationId,
      firstname: extra.identity?.firstname ?? `Test${lettersOf(serial)}`,
      lastname: extra.identity?.lastname ?? 'Patient',
      dob: extra.identity?.dob ?? '1950-03-04',
      mobile: extra.identity?.mobile ?? null,
      phone: extra.identity?.phone ?? null,
      mrn: extra.identity?.mrn ?? null,
      gender: 'F',
      rpm_status: 4,
      ccm_status: 1,
      health_med_id: extra.healthMedId ?? null,
      setup_date: extra.setupDate ?? null,
      physician_id: extra.physicianId ?? null,
      care_coordinator_id: extra.careCoordinatorId ?? null,
    })
    .returning('patient_id')
    .executeTakeFirstOrThrow();
  return row.patient_id;
}

/** A device given to the patient now: a new inventory row of the type and its assignment. */
export interface FixtureDevice {
  readonly inventoryId: number;
  readonly deviceAssignId: number;
  readonly imei: string;
  readonly deviceTypeId: number;
}

/** Creates a device of the type in the patient's organisation and assigns it to the patient from `assignedAt`. */
export async function giveDevice(
  db: Db,
  patientId: number,
  deviceTypeId: number,
  assignedAt: Date,
): Promise<FixtureDevice> {
  serial++;
  const imei = `99${String(Date.now()).slice(-8)}${String(serial).padStart(5, '0')}`;
  const patient = await db
    .selectFrom('patients')
    .select('organization_id')
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  return db.transaction().execute(async (trx) => {
    const device = await trx
      .insertInto('devices')
      .values({
        imei,
        device_type_id: deviceTypeId,
        device_name: `Fixture device ${serial}`,
        organization_id: patient.organization_id,
        status: 'assigned',
      })
      .returning('inventory_id')
      .executeTakeFirstOrThrow();
    const [deviceAssignId] = await recordDeviceAssignments(trx, [
      { inventory_id: device.inventory_id, patient_id: patientId, assigned_at: assignedAt },
    ]);
    return { inventoryId: device.inventory_id, deviceAssignId: deviceAssignId as number, imei, deviceTypeId };
  });
}

/** The id of a seeded organisation by its name. */
export async function organizationIdOf(db: Db, name: string): Promise<number> {
  const row = await db
    .selectFrom('organizations')
    .select('organization_id')
    .where('organization_name', '=', name)
    .executeTakeFirstOrThrow();
  return row.organization_id;
}
