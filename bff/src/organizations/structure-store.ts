import type { addPractice, CallBody, updatePractice } from '@rpm/shared';
import type { Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { forbidden, invalid, notFound } from '../domain-errors.js';

/**
 * Practices and locations with their programs, in the caller's organisations (scope.ts): a record outside them
 * answers 404 as unknown, a parent outside them 403 naming the field.
 */

type Orgs = 'all' | readonly number[];
const inOrgs = (orgs: Orgs, organizationId: number) => orgs === 'all' || orgs.includes(organizationId);

/** The practices a caller may change: those of `orgs`, and of them only `member` when it is given. */
export interface WritablePractices {
  readonly orgs: Orgs;
  readonly member: ReadonlySet<number> | undefined;
}
const writable = (scope: WritablePractices, organizationId: number, practiceId: number) =>
  inOrgs(scope.orgs, organizationId) && (!scope.member || scope.member.has(practiceId));

/** The organisation a new practice goes into: one of the caller's, else 403 naming organization_id. */
export async function assertOrganization(db: Db, orgs: Orgs, organizationId: number): Promise<void> {
  const row = await db
    .selectFrom('organizations')
    .select('organization_id')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!row || !inOrgs(orgs, organizationId))
    throw forbidden('You do not belong to this organization.', 'organization_id');
}

/** A practice of the caller's organisations; 404 naming `field` otherwise. */
export async function practiceInScope(
  db: Db,
  scope: WritablePractices,
  practiceId: number,
  field = 'practice_id',
) {
  const row = await db
    .selectFrom('practices')
    .select(['practice_id', 'organization_id', 'practice_name'])
    .where('practice_id', '=', practiceId)
    .executeTakeFirst();
  if (!row || !writable(scope, row.organization_id, practiceId))
    throw notFound(`Practice ${practiceId} does not exist.`, field);
  return row;
}

/** A location of the caller's organisations; 404 naming location_id otherwise. */
export async function locationInScope(db: Db, scope: WritablePractices, locationId: number) {
  const row = await db
    .selectFrom('locations as l')
    .innerJoin('practices as p', 'p.practice_id', 'l.practice_id')
    .select(['l.location_id', 'l.location_name', 'p.organization_id', 'p.practice_id'])
    .where('l.location_id', '=', locationId)
    .executeTakeFirst();
  if (!row || !writable(scope, row.organization_id, row.practice_id))
    throw notFound(`Location ${locationId} does not exist.`, 'location_id');
  return row;
}

/** Creates a practice with its audit row (in the caller's Idempotency-Key transaction). */
export async function createPractice(
  trx: Transaction<Database>,
  by: AuditActor,
  input: CallBody<typeof addPractice>,
): Promise<{ practice_id: number }> {
  const row = await trx
    .insertInto('practices')
    .values(input)
    .returning('practice_id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...by,
    action: 'add_practice',
    entity: 'practice',
    entityId: row.practice_id,
    detail: input,
  });
  return row;
}

/** Renames a practice and sets its escalation minutes (absent: unchanged), with its audit row. */
export async function savePractice(
  db: Db,
  by: AuditActor,
  { practice_id: practiceId, ...change }: CallBody<typeof updatePractice>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('practices').set(change).where('practice_id', '=', practiceId).execute();
    await audit(trx, {
      ...by,
      action: 'update_practice',
      entity: 'practice',
      entityId: practiceId,
      detail: change,
    });
  });
}

/** Every program id exists (table `programs`); else 400 naming program_ids. */
export async function assertPrograms(db: Db, programIds: readonly number[]): Promise<void> {
  if (programIds.length === 0) return;
  const found = await db
    .selectFrom('programs')
    .select('program_id')
    .where('program_id', 'in', programIds)
    .execute();
  if (found.length !== programIds.length) throw invalid('Unknown program', 'program_ids');
}

async function linkPrograms(trx: Transaction<Database>, locationId: number, programIds: readonly number[]) {
  await trx.deleteFrom('location_programs').where('location_id', '=', locationId).execute();
  if (programIds.length > 0)
    await trx
      .insertInto('location_programs')
      .values(programIds.map((program_id) => ({ location_id: locationId, program_id })))
      .execute();
}

/** Creates a location with its program links and audit row (in the caller's Idempotency-Key transaction). */
export async function createLocation(
  trx: Transaction<Database>,
  by: AuditActor,
  input: {
    readonly location_name: string;
    readonly practice_id: number;
    readonly program_ids: readonly number[];
  },
): Promise<{ location_id: number }> {
  const row = await trx
    .insertInto('locations')
    .values({ location_name: input.location_name, practice_id: input.practice_id })
    .returning('location_id')
    .executeTakeFirstOrThrow();
  await linkPrograms(trx, row.location_id, input.program_ids);
  await audit(trx, {
    ...by,
    action: 'add_location',
    entity: 'location',
    entityId: row.location_id,
    detail: input,
  });
  return row;
}

/** Renames a location and replaces its programs, with the audit row, in one transaction. */
export async function saveLocation(
  db: Db,
  by: AuditActor,
  locationId: number,
  input: { readonly location_name: string; readonly program_ids: readonly number[] },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('locations')
      .set({ location_name: input.location_name })
      .where('location_id', '=', locationId)
      .execute();
    await linkPrograms(trx, locationId, input.program_ids);
    await audit(trx, {
      ...by,
      action: 'update_location',
      entity: 'location',
      entityId: locationId,
      detail: input,
    });
  });
}
