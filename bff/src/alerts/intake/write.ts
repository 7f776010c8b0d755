import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { runningSnoozes } from '../../rules/snooze-store.js';
import type { PendingPush } from '../raise.js';
import { recordSnoozed, recordSuppression, suppressionsOf } from './alert-store.js';
import {
  applySnoozes,
  applySuppressions,
  evaluateMeasurement,
  judgedVitals,
  type MeasuredValue,
  ruleBounds,
  weightOf,
} from './evaluate.js';
import { type RaisedAlert, recordAlerts } from './notify.js';
import type { DeviceError, Measurement } from './parse.js';
import { IntakeRefusal } from './refusal.js';
import {
  firstDelivery,
  type IngestAudit,
  insertIngestAudits,
  openDeviceTask,
  type Placement,
  placeMeasurements,
  storeReadings,
  weightBaseline,
} from './store.js';

/** One batch's transaction of the intake: stores and audits new measurements, raises alerts, opens device tasks. */

/** The intake's answer to one measurement. */
export interface IntakeAnswer {
  readonly reading_ids: number[];
  readonly duplicate: boolean;
  readonly alerts: RaisedAlert[];
  readonly device_errors: DeviceError[];
  readonly device_task_id: number | null;
}

/** A measurement's answer, or why it was refused. */
export type Outcome = IntakeAnswer | IntakeRefusal;

/** A measurement with the assignment it belongs to. */
interface Placed {
  readonly item: Measurement;
  readonly at: Placement;
  readonly patientId: number;
  readonly deviceAssignId: number;
}

/** Writes the checked measurements of a batch in one transaction; returns each one's outcome. */
export async function writeBatch(
  trx: Transaction<Database>,
  items: readonly Measurement[],
  now: Date,
): Promise<{ outcomes: Map<number, Outcome>; pushes: PendingPush[] }> {
  const outcomes = new Map<number, Outcome>();
  const rows = await placeMeasurements(trx, items, now);
  // New measurements: the first of the batch for its device and time with a message recorded now.
  const fresh: Placed[] = [];
  const again: Placed[] = [];
  const firstOf = new Set<string>();
  for (const [n, item] of items.entries()) {
    const at = rows[n];
    if (!at || at.device_assign_id === null || at.patient_id === null) {
      const why = 'The device was not assigned to a patient at taken_at.';
      outcomes.set(item.index, new IntakeRefusal('not_assigned', why, 'taken_at'));
      continue;
    }
    const placed = { item, at, patientId: at.patient_id, deviceAssignId: at.device_assign_id };
    const key = `${item.inventoryId}|${item.takenAt}`;
    if (at.message_id !== null && !firstOf.has(key)) {
      firstOf.add(key);
      fresh.push(placed);
    } else again.push(placed);
  }

  const readingIds = await storeReadings(trx, fresh);
  const pushes: PendingPush[] = [];
  const audits: IngestAudit[] = [];
  let next = 0;
  for (const placed of fresh) {
    const { item, at, patientId } = placed;
    const ids = readingIds.slice(next, next + item.values.length);
    next += item.values.length;
    const raised = await raiseAlerts(trx, placed, ids, now);
    pushes.push(...raised.pushes);
    audits.push({
      at: now,
      inventoryId: item.inventoryId,
      ip: item.ip,
      detail: {
        key_id: item.keyId,
        message_id: at.message_id,
        patient_id: patientId,
        readings: ids,
        alerts: raised.alerts.map((a) => a.alert_id),
        // Readings an acknowledged alert held (decisions.md "Re-alert suppression").
        ...(raised.held.length > 0 ? { held: raised.held } : {}),
        // Readings a snooze held (decisions.md "Alert snooze").
        ...(raised.snoozed.length > 0 ? { snoozed: raised.snoozed } : {}),
      },
    });
    const deviceTaskId =
      item.deviceErrors.length > 0
        ? await openDeviceTask(trx, { patientId, item, messageId: at.message_id as number, now })
        : null;
    outcomes.set(item.index, {
      reading_ids: ids,
      duplicate: false,
      alerts: raised.alerts,
      device_errors: [...item.deviceErrors],
      device_task_id: deviceTaskId,
    });
  }
  // Every stored measurement's audit row, in the same transaction.
  await insertIngestAudits(trx, audits);

  for (const { item, deviceAssignId } of again)
    outcomes.set(item.index, await duplicate(trx, item, deviceAssignId));
  return { outcomes, pushes };
}

/** Evaluates a new measurement against the rule in force, if any, and records what it finds. */
async function raiseAlerts(
  trx: Transaction<Database>,
  { item, at, patientId }: Placed,
  readingIds: readonly number[],
  now: Date,
): Promise<{ alerts: RaisedAlert[]; pushes: PendingPush[]; held: number[]; snoozed: number[] }> {
  if (at.notification_rule_id === null) return { alerts: [], pushes: [], held: [], snoozed: [] };
  const measured: MeasuredValue[] = item.values.map((v, n) => ({
    ...v,
    reading_id: readingIds[n] as number,
  }));
  const weight = weightOf(measured);
  const baseline = weight
    ? await weightBaseline(trx, patientId, weight.vital_id, new Date(item.takenAt))
    : null;
  const rule = ruleBounds(at.vitals, at.gain, at.loss);
  const findings = evaluateMeasurement(measured, rule, baseline);
  const place = { patientId, ruleId: at.notification_rule_id, takenAt: new Date(item.takenAt), now };
  // Re-alert suppression (decisions.md): acknowledged alerts hold their rule's further readings until back in range.
  const suppressions = await suppressionsOf(trx, patientId, at.notification_rule_id);
  const outcome = applySuppressions(findings, judgedVitals(measured, rule, baseline), suppressions);
  await recordSuppression(trx, place, outcome);
  // Snoozed abnormal bounds hold what is left (decisions.md "Alert snooze"); critical findings always raise.
  const snoozed = applySnoozes(outcome.raise, await runningSnoozes(trx, at.notification_rule_id, now));
  await recordSnoozed(trx, now, snoozed.held);
  const raised = await recordAlerts(
    trx,
    {
      ...place,
      patientName: `${at.firstname ?? ''} ${at.lastname ?? ''}`.trim(),
      deviceTypeId: item.deviceTypeId,
    },
    snoozed.raise,
  );
  return {
    ...raised,
    held: outcome.held.map((h) => h.reading_id),
    snoozed: snoozed.held.map((h) => h.reading_id),
  };
}

/** The answer to a measurement received before: the first delivery's readings and alerts; other values conflict. */
async function duplicate(
  trx: Transaction<Database>,
  item: Measurement,
  deviceAssignId: number,
): Promise<Outcome> {
  const first = await firstDelivery(trx, item.inventoryId, new Date(item.takenAt), deviceAssignId);
  if (first.payload_hash !== item.payloadHash)
    return new IntakeRefusal(
      'conflict',
      'A measurement of this device at this time was already received with other values.',
      'taken_at',
    );
  return {
    reading_ids: first.readingIds,
    duplicate: true,
    alerts: first.alerts,
    device_errors: [...item.deviceErrors],
    device_task_id: first.device_task_id,
  };
}
