import {
  type CallBody,
  COMPLIANCE_TARGET_DAYS,
  defaultThresholds,
  type updateProtocolDefaults,
  vitalKind,
} from '@rpm/shared';
import { type AuditActor, audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import { protocolBounds } from '../rules/protocol-bounds.js';
import { assertVitalBounds } from '../rules/vital-store.js';
import { chooseOrganization, type Orgs } from './store.js';

/** RPM Protocol Defaults (000 §2.2, §6.2): the protocol an organisation's new patients start from. */

/** The first check-in frequency offered; decisions.md "RPM Protocol Defaults". */
const DEFAULT_CHECK_IN = 'monthly' as const;

/** The active vitals with their device types, in the order the page shows them. */
const activeVitals = (db: Db) =>
  db
    .selectFrom('vitals')
    .innerJoin('device_types', 'device_types.device_type_id', 'vitals.device_type_id')
    .select([
      'vitals.vital_id',
      'vitals.vital_type',
      'vitals.unit',
      'vitals.device_type_id',
      'device_types.device_type',
    ])
    .where('vitals.active', '=', true)
    .orderBy('vitals.vital_id')
    .execute();

/**
 * An organisation's RPM Protocol Defaults: its own, else role 5's bounds (the spec's where none), 16 reading days
 * (CPT 99454) and a monthly check-in. 403 naming organization_id for another organisation.
 */
export async function protocolDefaultsOf(db: Db, orgs: Orgs, organizationId: number | undefined) {
  const choice = await chooseOrganization(db, orgs, organizationId);
  const row = await db
    .selectFrom('organization_protocol_defaults')
    .select(['reading_days', 'check_in_frequency'])
    .where('organization_id', '=', choice.organization_id)
    .executeTakeFirst();
  const vitals = await activeVitals(db);
  const { bounds, sources } = await protocolBounds(
    db,
    choice.organization_id,
    vitals.map((v) => v.vital_id),
  );
  return {
    ...choice,
    own: row !== undefined,
    reading_days: row?.reading_days ?? COMPLIANCE_TARGET_DAYS,
    check_in_frequency: (row?.check_in_frequency ?? DEFAULT_CHECK_IN) as 'weekly' | 'biweekly' | 'monthly',
    vitals: vitals.map((v) => {
      const b = bounds.get(v.vital_id) ?? defaultThresholds(v.vital_id, vitalKind(v.vital_type));
      return { ...v, fk_vital_id: v.vital_id, ...b, source: sources.get(v.vital_id) ?? ('spec' as const) };
    }),
  };
}

/** Saves RPM Protocol Defaults: each vital active, given once, as 001 §5's threshold rules leave it; audited. */
export async function saveProtocolDefaults(
  db: Db,
  by: AuditActor,
  orgs: Orgs,
  body: CallBody<typeof updateProtocolDefaults>,
): Promise<void> {
  await chooseOrganization(db, orgs, body.organization_id);
  const vitals = await activeVitals(db);
  assertVitalBounds(vitals, body.vitals, (id) => `Vital ${id} does not exist.`);
  const row = {
    reading_days: body.reading_days,
    check_in_frequency: body.check_in_frequency,
    updated_by: by.userId,
    updated_at: by.at,
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('organization_protocol_defaults')
      .values({ organization_id: body.organization_id, ...row })
      .onConflict((oc) => oc.column('organization_id').doUpdateSet(row))
      .execute();
    await trx
      .deleteFrom('organization_protocol_vitals')
      .where('organization_id', '=', body.organization_id)
      .execute();
    await trx
      .insertInto('organization_protocol_vitals')
      .values(body.vitals.map((v) => ({ organization_id: body.organization_id, ...v })))
      .execute();
    await audit(trx, {
      ...by,
      action: 'update_protocol_defaults',
      entity: 'organization',
      entityId: body.organization_id,
      detail: {
        reading_days: body.reading_days,
        check_in_frequency: body.check_in_frequency,
        vitals: body.vitals,
      },
    });
  });
}
