import { PROGRAM } from '../reference-ids.js';
import type { Db, ProgramName } from '../schema.js';
import {
  DEMO_ORGANIZATIONS,
  type DemoOrganization,
  type DemoOrganizationKey,
  type DemoPractice,
} from './demo-organizations.js';

/** A seeded location. */
export interface SeededLocation {
  readonly locationId: number;
  readonly programs: readonly ProgramName[];
}

/** A seeded practice, with what the patient and staff generators need to know about it. */
export interface SeededPractice {
  readonly practiceId: number;
  readonly organizationId: number;
  readonly organizationKey: DemoOrganizationKey;
  readonly sleepFocus: boolean;
  readonly locations: readonly SeededLocation[];
}

/** A seeded organisation and its practices, in DEMO_ORGANIZATIONS order. */
export interface SeededOrganization {
  readonly organizationId: number;
  readonly key: DemoOrganizationKey;
  readonly practices: readonly SeededPractice[];
}

/** Patients a practice holds as the seed grows: 100,000 patients make 200 practices (issue 45). */
export const PATIENTS_PER_PRACTICE = 500;

/**
 * The organisation's practices: its demo ones, then generated clinics of one location (the organisation's first
 * location's programs) while the seed needs more than the demo holds, dealt to the organisations in turn.
 */
export function practicesOf(
  organization: DemoOrganization,
  index: number,
  practiceCount: number,
): DemoPractice[] {
  const demo = DEMO_ORGANIZATIONS.reduce((sum, o) => sum + o.practices.length, 0);
  const extra = Math.max(0, practiceCount - demo);
  const own =
    Math.floor(extra / DEMO_ORGANIZATIONS.length) + (index < extra % DEMO_ORGANIZATIONS.length ? 1 : 0);
  const programs = organization.practices[0]?.locations[0]?.programs ?? ['RPM'];
  const short = organization.name.split(' ')[0];
  return [
    ...organization.practices,
    ...Array.from({ length: own }, (_, n) => ({
      name: `${short} Clinic ${n + 1}`,
      locations: [{ name: `${short} Clinic ${n + 1} - Main`, programs }],
    })),
  ];
}

/**
 * Inserts the demo organisations, practices, locations and their programs; `createdBy` is the top admin. The
 * practices grow with the patients ({@link PATIENTS_PER_PRACTICE}); up to 2,500 patients the demo's five hold them.
 */
export async function seedOrganizations(
  trx: Db,
  createdBy: number,
  patients: number,
): Promise<SeededOrganization[]> {
  const practiceCount = Math.ceil(patients / PATIENTS_PER_PRACTICE);
  const seeded: SeededOrganization[] = [];
  for (const [index, organization] of DEMO_ORGANIZATIONS.entries()) {
    const { organization_id: organizationId } = await trx
      .insertInto('organizations')
      .values({
        organization_name: organization.name,
        organization_details: organization.details,
        created_by: createdBy,
      })
      .returning('organization_id')
      .executeTakeFirstOrThrow();
    const practices: SeededPractice[] = [];
    for (const practice of practicesOf(organization, index, practiceCount)) {
      const { practice_id: practiceId } = await trx
        .insertInto('practices')
        .values({ organization_id: organizationId, practice_name: practice.name })
        .returning('practice_id')
        .executeTakeFirstOrThrow();
      const locations: SeededLocation[] = [];
      for (const location of practice.locations) {
        const { location_id: locationId } = await trx
          .insertInto('locations')
          .values({ practice_id: practiceId, location_name: location.name })
          .returning('location_id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('location_programs')
          .values(
            location.programs.map((program) => ({ location_id: locationId, program_id: PROGRAM[program] })),
          )
          .execute();
        locations.push({ locationId, programs: location.programs });
      }
      practices.push({
        practiceId,
        organizationId,
        organizationKey: organization.key,
        sleepFocus: organization.sleepFocus,
        locations,
      });
    }
    seeded.push({ organizationId, key: organization.key, practices });
  }
  return seeded;
}
