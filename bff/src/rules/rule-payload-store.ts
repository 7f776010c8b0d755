import {
  type AddRuleBody,
  MSG,
  RULE_DEFAULT_END_DATE,
  type Thresholds,
  thresholdProblem,
  vitalKind,
  WEIGHT_DEVICE_TYPE_ID,
} from '@rpm/shared';
import type { Db } from '../db/schema.js';
import { invalid } from '../domain-errors.js';
import { earliestTodayDay } from '../picker-days.js';

/**
 * The checks of a rule's add and edit payloads that need the database (001 §3, §5): the interval, the device's
 * current assignment, the vitals block. The contract checked the shapes and the dates' order already.
 */

/** Dates a rule is set to now: not before {@link earliestTodayDay}, the end no later than 12/31/2099. */
export function checkEndDate(end: string, now: Date, message: string): void {
  if (end < earliestTodayDay(now) || end > RULE_DEFAULT_END_DATE) throw invalid(message, 'end_date');
}

/** One vital's bounds as sent, after its checks. */
export interface CheckedVital extends Thresholds {
  readonly vital_id: number;
}

/**
 * The vitals block of a rule for a device type (001 §2.2, §5): a weight device (type 2) has no monitoring levels,
 * so it takes no vitals and needs gain and loss above 0; every other device needs bounds for each of its vitals,
 * once, each as the threshold auto-correction leaves them (400 naming `vitals.N.<bound>` otherwise).
 */
async function checkRuleVitals(
  db: Db,
  deviceTypeId: number,
  vitals: readonly (Thresholds & { vital_id: number })[],
  weight: { gain: number | null | undefined; loss: number | null | undefined },
): Promise<{ vitals: CheckedVital[]; gain: number | null; loss: number | null }> {
  if (deviceTypeId === WEIGHT_DEVICE_TYPE_ID) {
    if (vitals.length > 0)
      throw invalid('A weight device has no monitoring levels: use gain and loss.', 'vitals');
    if (weight.gain == null) throw invalid('Weight gain must be greater than 0', 'gain');
    if (weight.loss == null) throw invalid('Weight loss must be greater than 0', 'loss');
    return { vitals: [], gain: weight.gain, loss: weight.loss };
  }
  const known = await db
    .selectFrom('vitals')
    .select(['vital_id', 'vital_type'])
    .where('device_type_id', '=', deviceTypeId)
    .orderBy('vital_id')
    .execute();
  const seen = new Set<number>();
  for (const [n, vital] of vitals.entries()) {
    const meta = known.find((k) => k.vital_id === vital.vital_id);
    if (!meta)
      throw invalid(`Vital ${vital.vital_id} is not measured by this device.`, `vitals.${n}.vital_id`);
    if (seen.has(vital.vital_id))
      throw invalid(`Vital ${vital.vital_id} is given twice.`, `vitals.${n}.vital_id`);
    seen.add(vital.vital_id);
    const problem = thresholdProblem(vital, vitalKind(meta.vital_type));
    if (problem) throw invalid(`${meta.vital_type}: ${problem.message}`, `vitals.${n}.${problem.field}`);
  }
  const missing = known.filter((k) => !seen.has(k.vital_id));
  if (missing.length > 0)
    throw invalid(`Bounds are missing for ${missing.map((k) => k.vital_type).join(', ')}.`, 'vitals');
  return {
    vitals: vitals.map(({ vital_id, critical_low, abnormal_low, abnormal_high, critical_high }) => ({
      vital_id,
      critical_low,
      abnormal_low,
      abnormal_high,
      critical_high,
    })),
    gain: null,
    loss: null,
  };
}

/**
 * Checks an add or edit payload against the database; answers the device's current assignment and the checked
 * vitals. `startChanged`/`endChanged`: an edit keeps a locked start date in the past (001 §4 edit mode).
 */
export async function checkRulePayload(
  db: Db,
  body: AddRuleBody,
  now: Date,
  changed: { readonly start: boolean; readonly end: boolean },
) {
  if (changed.start && body.start_date < earliestTodayDay(now))
    throw invalid(MSG.invalidStartDate, 'start_date');
  if (changed.end) checkEndDate(body.end_date, now, MSG.invalidEndDate);
  const interval = await db
    .selectFrom('reading_intervals')
    .select('interval_id')
    .where('interval_id', '=', body.interval_id)
    .executeTakeFirst();
  if (!interval) throw invalid(`Interval ${body.interval_id} does not exist.`, 'interval_id');
  // The current assignment of the device: it must be with this patient (a device of another patient is refused
  // without saying whose it is).
  const assignment = await db
    .selectFrom('device_assignments as a')
    .innerJoin('devices as d', 'd.inventory_id', 'a.inventory_id')
    .select(['a.device_assign_id', 'a.patient_id', 'd.device_type_id', 'd.device_name'])
    .where('a.inventory_id', '=', body.inventory_id)
    .where('a.unassigned_at', 'is', null)
    .executeTakeFirst();
  if (!assignment || assignment.patient_id !== body.user_id)
    throw invalid(`Device ${body.inventory_id} is not assigned to this patient.`, 'inventory_id');
  if (assignment.device_type_id !== body.device_type_id)
    throw invalid(`The device is of type ${assignment.device_type_id}.`, 'device_type_id');
  // The spec's payload carries one vital's bounds at the top level besides vitals[] (001 §3): taken as one
  // more entry unless vitals[] already has that vital.
  const vitals = [...body.vitals];
  if (body.vital_id !== undefined && !vitals.some((v) => v.vital_id === body.vital_id)) {
    if (body.critical_low === undefined || body.abnormal_low === undefined)
      throw invalid('The bounds of vital_id are missing.', 'critical_low');
    vitals.push({
      vital_id: body.vital_id,
      critical_low: body.critical_low,
      abnormal_low: body.abnormal_low,
      abnormal_high: body.abnormal_high ?? null,
      critical_high: body.critical_high ?? null,
    });
  }
  const checked = await checkRuleVitals(db, assignment.device_type_id, vitals, {
    gain: body.gain,
    loss: body.loss,
  });
  return { assignment, ...checked };
}
