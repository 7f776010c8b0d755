import type { NotificationNewPayload } from '@rpm/shared';
import escapeHtml from 'escape-html';
import type { Db } from '../db/schema.js';
import type { Hub } from '../hub/hub.js';
import { careTeam } from './care-team.js';
import type { AlertFinding } from './evaluate.js';

/** An alert as the intake answers it. */
export interface RaisedAlert {
  readonly alert_id: number;
  readonly reading_id: number;
  readonly vital_type: string;
  readonly level: 'abnormal' | 'critical';
  readonly direction: 'low' | 'high';
}

/**
 * A push to make after the commit: a bell notification to one user, or word to a patient's care team that the
 * patient's alerts changed (hub ALERTS::CHANGED).
 */
export type PendingPush =
  | { readonly userId: number; readonly payload: NotificationNewPayload }
  | { readonly alertsOf: number; readonly userIds: readonly number[] };

/** The ALERTS::CHANGED push of a patient to its care team (none without a team). */
export async function alertsChangedPush(db: Db, patientId: number): Promise<PendingPush[]> {
  const team = await careTeam(db, patientId);
  return team.length === 0 ? [] : [{ alertsOf: patientId, userIds: team.map((member) => member.user_id) }];
}

/** What {@link recordAlerts} needs about the measurement. */
export interface AlertContext {
  readonly patientId: number;
  readonly patientName: string;
  readonly deviceTypeId: number;
  readonly ruleId: number | null;
  readonly takenAt: Date;
  readonly now: Date;
}

/**
 * Stores the findings as alerts (one per reading: a reading already alerted is skipped, so a redelivery or an
 * acknowledged alert is never raised again) and one bell notification per care-team member for the
 * measurement (000 §2.8: HTML with the patient's name in bold, the device type's icon). Call it inside the
 * intake's transaction; push the returned notifications with {@link pushAll} after the commit, so a client that
 * fetches the bell on the push finds the rows.
 */
export async function recordAlerts(
  trx: Db,
  ctx: AlertContext,
  findings: readonly AlertFinding[],
): Promise<{ alerts: RaisedAlert[]; pushes: PendingPush[] }> {
  if (findings.length === 0) return { alerts: [], pushes: [] };
  const inserted = await trx
    .insertInto('alerts')
    .values(
      findings.map((f) => ({
        patient_id: ctx.patientId,
        reading_id: f.reading_id,
        notification_rule_id: ctx.ruleId,
        vital_id: f.vital_id,
        level: f.level,
        direction: f.direction,
        value: f.value,
        bound: f.bound,
        taken_at: ctx.takenAt,
        created_at: ctx.now,
      })),
    )
    .onConflict((oc) => oc.column('reading_id').doNothing())
    .returning(['alert_id', 'reading_id'])
    .execute();
  if (inserted.length === 0) return { alerts: [], pushes: [] };
  const byReading = new Map(findings.map((f) => [f.reading_id, f]));
  const alerts = inserted.map((row) => {
    const f = byReading.get(row.reading_id) as AlertFinding;
    return {
      alert_id: row.alert_id,
      reading_id: row.reading_id,
      vital_type: f.vital_type,
      level: f.level,
      direction: f.direction,
    };
  });
  const raised = new Set(inserted.map((row) => row.reading_id));
  const texts = findings.filter((f) => raised.has(f.reading_id)).map((f) => escapeHtml(f.text));
  const html = `<b>${escapeHtml(ctx.patientName)}</b> ${texts.join('; ')}`;
  const team = await careTeam(trx, ctx.patientId);
  if (team.length === 0) return { alerts, pushes: [] };
  const icon = await trx
    .selectFrom('device_types')
    .select('icon')
    .where('device_type_id', '=', ctx.deviceTypeId)
    .executeTakeFirst();
  const rows = await trx
    .insertInto('notifications')
    .values(
      team.map((member) => ({
        user_id: member.user_id,
        patient_id: ctx.patientId,
        device_type_id: ctx.deviceTypeId,
        notification_message: html,
        created_by: null,
        created_at: ctx.now,
      })),
    )
    .returning(['notification_id', 'user_id', 'created_at'])
    .execute();
  const pushes: PendingPush[] = rows.map((row) => ({
    userId: row.user_id,
    payload: {
      notification_id: row.notification_id,
      fk_patient_id: ctx.patientId,
      device_type_icon: icon?.icon ?? null,
      notification_message: html,
      created_at: row.created_at.toISOString(),
      is_read: 0 as const,
    },
  }));
  pushes.push({ alertsOf: ctx.patientId, userIds: team.map((member) => member.user_id) });
  return { alerts, pushes };
}

/** Pushes to the users' open clients (hub rooms; every replica with the Redis adapter). */
export function pushAll(hub: Hub, pushes: readonly PendingPush[]): void {
  for (const push of pushes) {
    if ('payload' in push) hub.notifyUser(push.userId, push.payload);
    else hub.alertsChanged(push.userIds, push.alertsOf);
  }
}
