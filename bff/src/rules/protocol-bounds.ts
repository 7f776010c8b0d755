import { defaultThresholds, type Thresholds, vitalKind } from '@rpm/shared';
import type { Db } from '../db/schema.js';

/** The RPM protocol defaults are role 5's (000 §6.2 'RPM Protocol Defaults: role 5'). */
export const PROTOCOL_ROLE_ID = 5;

/** Where a vital's protocol bounds come from: the organisation's defaults, role 5's rows, or the spec's (001 §9). */
export type ProtocolSource = 'organization' | 'role' | 'spec';

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
  /** Where each vital's bounds come from (Practice Protocol shows it). */
  const sources = new Map<number, ProtocolSource>();
  for (const [source, rows] of [
    ['role', role5],
    ['organization', organization],
  ] as const) {
    for (const { vital_id, ...t } of rows) {
      bounds.set(vital_id, t);
      sources.set(vital_id, source);
    }
  }
  return { bounds, sources, own: organization.length > 0 };
}

/**
 * A vital's bounds where no one set their own: the protocol's (from {@link protocolBounds}), else the spec's
 * (001 §9), saying which.
 */
export function protocolOrSpec(
  vital: { readonly vital_id: number; readonly vital_type: string },
  protocol: ReadonlyMap<number, Thresholds>,
): { bounds: Thresholds; source: 'protocol' | 'spec' } {
  const own = protocol.get(vital.vital_id);
  return own
    ? { bounds: own, source: 'protocol' }
    : { bounds: defaultThresholds(vital.vital_id, vitalKind(vital.vital_type)), source: 'spec' };
}
