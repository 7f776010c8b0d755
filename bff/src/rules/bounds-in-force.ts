import { type BoundSource, type Thresholds, vitalKind } from '@rpm/shared';
import { type RuleBounds, ruleBounds } from '../alerts/intake/evaluate.js';
import type { Db } from '../db/schema.js';
import { sqlDay } from '../db/sql-day.js';
import { protocolBounds, protocolOrSpec } from './protocol-bounds.js';

/**
 * The bounds in force on a patient's current devices (issue 41 §3):
 * decisions.md "Readings chart ranges and bound sources".
 * The rule the reading intake would judge a reading by today, and for the vitals no rule judges, the
 * bounds a rule would start from. The Readings tab's chart bands and its Vital Thresholds both read them here.
 */

/** A device assigned now, with the rule in force on the day, if any. */
export interface DeviceInForce {
  readonly device_assign_id: number;
  readonly device_name: string;
  readonly device_type_id: number;
  readonly rule: {
    readonly notification_rule_id: number;
    readonly updated_at: Date;
    readonly bounds: RuleBounds;
  } | null;
}

/**
 * The patient's current devices, each with its rule in force on `today` as the intake picks it (intake/store.ts
 * placeMeasurements: active, dated over the day, the latest start), in the order they were assigned.
 */
export async function devicesInForce(db: Db, patientId: number, today: string): Promise<DeviceInForce[]> {
  const devices = await db
    .selectFrom('device_assignments as a')
    .innerJoin('devices as d', 'd.inventory_id', 'a.inventory_id')
    .select(['a.device_assign_id', 'd.device_name', 'd.device_type_id'])
    .where('a.patient_id', '=', patientId)
    .where('a.unassigned_at', 'is', null)
    .orderBy('a.assigned_at')
    .orderBy('a.device_assign_id')
    .execute();
  if (devices.length === 0) return [];
  const rules = await db
    .selectFrom('notification_rules as r')
    .select(['r.notification_rule_id', 'r.device_assign_id', 'r.gain', 'r.loss', 'r.updated_at'])
    .where(
      'r.device_assign_id',
      'in',
      devices.map((d) => d.device_assign_id),
    )
    .where('r.status', '=', 1)
    .where('r.start_date', '<=', sqlDay(today))
    .where('r.end_date', '>=', sqlDay(today))
    .orderBy('r.start_date', 'desc')
    .orderBy('r.notification_rule_id', 'desc')
    .execute();
  const ruleVitals =
    rules.length === 0
      ? []
      : await db
          .selectFrom('notification_rule_vitals')
          .select([
            'notification_rule_id',
            'vital_id',
            'critical_low',
            'abnormal_low',
            'abnormal_high',
            'critical_high',
          ])
          .where(
            'notification_rule_id',
            'in',
            rules.map((r) => r.notification_rule_id),
          )
          .execute();
  return devices.map((d) => {
    const rule = rules.find((r) => r.device_assign_id === d.device_assign_id);
    return {
      ...d,
      rule: rule
        ? {
            notification_rule_id: rule.notification_rule_id,
            updated_at: rule.updated_at,
            bounds: ruleBounds(
              ruleVitals
                .filter((v) => v.notification_rule_id === rule.notification_rule_id)
                .map(({ notification_rule_id: _, ...v }) => v),
              rule.gain === null ? null : Number(rule.gain),
              rule.loss === null ? null : Number(rule.loss),
            ),
          }
        : null,
    };
  });
}

/** The patient's dry weight, the baseline of weight alerts (intake/store.ts weightBaseline), if set. */
export async function dryWeight(db: Db, patientId: number) {
  const row = await db
    .selectFrom('patient_weight_settings')
    .select(['dry_weight', 'updated_at'])
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
  return row ? { dry_weight: Number(row.dry_weight), updated_at: row.updated_at } : null;
}

/** One vital of a current device with the bounds in force and where they come from. */
export interface VitalInForce extends Thresholds {
  readonly device_assign_id: number;
  readonly device_name: string;
  readonly vital_id: number;
  readonly fk_vital_id: number;
  readonly vital_type: string;
  readonly unit: string;
  readonly device_type_id: number;
  readonly source: BoundSource;
  readonly notification_rule_id: number | null;
}

/**
 * The vital-threshold display (001 §2.6): per vital of each current device the bounds of its rule in force, else
 * the practice's protocol, else the spec's (001 §9), each saying which; per current scale the dry weight with the
 * rule's gain and loss (a scale's rule has no bounds, 001 §5); and when a rule in force or the dry weight changed.
 */
export async function vitalsInForce(db: Db, patientId: number, organizationId: number, today: string) {
  const devices = await devicesInForce(db, patientId, today);
  const typeIds = [...new Set(devices.map((d) => d.device_type_id))];
  const catalogue =
    typeIds.length === 0
      ? []
      : await db
          .selectFrom('vitals')
          .select(['vital_id', 'vital_type', 'unit', 'device_type_id'])
          .where('device_type_id', 'in', typeIds)
          .orderBy('vital_id')
          .execute();
  const weighed = (v: { vital_type: string }) => vitalKind(v.vital_type) === 'weight';
  const bounded = catalogue.filter((v) => !weighed(v));
  const protocol = await protocolBounds(
    db,
    organizationId,
    bounded.map((v) => v.vital_id),
  );
  const vitals: VitalInForce[] = devices.flatMap((d) =>
    bounded
      .filter((v) => v.device_type_id === d.device_type_id)
      .map((v) => {
        const own = d.rule?.bounds.vitals.get(v.vital_id);
        const { bounds, source } = own
          ? { bounds: own, source: 'rule' as const }
          : protocolOrSpec(v, protocol.bounds);
        return {
          device_assign_id: d.device_assign_id,
          device_name: d.device_name,
          ...v,
          fk_vital_id: v.vital_id,
          critical_low: bounds.critical_low,
          abnormal_low: bounds.abnormal_low,
          abnormal_high: bounds.abnormal_high,
          critical_high: bounds.critical_high,
          source,
          notification_rule_id: own && d.rule ? d.rule.notification_rule_id : null,
        };
      }),
  );
  const scaleTypes = new Set(catalogue.filter(weighed).map((v) => v.device_type_id));
  const scales = devices.filter((d) => scaleTypes.has(d.device_type_id));
  const dry = scales.length === 0 ? null : await dryWeight(db, patientId);
  const weights = scales.map((d) => ({
    device_assign_id: d.device_assign_id,
    device_name: d.device_name,
    dry_weight: dry?.dry_weight ?? null,
    gain: d.rule?.bounds.gain ?? null,
    loss: d.rule?.bounds.loss ?? null,
    notification_rule_id: d.rule?.notification_rule_id ?? null,
  }));
  const times = [...devices.map((d) => d.rule?.updated_at.getTime() ?? 0), dry?.updated_at.getTime() ?? 0];
  const latest = Math.max(0, ...times);
  return { vitals, weights, updated_at: latest > 0 ? new Date(latest).toISOString() : null };
}
