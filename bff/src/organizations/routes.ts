import { addOrganization, getOrganizations, LANGUAGE, MSG, updateOrganization } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { HttpError } from '../http/errors.js';
import { actor, ownId } from '../http/route-helpers.js';
import { visibleOrganizations } from '../scope.js';

/** Our text for a taken name; 000 §2.10 shows none. */
export const ORGANIZATION_NAME_TAKEN = 'Organization name already exists';

/** Organisations table, create and edit forms (000 §2.4 Organizations Table, §2.10, §4.7; 001 §7 Organisations). */
export function organizationRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getOrganizations, async ({ auth }) => {
    const orgs = await visibleOrganizations(db, auth);
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
    if (orgs !== 'all') {
      if (orgs.length === 0) return { status: 1, data: [] };
      q = q.where('o.organization_id', 'in', orgs);
    }
    const rows = await q.orderBy(sql`lower(o.organization_name)`).orderBy('o.organization_id').execute();
    return {
      status: 1,
      data: rows.map((r) => ({
        organizationid: r.organization_id,
        organization_name: r.organization_name,
        organization_details: r.organization_details,
        description_language_id: r.description_language_id,
        translated_details: r.translated_details,
        practices: Number(r.practices ?? 0),
        locations: Number(r.locations ?? 0),
        created_at: r.created_at.toISOString(),
      })),
    };
  });

  registerCall(app, deps, addOrganization, async ({ body, auth, req }) => {
    ownId(auth, body.userid, 'userid');
    await assertLanguage(db, body.description_language_id);
    await assertNameFree(db, body.organization_name);
    const now = clock.now();
    const organizationid = await uniqueName(() =>
      db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('organizations')
          .values({
            organization_name: body.organization_name,
            organization_details: body.organization_details,
            description_language_id: body.description_language_id,
            translated_details: translation(body),
            created_by: auth.userId,
            created_at: now,
            updated_at: now,
          })
          .returning('organization_id')
          .executeTakeFirstOrThrow();
        await audit(tx, {
          ...actor(auth, req.ip, now),
          action: 'add_organization',
          entity: 'organization',
          entityId: row.organization_id,
          detail: { organization_name: body.organization_name },
        });
        return row.organization_id;
      }),
    );
    return { status: 1, message: MSG.addedSuccessfully, data: { organizationid } };
  });

  registerCall(app, deps, updateOrganization, async ({ body, auth, req }) => {
    ownId(auth, body.modified_user_id, 'modified_user_id');
    const current = await db
      .selectFrom('organizations')
      .select(['organization_id', 'organization_name'])
      .where('organization_id', '=', body.organizationid)
      .executeTakeFirst();
    if (!current)
      throw new HttpError(404, `Organization ${body.organizationid} does not exist.`, 'organizationid');
    const orgs = await visibleOrganizations(db, auth);
    if (orgs !== 'all' && !orgs.includes(current.organization_id))
      throw new HttpError(403, 'You do not belong to this organization.', 'organizationid');
    await assertLanguage(db, body.description_language_id);
    // 000 §4.7: the form sends whether the name changed (trimmed, ignoring case). We recompute it here rather than
    // trust or reject the client's flag: the server's answer decides the uniqueness check, and both are audited.
    const nameChanged = sameName(current.organization_name) !== sameName(body.organization_name);
    if (nameChanged) await assertNameFree(db, body.organization_name, current.organization_id);
    const now = clock.now();
    await uniqueName(() =>
      db.transaction().execute(async (tx) => {
        await tx
          .updateTable('organizations')
          .set({
            organization_name: body.organization_name,
            organization_details: body.organization_details,
            description_language_id: body.description_language_id,
            translated_details: translation(body),
            modified_by: auth.userId,
            updated_at: now,
          })
          .where('organization_id', '=', current.organization_id)
          .execute();
        await audit(tx, {
          ...actor(auth, req.ip, now),
          action: 'update_organization',
          entity: 'organization',
          entityId: current.organization_id,
          detail: {
            name_changed: nameChanged,
            client_is_name_changed: body.is_name_changed,
            ...(nameChanged ? { from: current.organization_name, to: body.organization_name } : {}),
          },
        });
      }),
    );
    return { status: 1, message: MSG.updatedSuccessfully };
  });
}

/** The comparison of 000 §4.7: trimmed, ignoring case. */
const sameName = (name: string): string => name.trim().toLowerCase();

/** 000 §4.7: language 1 is the default and has no translation. */
function translation(body: {
  description_language_id: number;
  translated_details: string | null;
}): string | null {
  return body.description_language_id === LANGUAGE.default ? null : body.translated_details || null;
}

async function assertLanguage(db: Db, languageId: number): Promise<void> {
  const row = await db
    .selectFrom('languages')
    .select('language_id')
    .where('language_id', '=', languageId)
    .executeTakeFirst();
  if (!row) throw new HttpError(400, `Language ${languageId} does not exist.`, 'description_language_id');
}

/** 409 when another organisation has the name, compared as the unique index does (lower, btrim). */
async function assertNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  let q = db
    .selectFrom('organizations')
    .select('organization_id')
    .where(sql`lower(btrim(organization_name))`, '=', sql`lower(btrim(${name}))`);
  if (exceptId !== undefined) q = q.where('organization_id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw new HttpError(409, ORGANIZATION_NAME_TAKEN, 'organization_name');
}

/** Runs a write; a unique-index violation (a concurrent save of the same name) becomes the same 409. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if ((err as { code?: unknown }).code === '23505')
      throw new HttpError(409, ORGANIZATION_NAME_TAKEN, 'organization_name');
    throw err;
  }
}
