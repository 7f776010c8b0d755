import type { Thresholds } from '@rpm/shared';
import type { Db } from '../db/schema.js';

/** The RPM protocol defaults are role 5's (000 §6.2 'RPM Protocol Defaults: role 5'). */
export const PROTOCOL_ROLE_ID = 5;

/**
 * The RPM protocol's stored bounds of these vitals: the organisation's RPM Protocol Defaults where it saved them
 * (decisions.md "RPM Protocol Defaults"), else role 5's rows; a vital with neither is absent.
 */
export async function protocolBounds(db: Db, organizationId: number | null, vitalIds: readonly number[]) {
  const ids = vitalIds.length > 0 ? [...vitalIds] : [0];
  const organization =
    organizationId === null
      ? []
      : await db
          .selectFrom('organization_protocol_vitals')
          .select(['vital_id', 'critical_low', 'abnormal_low', 'abnormal_high', 'critical_high'])
          .where('organization_id', '=', organizationId)
          .where('vital_id', 'in', ids)
          .execute();
  const role5 = await db
    .selectFrom('vital_defaults')
    .select(['vital_id', 'critical_low', 'abnormal_low', 'abnormal_high', 'critical_high'])
    .where('role_id', '=', PROTOCOL_ROLE_ID)
    .where('vital_id', 'in', ids)
    .execute();
  const bounds = new Map<number, Thresholds>();
  for (const row of [...role5, ...organization]) {
    const { vital_id, ...t } = row;
    bounds.set(vital_id, t);
  }
  return { bounds, own: organization.length > 0 };
}
