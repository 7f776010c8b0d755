import type { CallBody, updateInsuranceDefaults, updateNotesDefaults } from '@rpm/shared';
import { type AuditActor, audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import { invalid } from '../domain-errors.js';
import { chooseOrganization, type Orgs } from './store.js';

/**
 * Notes Defaults (per user) and Insurance Defaults (per organisation) of the user menu (000 §2.2, §6.2;
 * decisions.md "Notes Defaults", "Insurance Defaults").
 */

/** The caller's default note category and comment, with the active categories and comments to choose from. */
export async function notesDefaultsOf(db: Db, userId: number) {
  const row = await db
    .selectFrom('user_note_defaults')
    .select(['category_id', 'comment_id'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const categories = await db
    .selectFrom('note_categories')
    .select(['category_id', 'name'])
    .where('active', '=', true)
    .orderBy('name')
    .orderBy('category_id')
    .execute();
  const comments = await db
    .selectFrom('note_comments')
    .select(['comment_id', 'category_id', 'comment'])
    .where('active', '=', true)
    .orderBy('comment')
    .orderBy('comment_id')
    .execute();
  return { category_id: row?.category_id ?? null, comment_id: row?.comment_id ?? null, categories, comments };
}

/** Saves the caller's Notes Defaults: an active category and an active comment of it (else 400), audited. */
export async function saveNotesDefaults(
  db: Db,
  by: AuditActor,
  body: CallBody<typeof updateNotesDefaults>,
): Promise<void> {
  if (body.category_id !== null) {
    const category = await db
      .selectFrom('note_categories')
      .select('category_id')
      .where('category_id', '=', body.category_id)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!category) throw invalid(`Note category ${body.category_id} does not exist.`, 'category_id');
  }
  if (body.comment_id !== null) {
    const comment = await db
      .selectFrom('note_comments')
      .select('category_id')
      .where('comment_id', '=', body.comment_id)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!comment || comment.category_id !== body.category_id)
      throw invalid('Choose a comment of the chosen category.', 'comment_id');
  }
  const row = { category_id: body.category_id, comment_id: body.comment_id, updated_at: by.at };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('user_note_defaults')
      .values({ user_id: by.userId, ...row })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
    await audit(trx, {
      ...by,
      action: 'update_notes_defaults',
      entity: 'user',
      entityId: by.userId,
      detail: { category_id: body.category_id, comment_id: body.comment_id },
    });
  });
}

/** The plans an organisation accepts (the Insurance Table), by payer and name. */
const acceptedPlans = (db: Db, organizationId: number) =>
  db
    .selectFrom('organization_insurances as oi')
    .innerJoin('insurance_plans as p', 'p.plan_id', 'oi.plan_id')
    .select(['p.plan_id', 'p.payer', 'p.plan_name', 'p.plan_type'])
    .where('oi.organization_id', '=', organizationId)
    .where('oi.active', '=', true)
    .where('p.active', '=', true)
    .orderBy('p.payer')
    .orderBy('p.plan_name')
    .orderBy('p.plan_id')
    .execute();

/** An organisation's Insurance Defaults (its own, else no plan) with the plans it accepts; 403 for another's. */
export async function insuranceDefaultsOf(db: Db, orgs: Orgs, organizationId: number | undefined) {
  const choice = await chooseOrganization(db, orgs, organizationId);
  const row = await db
    .selectFrom('organization_insurance_defaults')
    .select(['plan_id'])
    .where('organization_id', '=', choice.organization_id)
    .executeTakeFirst();
  const plans = await acceptedPlans(db, choice.organization_id);
  return {
    ...choice,
    own: row !== undefined,
    // A plan the organisation no longer accepts is no default (decisions.md "Insurance Defaults").
    plan_id: plans.some((p) => p.plan_id === row?.plan_id) ? (row?.plan_id ?? null) : null,
    plans,
  };
}

/** Saves an organisation's Insurance Defaults: a plan it accepts (400 naming plan_id); audited; 403 for another's. */
export async function saveInsuranceDefaults(
  db: Db,
  by: AuditActor,
  orgs: Orgs,
  body: CallBody<typeof updateInsuranceDefaults>,
): Promise<void> {
  await chooseOrganization(db, orgs, body.organization_id);
  if (body.plan_id !== null) {
    const plans = await acceptedPlans(db, body.organization_id);
    if (!plans.some((p) => p.plan_id === body.plan_id))
      throw invalid('Choose a plan your organization accepts (Insurance Table).', 'plan_id');
  }
  const row = {
    plan_id: body.plan_id,
    updated_by: by.userId,
    updated_at: by.at,
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('organization_insurance_defaults')
      .values({ organization_id: body.organization_id, ...row })
      .onConflict((oc) => oc.column('organization_id').doUpdateSet(row))
      .execute();
    await audit(trx, {
      ...by,
      action: 'update_insurance_defaults',
      entity: 'organization',
      entityId: body.organization_id,
      detail: { plan_id: body.plan_id },
    });
  });
}
