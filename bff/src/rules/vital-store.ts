import {
  type addVitalConfigurations,
  type CallBody,
  seesNotificationDefaults,
  sliderMax,
  type Thresholds,
  thresholdProblem,
  type updateVitalsDefaults,
  vitalKind,
} from '@rpm/shared';
import { type AuditActor, audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import { forbidden, invalid } from '../domain-errors.js';
import { PROTOCOL_ROLE_ID, protocolBounds, protocolOrSpec } from './protocol-bounds.js';

/**
 * The vitals of the Alert Rules tab (001 §2.2, §3, §5, §7 "Vitals and rules"): reading intervals, the vitals with
 * their slider ranges, the role and protocol defaults, and a patient's own thresholds and weight settings.
 */

/** The reading intervals of the rule form (Day, Week, Month). */
export const readingIntervals = (db: Db) =>
  db.selectFrom('reading_intervals').selectAll().orderBy('interval_id').execute();

/** Every vital with its device type and the maximum of its slider. */
export async function allVitals(db: Db) {
  const rows = await db
    .selectFrom('vitals')
    .innerJoin('device_types', 'device_types.device_type_id', 'vitals.device_type_id')
    .select([
      'vitals.vital_id',
      'vitals.vital_type',
      'vitals.unit',
      'vitals.device_type_id',
      'device_types.device_type',
    ])
    .orderBy('vitals.vital_id')
    .execute();
  return rows.map((r) => ({ ...r, slider_max: sliderMax(vitalKind(r.vital_type)) }));
}

/**
 * Each vital of a payload is one of `known`, given once, with bounds as the threshold rules of 001 §5 leave them;
 * 400 naming `vitals.N.<field>` otherwise.
 */
export function assertVitalBounds(
  known: readonly { vital_id: number; vital_type: string }[],
  vitals: readonly (Thresholds & { vital_id: number })[],
  unknown: (vitalId: number) => string,
): void {
  const seen = new Set<number>();
  for (const [n, vital] of vitals.entries()) {
    const meta = known.find((k) => k.vital_id === vital.vital_id);
    if (!meta) throw invalid(unknown(vital.vital_id), `vitals.${n}.vital_id`);
    if (seen.has(vital.vital_id))
      throw invalid(`Vital ${vital.vital_id} is given twice.`, `vitals.${n}.vital_id`);
    seen.add(vital.vital_id);
    const problem = thresholdProblem(vital, vitalKind(meta.vital_type));
    if (problem) throw invalid(`${meta.vital_type}: ${problem.message}`, `vitals.${n}.${problem.field}`);
  }
}

/** The vitals of a device type; 400 naming `device_type_id` when it has none. */
async function deviceTypeVitals(db: Db, deviceTypeId: number) {
  const vitals = await db
    .selectFrom('vitals')
    .select(['vital_id', 'vital_type', 'unit', 'device_type_id'])
    .where('device_type_id', '=', deviceTypeId)
    .orderBy('vital_id')
    .execute();
  if (vitals.length === 0) throw invalid(`Device type ${deviceTypeId} has no vitals.`, 'device_type_id');
  return vitals;
}

/**
 * The default bounds of a device type's vitals for a role: the caller's own Notification Defaults, else the role's,
 * else the protocol's ({@link protocolBounds}: the patient's organisation's, else role 5's), else the spec's; each
 * says where it came from. Role 5's own rows are the protocol, so an organisation's protocol replaces them. 400 for
 * an unknown role or a device type without vitals.
 */
export async function vitalDefaults(
  db: Db,
  userId: number,
  roleId: number,
  deviceTypeId: number,
  organizationId: number | null = null,
) {
  const role = await db
    .selectFrom('roles')
    .select('role_id')
    .where('role_id', '=', roleId)
    .executeTakeFirst();
  if (!role) throw invalid(`Role ${roleId} does not exist.`, 'role_id');
  const vitals = await deviceTypeVitals(db, deviceTypeId);
  const ids = vitals.map((v) => v.vital_id);
  const mine = await db
    .selectFrom('user_vital_defaults')
    .selectAll()
    .where('user_id', '=', userId)
    .where('vital_id', 'in', ids)
    .execute();
  const protocol = await protocolBounds(db, organizationId, ids);
  const stored =
    roleId === PROTOCOL_ROLE_ID && protocol.own
      ? []
      : await db
          .selectFrom('vital_defaults')
          .selectAll()
          .where('role_id', '=', roleId)
          .where('vital_id', 'in', ids)
          .execute();
  return vitals.map((v) => {
    const user = mine.find((s) => s.vital_id === v.vital_id);
    const own = stored.find((s) => s.vital_id === v.vital_id);
    const fallback = protocolOrSpec(v, protocol.bounds);
    const bounds = user ?? own ?? fallback.bounds;
    return {
      ...v,
      fk_vital_id: v.vital_id,
      critical_low: bounds.critical_low,
      abnormal_low: bounds.abnormal_low,
      abnormal_high: bounds.abnormal_high,
      critical_high: bounds.critical_high,
      source: user ? ('user' as const) : own ? ('role' as const) : fallback.source,
    };
  });
}

/**
 * Saves the user's own Notification Defaults for a device type's vitals (000 §6.2): 403 unless 000 §6.2 shows the
 * user the page; each vital must be the device type's, once, and pass the threshold rules of 001 §5 (400 naming
 * `vitals.N.<field>`). The device type's rows are replaced, in one transaction with the audit row.
 */
export async function saveNotificationDefaults(
  db: Db,
  actor: AuditActor,
  roleid: readonly number[],
  body: CallBody<typeof updateVitalsDefaults>,
): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['is_dentist', 'is_sleeplab_user'])
    .where('user_id', '=', actor.userId)
    .executeTakeFirstOrThrow();
  const flags = {
    is_dentist: user.is_dentist ? 1 : 0,
    is_sleeplab_user: user.is_sleeplab_user ? 1 : 0,
  } as const;
  if (!seesNotificationDefaults({ roleid: [...roleid], ...flags }))
    throw forbidden('You do not have access to Notification Defaults.');
  const vitals = await deviceTypeVitals(db, body.device_type_id);
  assertVitalBounds(
    vitals,
    body.vitals,
    (id) => `Vital ${id} is not a vital of device type ${body.device_type_id}.`,
  );
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('user_vital_defaults')
      .where('user_id', '=', actor.userId)
      .where(
        'vital_id',
        'in',
        vitals.map((v) => v.vital_id),
      )
      .execute();
    await trx
      .insertInto('user_vital_defaults')
      .values(
        body.vitals.map((v) => ({
          user_id: actor.userId,
          vital_id: v.vital_id,
          critical_low: v.critical_low,
          abnormal_low: v.abnormal_low,
          abnormal_high: v.abnormal_high,
          critical_high: v.critical_high,
          updated_at: actor.at,
        })),
      )
      .execute();
    await audit(trx, {
      ...actor,
      action: 'set_notification_defaults',
      entity: 'user',
      entityId: actor.userId,
      detail: { device_type_id: body.device_type_id, vitals: body.vitals },
    });
  });
}

