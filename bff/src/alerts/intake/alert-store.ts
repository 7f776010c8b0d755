import type { Db } from '../../db/schema.js';
import type { AlertFinding, Suppression, SuppressionOutcome } from './evaluate.js';

/** The intake's SQL of alerts and bell notifications; notify.ts decides what they say and to whom. */

/** Where the alerts of one measurement belong. */
export interface AlertPlace {
  readonly patientId: number;
  readonly ruleId: number | null;
  readonly takenAt: Date;
  readonly now: Date;
}

/** Inserts one alert per finding; a reading already alerted is skipped, so a redelivery never raises it again. */
export async function insertAlerts(
  trx: Db,
  at: AlertPlace,
  findings: readonly AlertFinding[],
): Promise<{ alert_id: number; reading_id: number }[]> {
  return trx
    .insertInto('alerts')
    .values(
      findings.map((f) => ({
        patient_id: at.patientId,
        reading_id: f.reading_id,
        notification_rule_id: at.ruleId,
        vital_id: f.vital_id,
        level: f.level,
        direction: f.direction,
        value: f.value,
        bound: f.bound,
        taken_at: at.takenAt,
        created_at: at.now,
      })),
    )
    .onConflict((oc) => oc.column('reading_id').doNothing())
    .returning(['alert_id', 'reading_id'])
    .execute();
}

/** A device type's icon (000 §2.8: the bell shows it), or null. */
export async function deviceTypeIcon(trx: Db, deviceTypeId: number): Promise<string | null> {
  const row = await trx
    .selectFrom('device_types')
    .select('icon')
    .where('device_type_id', '=', deviceTypeId)
    .executeTakeFirst();
  return row?.icon ?? null;
}

/** Inserts one bell notification per user with the same message; returns the rows inserted. */
export async function insertNotifications(
  trx: Db,
  note: { patientId: number; deviceTypeId: number; html: string; now: Date },
  userIds: readonly number[],
): Promise<{ notification_id: number; user_id: number; created_at: Date }[]> {
  return trx
    .insertInto('notifications')
    .values(
      userIds.map((userId) => ({
        user_id: userId,
        patient_id: note.patientId,
        device_type_id: note.deviceTypeId,
        notification_message: note.html,
        created_by: null,
        created_at: note.now,
      })),
    )
    .returning(['notification_id', 'user_id', 'created_at'])
    .execute();
}

/** The suppressions of a patient's rule (decisions.md "Re-alert suppression"): one probe of the primary key. */
export function suppressionsOf(trx: Db, patientId: number, ruleId: number): Promise<Suppression[]> {
  return trx
    .selectFrom('alert_suppressions')
    .select(['vital_id', 'direction', 'level', 'alert_id'])
    .where('patient_id', '=', patientId)
    .where('notification_rule_id', '=', ruleId)
    .execute();
}

/** Marks the held readings and removes the suppressions a reading ended. */
export async function recordSuppression(
  trx: Db,
  at: AlertPlace & { readonly ruleId: number },
  outcome: SuppressionOutcome,
): Promise<void> {
  if (outcome.held.length > 0)
    await trx
      .insertInto('suppressed_readings')
      .values(outcome.held.map((h) => ({ ...h, created_at: at.now })))
      .onConflict((oc) => oc.column('reading_id').doNothing())
      .execute();
  for (const s of outcome.cleared)
    await trx
      .deleteFrom('alert_suppressions')
      .where('patient_id', '=', at.patientId)
      .where('notification_rule_id', '=', at.ruleId)
      .where('vital_id', '=', s.vital_id)
      .where('direction', '=', s.direction)
      .execute();
}

/** Marks readings a snooze held (decisions.md "Alert snooze"); a redelivered reading is marked once. */
export async function recordSnoozed(
  trx: Db,
  now: Date,
  held: readonly { reading_id: number; snooze_id: number }[],
): Promise<void> {
  if (held.length === 0) return;
  await trx
    .insertInto('suppressed_readings')
    .values(held.map((h) => ({ ...h, alert_id: null, created_at: now })))
    .onConflict((oc) => oc.column('reading_id').doNothing())
    .execute();
}
