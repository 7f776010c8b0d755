import {
  SLEEP_CPT_CODE_LIST,
  SLEEP_CPT_CODES,
  type SleepBillingConfig,
  type SleepCptCode,
} from '@rpm/shared';
import { sql } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import { invalid, notFound } from '../domain-errors.js';
import { inIds } from '../lists/sql.js';

/** HST Billing Configuration and Athena vitals per organisation (decisions.md "HST billing configuration"). */

type Orgs = 'all' | number[];

async function organizationsOf(db: Db, orgs: Orgs) {
  const { rows } = await sql<{ value: number; label: string }>`
    select organization_id as value, organization_name as label from organizations
    where ${orgs === 'all' ? sql`true` : inIds('organization_id', orgs)}
    order by lower(organization_name) collate "C", organization_id`.execute(db);
  return rows;
}

const unknownOrganization = (id: number) => notFound(`Organization ${id} does not exist.`, 'organization_id');

/** The configuration of one organisation the caller sees (their first one when none is named). */
export async function billingConfig(
  db: Db,
  orgs: Orgs,
  organizationId?: number,
): Promise<SleepBillingConfig> {
  const organizations = await organizationsOf(db, orgs);
  const chosen = organizationId ?? organizations[0]?.value;
  if (chosen === undefined || !organizations.some((o) => o.value === chosen))
    throw unknownOrganization(organizationId ?? 0);
  const prices = await db
    .selectFrom('hst_billing_prices')
    .select(['cpt_code', 'price_cents'])
    .where('organization_id', '=', chosen)
    .execute();
  const vitals = await db
    .selectFrom('vitals as v')
    .leftJoin('athena_vital_exports as a', (join) =>
      join.onRef('a.vital_id', '=', 'v.vital_id').on('a.organization_id', '=', chosen),
    )
    .select(['v.vital_id', 'v.vital_type', 'v.unit', 'a.vital_id as sent'])
    .orderBy('v.vital_id')
    .execute();
  return {
    organization_id: chosen,
    organizations,
    prices: SLEEP_CPT_CODE_LIST.map((code) => {
      const cents = prices.find((p) => p.cpt_code === code)?.price_cents;
      return {
        cpt_code: code,
        description: SLEEP_CPT_CODES[code],
        price: cents === undefined ? null : cents / 100,
      };
    }),
    vitals: vitals.map((v) => ({
      vital_id: v.vital_id,
      vital_type: v.vital_type,
      unit: v.unit,
      send: v.sent !== null,
    })),
  };
}

async function assertOrganization(db: Db, orgs: Orgs, organizationId: number) {
  if (!(await organizationsOf(db, orgs)).some((o) => o.value === organizationId))
    throw unknownOrganization(organizationId);
}

/** Sets the prices named (null clears one); codes not named keep theirs. */
export async function savePrices(
  db: Db,
  by: AuditActor,
  orgs: Orgs,
  organizationId: number,
  prices: readonly { readonly cpt_code: SleepCptCode; readonly price: number | null }[],
): Promise<void> {
  await assertOrganization(db, orgs, organizationId);
  await db.transaction().execute(async (trx) => {
    for (const { cpt_code, price } of prices) {
      if (price === null) {
        await trx
          .deleteFrom('hst_billing_prices')
          .where('organization_id', '=', organizationId)
          .where('cpt_code', '=', cpt_code)
          .execute();
        continue;
      }
      const values = { price_cents: Math.round(price * 100), updated_by: by.userId, updated_at: by.at };
      await trx
        .insertInto('hst_billing_prices')
        .values({ organization_id: organizationId, cpt_code, ...values })
        .onConflict((oc) => oc.columns(['organization_id', 'cpt_code']).doUpdateSet(values))
        .execute();
    }
    await audit(trx, {
      ...by,
      action: 'save_hst_billing_prices',
      entity: 'organization',
      entityId: organizationId,
      detail: { prices },
    });
  });
}

/** Replaces the vitals an organisation sends to Athena. */
export async function saveAthenaVitals(
  db: Db,
  by: AuditActor,
  orgs: Orgs,
  organizationId: number,
  vitalIds: readonly number[],
): Promise<void> {
  await assertOrganization(db, orgs, organizationId);
  if (vitalIds.length > 0) {
    const known = await db
      .selectFrom('vitals')
      .select('vital_id')
      .where('vital_id', 'in', vitalIds)
      .execute();
    const missing = vitalIds.find((id) => !known.some((k) => k.vital_id === id));
    if (missing !== undefined) throw invalid(`Vital ${missing} does not exist.`, 'vital_ids');
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('athena_vital_exports').where('organization_id', '=', organizationId).execute();
    if (vitalIds.length > 0)
      await trx
        .insertInto('athena_vital_exports')
        .values(
          vitalIds.map((vital_id) => ({
            organization_id: organizationId,
            vital_id,
            updated_by: by.userId,
            updated_at: by.at,
          })),
        )
        .execute();
    await audit(trx, {
      ...by,
      action: 'save_athena_vitals',
      entity: 'organization',
      entityId: organizationId,
      detail: { vital_ids: vitalIds },
    });
  });
}
