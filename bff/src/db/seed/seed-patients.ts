import { DEVICE_TYPE } from '../reference-ids.js';
import type { Db, DeviceStatus } from '../schema.js';
import { chunks } from './bulk-insert.js';
import { addMinutes } from './dates.js';
import { DEMO_NURSE } from './demo-users.js';
import { withNameTwins } from './name-twin.js';
import { createHistoryWriters, writePatientHistory } from './patient-history.js';
import { type PatientPlan, planPatient } from './patient-plan.js';
import { createRandom, deriveSeed, type Random } from './prng.js';
import type { SeededOrganization, SeededPractice } from './seed-organizations.js';
import type { StaffMember } from './seed-staff.js';
import { DEVICE_NAMES } from './vital-values.js';

/** What the activity generator needs to know about a seeded patient. */
export interface SeededPatient {
  readonly patientId: number;
  readonly practiceId: number;
  readonly firstname: string;
  readonly lastname: string;
  /** Device types currently assigned (empty for patients without devices). */
  readonly deviceTypeIds: readonly number[];
}

/** Inputs of {@link seedPatients}. */
export interface PatientSeedInput {
  readonly trx: Db;
  /** The structural stream (which patients, where, which devices). */
  readonly random: Random;
  /** The seed; each patient's readings and minutes come from a stream derived from it and the patient's index. */
  readonly seed: number;
  readonly today: Date;
  readonly count: number;
  readonly organizations: readonly SeededOrganization[];
  readonly staff: readonly StaffMember[];
  /** Months of readings and minutes (default: patient-history.ts HISTORY_MONTHS). */
  readonly historyMonths?: number;
}

/** The demo's first MRN; each patient's is this plus its place in the seed. */
const MRN_FIRST = 100_001;

/** Salt of the RTM minute streams, apart from each patient's main stream. */
const RTM_STREAM_SALT = 0x52_54_4d;

/** Share of set-up patients at a location running RTM who are enrolled in it. */
const RTM_ENROLMENT = 0.3;
const PCM_STREAM_SALT = 0x50_43_4d;
/** The share of patients without CCM enrolled in PCM instead (one complex condition). */
const PCM_ENROLMENT = 0.25;

/** The practice's staff by job, for assigning physicians, coordinators and the people who log minutes. */
function practiceTeams(staff: readonly StaffMember[], practices: readonly SeededPractice[]) {
  const teams = new Map<number, { physicians: number[]; coordinators: number[]; nurses: number[] }>();
  for (const practice of practices) {
    const members = staff.filter((member) => member.practiceIds.includes(practice.practiceId));
    // The top administrator belongs everywhere but is nobody's physician.
    const withRole = (role: number) =>
      members
        .filter((m) => m.roles.includes(role) && !m.roles.includes(1) && !m.isDentist)
        .map((m) => m.userId);
    teams.set(practice.practiceId, {
      physicians: withRole(6),
      coordinators: withRole(9),
      nurses: [...withRole(8), ...withRole(13)],
    });
  }
  return teams;
}

