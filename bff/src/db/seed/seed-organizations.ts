import { PROGRAM } from '../reference-ids.js';
import type { Db, ProgramName } from '../schema.js';
import { DEMO_ORGANIZATIONS, type DemoOrganizationKey } from './demo-organizations.js';

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

/** Inserts the demo organisations, practices, locations and their programs; `createdBy` is the top admin. */
export async function seedOrganizations(trx: Db, createdBy: number): Promise<SeededOrganization[]> {
  const seeded: SeededOrganization[] = [];
  for (const organization of DEMO_ORGANIZATIONS) {
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
    for (const practice of organization.practices) {
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
