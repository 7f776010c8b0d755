import type { TIMER_PROGRAMS } from '@rpm/shared';
import { sql } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import { recordTimeLogs } from '../billing/summary.js';
import type { Db } from '../db/schema.js';
import { type DomainError, invalid, notFound } from '../domain-errors.js';
import type { PatientScope } from '../scope.js';
import { alertsChangedPush, type PendingPush } from './raise.js';
import { alertsWithPatients } from './worklist-store.js';

/** Acknowledging alerts (000 §2.4 'Monitoring Table'; 001 §2.2 Alerts tab): shared by the worklist and the chart. */

/**
 * The refusal of an alert id that is unknown or outside where the caller may acknowledge (one answer for both: no
 * oracle): 404 on the worklist; 400 naming the id's position on the chart's Alerts tab, which names this patient.
 */
function unknownAlert(alertId: number, index: number, patientId: number | undefined): DomainError {
  return patientId === undefined
    ? notFound(`Alert ${alertId} does not exist or is not one you can acknowledge.`, 'alert_id')
    : invalid(`Alert ${alertId} is not an alert of this patient.`, `alert_id.${index}`);
}

/**
 * Re-alert suppression (decisions.md): each acknowledged alert of a rule holds that rule's further readings of its
 * vital and direction, at its level or below, until one comes back in range (intake/write.ts). Several alerts of one
 * vital and direction keep the highest level. None is set when a later reading of the vital did not raise an alert
 * that way on the rule's device: the vital came back since, so the rule stays armed.
 */
async function holdFurtherReadings(trx: Db, alertIds: readonly number[], now: Date): Promise<void> {
  if (alertIds.length === 0) return;
  await sql`insert into alert_suppressions (patient_id, notification_rule_id, vital_id, direction, level, alert_id,
      created_at)
    select distinct on (a.patient_id, a.notification_rule_id, a.vital_id, a.direction)
      a.patient_id, a.notification_rule_id, a.vital_id, a.direction, a.level, a.alert_id, ${now}
    from alerts a
    join notification_rules nr on nr.notification_rule_id = a.notification_rule_id
    where a.alert_id = any(${[...alertIds]}::integer[])
      and not exists (select 1 from readings r
        where r.device_assign_id = nr.device_assign_id and r.vital_id = a.vital_id and r.taken_at > a.taken_at
          and not exists (select 1 from alerts later where later.reading_id = r.reading_id
            and later.direction = a.direction)
          and not exists (select 1 from suppressed_readings h where h.reading_id = r.reading_id))
    order by a.patient_id, a.notification_rule_id, a.vital_id, a.direction, (a.level = 'critical') desc,
      a.taken_at desc
    on conflict (patient_id, notification_rule_id, vital_id, direction) do update set
      level = case when alert_suppressions.level = 'critical' then 'critical' else excluded.level end,
      alert_id = excluded.alert_id, created_at = excluded.created_at`.execute(trx);
}

/** What {@link acknowledgeAlerts} acknowledges, and who does it. */
export interface Acknowledgement {
  readonly alertIds: readonly number[];
  /** Only alerts of patients in this scope. */
  readonly scope: PatientScope;
  /** Only alerts of this patient (the chart's Alerts tab). */
  readonly patientId?: number;
  /** Required wherever alerts are acknowledged (shared/src/api/alert-policy.ts). */
  readonly note: string;
  /** Minutes of care to log for each patient with a newly acknowledged alert, to `program`. */
  readonly minutes?: number | undefined;
  readonly program: (typeof TIMER_PROGRAMS)[number];
  /** The audit row's who, from where, when (route-helpers.ts actor). */
  readonly actor: AuditActor;
}

/**
 * Acknowledges alerts in one transaction with an audit row per patient; one unknown or foreign id writes nothing,
 * and alerts already acknowledged are left uncounted. Minutes go through recordTimeLogs, as the chart's timer does.
 * Answers the count and the pushes (ALERTS::CHANGED) to make after the commit.
 */
export async function acknowledgeAlerts(
  db: Db,
  ack: Acknowledgement,
): Promise<{ acknowledged: number; pushes: PendingPush[] }> {
  const ids = [...new Set(ack.alertIds)];
  const now = ack.actor.at;
  const result = await db.transaction().execute(async (trx) => {
    let q = alertsWithPatients(trx)
      .select(['al.alert_id', 'al.patient_id'])
      .where('al.alert_id', 'in', ids)
      .where(ack.scope.visible('p'));
    if (ack.patientId !== undefined) q = q.where('al.patient_id', '=', ack.patientId);
    // Locked: a concurrent acknowledgement waits, then finds the alert acknowledged and leaves it.
    const found = new Map((await q.forUpdate('al').execute()).map((a) => [a.alert_id, a.patient_id]));
    for (const [index, id] of ack.alertIds.entries())
      if (!found.has(id)) throw unknownAlert(id, index, ack.patientId);
    const updated = await trx
      .updateTable('alerts')
      .set({ acknowledged_at: now, acknowledged_by: ack.actor.userId, acknowledge_note: ack.note })
      .where('alert_id', 'in', ids)
      .where('acknowledged_at', 'is', null)
      .returning(['alert_id', 'patient_id'])
      .execute();
    await holdFurtherReadings(
      trx,
      updated.map((a) => a.alert_id),
      now,
    );
    const patients = [...new Set(found.values())].sort((a, b) => a - b);
    const changed = [...new Set(updated.map((a) => a.patient_id))].sort((a, b) => a - b);
    // Minutes only against patients with a newly acknowledged alert, so a repeated request (a double click, a retry)
    // bills nothing twice (decisions.md "Worklist minutes and audit").
    if (ack.minutes !== undefined && changed.length > 0)
      await recordTimeLogs(
        trx,
        changed.map((patientId) => ({
          patient_id: patientId,
          user_id: ack.actor.userId,
          program: ack.program,
          seconds: (ack.minutes as number) * 60,
          logged_at: now,
          note: ack.note,
        })),
      );
    for (const patientId of patients) {
      const mine = updated.filter((a) => a.patient_id === patientId).map((a) => a.alert_id);
      const asked = ids.filter((id) => found.get(id) === patientId).length;
      await audit(trx, {
        ...ack.actor,
        action: 'acknowledge_alerts',
        entity: 'patient',
        entityId: patientId,
        detail: {
          alerts: mine,
          already: asked - mine.length,
          note: ack.note,
          ...(ack.minutes !== undefined && mine.length > 0
            ? { minutes: ack.minutes, program: ack.program }
            : {}),
        },
      });
    }
    return { acknowledged: updated.length, changed };
  });
  const pushes = (await Promise.all(result.changed.map((id) => alertsChangedPush(db, id)))).flat();
  return { acknowledged: result.acknowledged, pushes };
}
