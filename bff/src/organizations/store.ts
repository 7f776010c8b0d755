import { LANGUAGE, type OrganizationRow } from '@rpm/shared';
import { sql } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import { conflict, invalid, notFound } from '../domain-errors.js';

/** The text for a taken name (decisions.md "Organisation management"). */
export const ORGANIZATION_NAME_TAKEN = 'Organization name already exists';

/** What the create and edit forms save (000 §2.10, §4.7), trimmed by the contract. */
export interface OrganizationInput {
  readonly organization_name: string;
  readonly organization_details: string;
  readonly description_language_id: number;
  readonly translated_details: string | null;
}

/** The Organizations Table (000 §2.4): the organisations given (or all), with their practice and location counts. */
export async function listOrganizations(
  db: Db,
  organizationIds: readonly number[] | 'all',
): Promise<OrganizationRow[]> {
  if (organizationIds !== 'all' && organizationIds.length === 0) return [];
  let q = db
    .selectFrom('organizations as o')
    .select([
      'o.organization_id',
      'o.organization_name',
      'o.organization_details',
      'o.description_language_id',
      'o.translated_details',
      'o.created_at',
    ])
    .select((eb) => [
      eb
        .selectFrom('practices as p')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('p.organization_id', '=', 'o.organization_id')
        .as('practices'),
      eb
        .selectFrom('locations as l')
        .innerJoin('practices as p', 'p.practice_id', 'l.practice_id')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('p.organization_id', '=', 'o.organization_id')
        .as('locations'),
    ]);
  if (organizationIds !== 'all') q = q.where('o.organization_id', 'in', organizationIds);
  const rows = await q.orderBy(sql`lower(o.organization_name)`).orderBy('o.organization_id').execute();
  return rows.map((r) => ({
    organizationid: r.organization_id,
    organization_name: r.organization_name,
    organization_details: r.organization_details,
    description_language_id: r.description_language_id,
    translated_details: r.translated_details,
    practices: Number(r.practices ?? 0),
    locations: Number(r.locations ?? 0),
    created_at: r.created_at.toISOString(),
  }));
}

/** Creates an organisation with its audit row; answers its id. */
export async function createOrganization(db: Db, input: OrganizationInput, by: AuditActor): Promise<number> {
  await assertLanguage(db, input.description_language_id);
  await assertNameFree(db, input.organization_name);
  return uniqueName(() =>
    db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('organizations')
        .values({
          ...fields(input),
          created_by: by.userId,
          created_at: by.at,
          updated_at: by.at,
        })
        .returning('organization_id')
        .executeTakeFirstOrThrow();
      await audit(tx, {
        ...by,
        action: 'add_organization',
        entity: 'organization',
        entityId: row.organization_id,
        detail: { organization_name: input.organization_name },
      });
      return row.organization_id;
    }),
  );
}

/** The organisation's id and current name; 404 naming organizationid when there is none. */
export async function findOrganization(db: Db, organizationId: number, visible: readonly number[] | 'all') {
  const row = await db
    .selectFrom('organizations')
    .select(['organization_id', 'organization_name'])
    .where('organization_id', '=', organizationId)
    .$if(visible !== 'all', (q) => q.where('organization_id', 'in', [...(visible as readonly number[]), 0]))
    .executeTakeFirst();
  if (!row) throw notFound(`Organization ${organizationId} does not exist.`, 'organizationid');
  return row;
}

/**
 * Saves an edit with its audit row; whether the name changed (000 §4.7) is recomputed here rather than trusted, so
 * the server decides the uniqueness check.
 */
export async function saveOrganization(
  db: Db,
  current: { readonly organization_id: number; readonly organization_name: string },
  input: OrganizationInput & { readonly is_name_changed: boolean },
  by: AuditActor,
): Promise<void> {
  await assertLanguage(db, input.description_language_id);
  const nameChanged = sameName(current.organization_name) !== sameName(input.organization_name);
  if (nameChanged) await assertNameFree(db, input.organization_name, current.organization_id);
  await uniqueName(() =>
    db.transaction().execute(async (tx) => {
      await tx
        .updateTable('organizations')
        .set({ ...fields(input), modified_by: by.userId, updated_at: by.at })
        .where('organization_id', '=', current.organization_id)
        .execute();
      await audit(tx, {
        ...by,
        action: 'update_organization',
        entity: 'organization',
        entityId: current.organization_id,
        detail: {
          name_changed: nameChanged,
          client_is_name_changed: input.is_name_changed,
          ...(nameChanged ? { from: current.organization_name, to: input.organization_name } : {}),
        },
      });
    }),
  );
}

/** The stored columns of the form; 000 §4.7: language 1 is the default and has no translation. */
const fields = (input: OrganizationInput) => ({
  organization_name: input.organization_name,
  organization_details: input.organization_details,
  description_language_id: input.description_language_id,
  translated_details:
    input.description_language_id === LANGUAGE.default ? null : input.translated_details || null,
});

/** The comparison of 000 §4.7: trimmed, ignoring case. */
const sameName = (name: string): string => name.trim().toLowerCase();

async function assertLanguage(db: Db, languageId: number): Promise<void> {
  const row = await db
    .selectFrom('languages')
    .select('language_id')
    .where('language_id', '=', languageId)
    .executeTakeFirst();
  if (!row) throw invalid(`Language ${languageId} does not exist.`, 'description_language_id');
}

/** 409 when another organisation has the name, compared as the unique index does (lower, btrim). */
async function assertNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  let q = db
    .selectFrom('organizations')
    .select('organization_id')
    .where(sql`lower(btrim(organization_name))`, '=', sql`lower(btrim(${name}))`);
  if (exceptId !== undefined) q = q.where('organization_id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw conflict(ORGANIZATION_NAME_TAKEN, 'organization_name');
}

/** Runs a write; a unique-index violation (a concurrent save of the same name) becomes the same 409. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if ((err as { code?: unknown }).code === '23505')
      throw conflict(ORGANIZATION_NAME_TAKEN, 'organization_name');
    throw err;
  }
}
