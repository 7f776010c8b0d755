import { type CarePlanDefaults, carePlanDefaults, seesCarePlanDefaults } from '@rpm/shared';
import { sql } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import { forbidden } from '../domain-errors.js';
import { assertOrganization } from '../staff/store.js';

/** The user-menu defaults pages (000 §2.2, §6.2): who may use them, and the CCM Care Plan Defaults. */

export type Orgs = 'all' | readonly number[];

/** 000 §6.2 from the stored user: 403 unless CCM Care Plan Defaults shows for them (lowest role 5, or 6 not a dentist). */
export async function assertSeesCarePlanDefaults(
  db: Db,
  auth: { readonly userId: number; readonly roleid: readonly number[] },
): Promise<void> {
  await assertSees(db, auth, seesCarePlanDefaults, 'CCM Care Plan Defaults');
}

/** The organisation a defaults page shows (the caller's first when absent) and the choices; 403 for another's. */
export async function chooseOrganization(db: Db, orgs: Orgs, organizationId: number | undefined) {
  let choices = db
    .selectFrom('organizations')
    .select(['organization_id', 'organization_name'])
    .orderBy(sql`lower(organization_name)`)
    .orderBy('organization_id');
  if (orgs !== 'all') choices = choices.where('organization_id', 'in', orgs.length > 0 ? orgs : [0]);
  const organizations = await choices.execute();
  const chosen = organizationId ?? organizations[0]?.organization_id;
  if (chosen === undefined) throw forbidden('You do not belong to any organization.', 'organization_id');
  assertOrganization(orgs, chosen);
  return { organization_id: chosen, organizations };
}

/** 403 unless the user, as stored, passes `sees` (a rule of 000 §6.2). */
export async function assertSees(
  db: Db,
  auth: { readonly userId: number; readonly roleid: readonly number[] },
  sees: (user: { roleid: number[]; is_dentist: 0 | 1; is_sleeplab_user: 0 | 1 }) => boolean,
  page: string,
): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['is_dentist', 'is_sleeplab_user'])
    .where('user_id', '=', auth.userId)
    .executeTakeFirstOrThrow();
  const flags = {
    is_dentist: user.is_dentist ? 1 : 0,
    is_sleeplab_user: user.is_sleeplab_user ? 1 : 0,
  } as const;
  if (!sees({ roleid: [...auth.roleid], ...flags })) throw forbidden(`You do not have access to ${page}.`);
}

/** An organisation's CCM Care Plan Defaults (its own, else the product's) and the caller's choices of organisation. */
export async function carePlanDefaultsOf(db: Db, orgs: Orgs, organizationId: number | undefined) {
  const { organization_id: chosen, organizations } = await chooseOrganization(db, orgs, organizationId);
  const row = await db
    .selectFrom('care_plan_defaults')
    .select(['organization_id', 'plan'])
    .where((eb) => eb.or([eb('organization_id', 'is', null), eb('organization_id', '=', chosen)]))
    .orderBy(sql`organization_id is null`)
    .executeTakeFirstOrThrow();
  return {
    organization_id: chosen,
    organizations,
    own: row.organization_id !== null,
    plan: carePlanDefaults.parse(row.plan),
  };
}

/** Saves an organisation's own CCM Care Plan Defaults with its audit row, in one transaction. */
export async function saveCarePlanDefaults(
  db: Db,
  by: AuditActor,
  orgs: Orgs,
  organizationId: number,
  plan: CarePlanDefaults,
): Promise<void> {
  assertOrganization(orgs, organizationId);
  await db.transaction().execute(async (trx) => {
    const saved = await trx
      .insertInto('care_plan_defaults')
      .values({ organization_id: organizationId, plan: JSON.stringify(plan) })
      .onConflict((oc) => oc.column('organization_id').doUpdateSet({ plan: JSON.stringify(plan) }))
      .returning('default_id')
      .executeTakeFirstOrThrow();
    await audit(trx, {
      ...by,
      action: 'update_care_plan_defaults',
      entity: 'care_plan_defaults',
      entityId: saved.default_id,
      detail: { organization_id: organizationId, problems: plan.problems.length },
    });
  });
}