/**
 * Replaces the patient's bounds per vital (each as the threshold rules of 001 §5 leave them, 400 naming
 * `vitals.N.<bound>` otherwise) and weight settings, in one transaction with the audit row.
 */
export async function setVitalConfiguration(
  db: Db,
  actor: AuditActor,
  body: CallBody<typeof addVitalConfigurations>,
): Promise<void> {
  const known = await db.selectFrom('vitals').select(['vital_id', 'vital_type']).execute();
  assertVitalBounds(known, body.vitals, (id) => `Vital ${id} does not exist.`);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('patient_vital_thresholds').where('patient_id', '=', body.patient_id).execute();
    if (body.vitals.length > 0)
      await trx
        .insertInto('patient_vital_thresholds')
        .values(
          body.vitals.map((v) => ({
            patient_id: body.patient_id,
            vital_id: v.vital_id,
            critical_low: v.critical_low,
            abnormal_low: v.abnormal_low,
            abnormal_high: v.abnormal_high,
            critical_high: v.critical_high,
            updated_by: actor.userId,
            updated_at: actor.at,
          })),
        )
        .execute();
    if (body.weight) {
      const row = { ...body.weight, updated_by: actor.userId, updated_at: actor.at };
      await trx
        .insertInto('patient_weight_settings')
        .values({ patient_id: body.patient_id, ...row })
        .onConflict((oc) => oc.column('patient_id').doUpdateSet(row))
        .execute();
    } else {
      await trx.deleteFrom('patient_weight_settings').where('patient_id', '=', body.patient_id).execute();
    }
    await audit(trx, {
      ...actor,
      action: 'set_vital_configuration',
      entity: 'patient',
      entityId: body.patient_id,
      detail: { vitals: body.vitals, weight: body.weight },
    });
  });
}