/** Inserts patients, their devices, spare inventory, readings and logged minutes; answers the patients. */
export async function seedPatients(input: PatientSeedInput): Promise<SeededPatient[]> {
  const { trx, random, today } = input;
  const practices = input.organizations.flatMap((organization) => organization.practices);
  const teams = practiceTeams(input.staff, practices);
  // The demo nurse's practice has two patients of one name, drawn or made so.
  const plans = withNameTwins(
    Array.from({ length: input.count }, () => planPatient(random, today, practices)),
    input.staff.find((member) => member.username === DEMO_NURSE)?.practiceIds[0],
  );

  const staffOf = (plan: PatientPlan) => {
    const team = teams.get(plan.practice.practiceId);
    return {
      physicians: team?.physicians ?? [],
      coordinators: team?.coordinators ?? [],
      nurses: team?.nurses ?? [],
    };
  };
  const rows = plans.map((plan, index) => {
    const team = staffOf(plan);
    return {
      ...plan.row,
      // The practice's own id, from the patient's place in the seed: no random draw moves.
      mrn: `M${String(MRN_FIRST + index)}`,
      physician_id: team.physicians.length ? random.pick(team.physicians) : null,
      care_coordinator_id: team.coordinators.length ? random.pick(team.coordinators) : null,
    };
  });
  const patientIds: number[] = [];
  for (const batch of chunks(rows, 1000)) {
    const inserted = await trx.insertInto('patients').values(batch).returning('patient_id').execute();
    patientIds.push(...inserted.map((row) => row.patient_id));
  }

  // Devices: one per planned assignment, then spare stock per organisation.
  let serial = 0;
  const device = (deviceTypeId: number, organizationId: number | null, status: DeviceStatus) => ({
    imei: `35${String(8_640_000_000_000 + ++serial * 7)}`,
    device_type_id: deviceTypeId,
    device_name: DEVICE_NAMES[deviceTypeId] ?? 'Cellular Device',
    organization_id: organizationId,
    status,
  });
  const assigned = plans.flatMap((plan, index) =>
    plan.deviceTypeIds.map((deviceTypeId) => ({ plan, index, deviceTypeId })),
  );
  const deviceRows = assigned.map(({ plan, deviceTypeId }) =>
    device(deviceTypeId, plan.practice.organizationId, plan.dischargedAt ? 'available' : 'assigned'),
  );
  for (const organization of input.organizations) {
    const spares = 4 + Math.floor(input.count / 60);
    const types = organization.practices[0]?.sleepFocus
      ? [DEVICE_TYPE.cpap, DEVICE_TYPE.pulseOximeter]
      : [DEVICE_TYPE.bloodPressure, DEVICE_TYPE.weightScale, DEVICE_TYPE.glucometer];
    for (let n = 0; n < spares; n++)
      deviceRows.push(device(random.pick(types), organization.organizationId, 'available'));
    deviceRows.push(device(random.pick(types), organization.organizationId, 'deactivated'));
  }
  for (let n = 0; n < 6; n++)
    deviceRows.push(device(random.pick(Object.values(DEVICE_TYPE)), null, 'available'));
  const inventoryIds: number[] = [];
  for (const batch of chunks(deviceRows, 1000)) {
    const inserted = await trx.insertInto('devices').values(batch).returning('inventory_id').execute();
    inventoryIds.push(...inserted.map((row) => row.inventory_id));
  }

  const assignmentRows = assigned.map(({ plan, index }, n) => ({
    inventory_id: inventoryIds[n] ?? 0,
    patient_id: patientIds[index] ?? 0,
    assigned_at: addMinutes(plan.setup ?? today, 15 * 60),
    unassigned_at: plan.dischargedAt,
  }));
  const assignIds: number[] = [];
  for (const batch of chunks(assignmentRows, 1000)) {
    const inserted = await trx
      .insertInto('device_assignments')
      .values(batch)
      .returning('device_assign_id')
      .execute();
    assignIds.push(...inserted.map((row) => row.device_assign_id));
  }
  const assignmentsOf = new Map<number, { deviceTypeId: number; assignId: number }[]>();
  assigned.forEach(({ index, deviceTypeId }, n) => {
    const list = assignmentsOf.get(index) ?? [];
    list.push({ deviceTypeId, assignId: assignIds[n] ?? 0 });
    assignmentsOf.set(index, list);
  });

  // Readings and minutes: each patient draws from its own stream, so a change to one generator does not
  // reshuffle everybody else's data.
  const writers = createHistoryWriters(trx);
  for (const [index, plan] of plans.entries()) {
    const patientId = patientIds[index];
    if (patientId === undefined) continue;
    const team = staffOf(plan);
    // RTM enrolment and minutes come from a stream of their own, so adding them changed no other seeded data.
    const rtmRandom = createRandom(deriveSeed(input.seed ^ RTM_STREAM_SALT, index));
    const pcmRandom = createRandom(deriveSeed(input.seed ^ PCM_STREAM_SALT, index));
    const runsRtm = plan.practice.locations.some(
      (location) => location.locationId === plan.row.location_id && location.programs.includes('RTM'),
    );
    writePatientHistory({
      plan,
      patientId,
      random: createRandom(deriveSeed(input.seed, index)),
      today,
      assignments: assignmentsOf.get(index) ?? [],
      loggers: [...team.coordinators, ...team.coordinators, ...team.nurses, ...team.physicians],
      writers,
      ...(input.historyMonths === undefined ? {} : { historyMonths: input.historyMonths }),
      ...(runsRtm && rtmRandom.chance(RTM_ENROLMENT) ? { rtmRandom } : {}),
      ...(!plan.ccmType && pcmRandom.chance(PCM_ENROLMENT) ? { pcmRandom } : {}),
    });
    await writers.readings.flushIfFull();
    await writers.timeLogs.flushIfFull();
  }
  await writers.readings.flush();
  await writers.timeLogs.flush();

  return plans.map((plan, index) => ({
    patientId: patientIds[index] ?? 0,
    practiceId: plan.practice.practiceId,
    firstname: plan.row.firstname,
    lastname: plan.row.lastname,
    deviceTypeIds: plan.dischargedAt ? [] : plan.deviceTypeIds,
  }));
}
