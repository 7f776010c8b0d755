import type { NotificationNewPayload } from '@rpm/shared';
import escapeHtml from 'escape-html';
import type { Db } from '../../db/schema.js';
import { careTeam } from '../care-team.js';
import type { PendingPush } from '../raise.js';
import { type AlertPlace, deviceTypeIcon, insertAlerts, insertNotifications } from './alert-store.js';
import type { AlertFinding } from './evaluate.js';

/**
 * The intake's notify step: findings become alerts, a bell notification per care-team member, and pushes made after
 * the commit, when a client fetching the bell finds the rows.
 */

/** An alert as the intake answers it. */
export interface RaisedAlert {
  readonly alert_id: number;
  readonly reading_id: number;
  readonly vital_type: string;
  readonly level: 'abnormal' | 'critical';
  readonly direction: 'low' | 'high';
}

/** What {@link recordAlerts} needs about the measurement. */
export interface AlertContext extends AlertPlace {
  readonly patientName: string;
  readonly deviceTypeId: number;
}

/** The bell's text (000 §2.8): the patient's name in bold, then the findings, all escaped. */
export function notificationHtml(patientName: string, findings: readonly AlertFinding[]): string {
  return `<b>${escapeHtml(patientName)}</b> ${findings.map((f) => escapeHtml(f.text)).join('; ')}`;
}

/** The live pushes of bell notification rows (000 §2.8 NOTIFICATION::NEW), one per user. */
export function bellPushes(
  rows: readonly { notification_id: number; user_id: number; created_at: Date }[],
  patientId: number,
  icon: string | null,
  html: string,
): PendingPush[] {
  return rows.map((row) => ({
    userId: row.user_id,
    payload: {
      notification_id: row.notification_id,
      fk_patient_id: patientId,
      device_type_icon: icon,
      notification_message: html,
      created_at: row.created_at.toISOString(),
      is_read: 0,
    } satisfies NotificationNewPayload,
  }));
}

/** Stores the findings as alerts and, for new ones, a bell notification per care-team member (in the transaction). */
export async function recordAlerts(
  trx: Db,
  ctx: AlertContext,
  findings: readonly AlertFinding[],
): Promise<{ alerts: RaisedAlert[]; pushes: PendingPush[] }> {
  if (findings.length === 0) return { alerts: [], pushes: [] };
  const inserted = await insertAlerts(trx, ctx, findings);
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
  const html = notificationHtml(
    ctx.patientName,
    findings.filter((f) => raised.has(f.reading_id)),
  );
  const team = await careTeam(trx, ctx.patientId);
  if (team.length === 0) return { alerts, pushes: [] };
  const icon = await deviceTypeIcon(trx, ctx.deviceTypeId);
  const userIds = team.map((member) => member.user_id);
  const rows = await insertNotifications(
    trx,
    { patientId: ctx.patientId, deviceTypeId: ctx.deviceTypeId, html, now: ctx.now },
    userIds,
  );
  const pushes = bellPushes(rows, ctx.patientId, icon, html);
  pushes.push({ alertsOf: ctx.patientId, userIds });
  return { alerts, pushes };
}
