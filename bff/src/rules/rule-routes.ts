import {
  type AddRuleBody,
  addNotificationRule,
  getMoreNotificationRuleData,
  getNotificationRules,
  isoDay,
  MSG,
  RULE_STATUS_FILTER,
  resumeRule,
  rulePreviousOf,
  terminateRule,
  updateNotificationRules,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../audit.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { HttpError } from '../http/errors.js';
import { actor, ownId } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import {
  assertNoOverlap,
  checkEndDate,
  checkRuleVitals,
  earliestRuleDay,
  latestTodayDay,
  loadRules,
  lockAssignment,
  ruleWithAccess,
  writeRuleVitals,
} from './rule-store.js';

/**
 * The notification-rule calls of the Alert Rules tab (001 §2.2, §3, §4, §5, §7 "Vitals and rules"); the vitals
 * calls are in vitals.ts.
 * Every write runs in one transaction with its audit row; a refused call writes nothing.
 */
export function ruleRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getNotificationRules, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.user_id, 'user_id');
    const status =
      query.status === RULE_STATUS_FILTER.active
        ? 1
        : query.status === RULE_STATUS_FILTER.inactive
          ? 2
          : undefined;
    const data = await loadRules(
      db,
      { patientId: query.user_id, ...(status ? { status } : {}) },
      { column: query.orderby, dir: query.order },
    );
    return { status: 1, data };
  });

  registerCall(app, deps, getMoreNotificationRuleData, async ({ query, auth }) => {
    await ruleWithAccess(db, auth, query.notification_rule_id);
    const [rule] = await loadRules(db, { ruleIds: [query.notification_rule_id] });
    if (!rule)
      throw new HttpError(404, `Rule ${query.notification_rule_id} does not exist.`, 'notification_rule_id');
    return { status: 1, data: rule };
  });

  /** Checks of the add and edit payloads that need the database; returns the device's assignment. */
  async function checkPayload(body: AddRuleBody, now: Date, startChanged: boolean, endChanged: boolean) {
    if (startChanged && body.start_date < earliestRuleDay(now))
      throw new HttpError(400, MSG.invalidStartDate, 'start_date');
    if (endChanged) checkEndDate(body.end_date, now, MSG.invalidEndDate);
    const interval = await db
      .selectFrom('reading_intervals')
      .select('interval_id')
      .where('interval_id', '=', body.interval_id)
      .executeTakeFirst();
    if (!interval) throw new HttpError(400, `Interval ${body.interval_id} does not exist.`, 'interval_id');
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
      throw new HttpError(
        400,
        `Device ${body.inventory_id} is not assigned to this patient.`,
        'inventory_id',
      );
    if (assignment.device_type_id !== body.device_type_id)
      throw new HttpError(400, `The device is of type ${assignment.device_type_id}.`, 'device_type_id');
    // The spec's payload carries one vital's bounds at the top level besides vitals[] (001 §3): taken as one
    // more entry unless vitals[] already has that vital.
    const vitals = [...body.vitals];
    if (body.vital_id !== undefined && !vitals.some((v) => v.vital_id === body.vital_id)) {
      if (body.critical_low === undefined || body.abnormal_low === undefined)
        throw new HttpError(400, 'The bounds of vital_id are missing.', 'critical_low');
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

  registerCall(app, deps, addNotificationRule, async ({ body, auth, req }) => {
    ownId(auth, body.created_by, 'created_by');
    await assertPatientAccess(db, auth, body.user_id, 'user_id');
    const now = clock.now();
    const { assignment, vitals, gain, loss } = await checkPayload(body, now, true, true);
    const ruleId = await db.transaction().execute(async (trx) => {
      await lockAssignment(trx, assignment.device_assign_id);
      if (body.status === 1)
        await assertNoOverlap(trx, assignment.device_assign_id, body.start_date, body.end_date, []);
      const row = await trx
        .insertInto('notification_rules')
        .values({
          patient_id: body.user_id,
          device_assign_id: assignment.device_assign_id,
          interval_id: body.interval_id,
          interval_count: body.interval,
          start_date: body.start_date,
          end_date: body.end_date,
          status: body.status,
          notification_mode: body.notification_mode,
          notification_note: body.notification_note,
          sms_miss: body.sms_miss,
          call_miss: body.call_miss,
          gain,
          loss,
          created_by: auth.userId,
          created_at: now,
          updated_by: auth.userId,
          updated_at: now,
        })
        .returning('notification_rule_id')
        .executeTakeFirstOrThrow();
      await writeRuleVitals(trx, row.notification_rule_id, vitals);
      await audit(trx, {
        ...actor(auth, req.ip, now),
        action: 'add_notification_rule',
        entity: 'notification_rule',
        entityId: row.notification_rule_id,
        detail: { patient_id: body.user_id, device: body.deviceName ?? assignment.device_name, vitals },
      });
      return row.notification_rule_id;
    });
    return { status: 1, message: MSG.addedSuccessfully, data: { notification_rule_id: ruleId } };
  });

  registerCall(app, deps, updateNotificationRules, async ({ body, auth, req }) => {
    ownId(auth, body.created_by, 'created_by');
    const rule = await ruleWithAccess(db, auth, body.notification_rule_id);
    if (body.user_id !== rule.patient_id)
      throw new HttpError(400, 'The rule belongs to another patient.', 'user_id');
    // 001 §4: in edit mode the device is read-only.
    if (body.inventory_id !== rule.inventory_id)
      throw new HttpError(400, 'The device of a rule cannot be changed.', 'inventory_id');
    if (body.status !== rule.status)
      throw new HttpError(400, "Use the rule's Status switch to switch it on or off.", 'status');
    const stored = rulePreviousOf({
      ...rule,
      start_date: isoDay(rule.start_date),
      end_date: isoDay(rule.end_date),
      interval: rule.interval_count,
      updated_at: rule.updated_at.toISOString(),
    });
    for (const [key, value] of Object.entries(body.previous)) {
      const same =
        key === 'updated_at'
          ? Date.parse(String(value)) === rule.updated_at.getTime()
          : value === stored[key as keyof typeof stored];
      if (!same)
        throw new HttpError(
          409,
          'This rule was changed by someone else since you opened it. Please reload.',
          `previous.${key}`,
        );
    }
    const now = clock.now();
    const startChanged = body.start_date !== stored.start_date;
    const endChanged = body.end_date !== stored.end_date;
    const { assignment, vitals, gain, loss } = await checkPayload(body, now, startChanged, endChanged);
    if (assignment.device_assign_id !== rule.device_assign_id)
      throw new HttpError(
        409,
        'The device was reassigned since this rule was made; add a new rule.',
        'inventory_id',
      );
    await db.transaction().execute(async (trx) => {
      await lockAssignment(trx, rule.device_assign_id);
      if (rule.status === 1)
        await assertNoOverlap(trx, rule.device_assign_id, body.start_date, body.end_date, [
          rule.notification_rule_id,
        ]);
      await trx
        .updateTable('notification_rules')
        .set({
          interval_id: body.interval_id,
          interval_count: body.interval,
          start_date: body.start_date,
          end_date: body.end_date,
          notification_mode: body.notification_mode,
          notification_note: body.notification_note,
          sms_miss: body.sms_miss,
          call_miss: body.call_miss,
          gain,
          loss,
          updated_by: auth.userId,
          updated_at: now,
        })
        .where('notification_rule_id', '=', rule.notification_rule_id)
        .execute();
      await writeRuleVitals(trx, rule.notification_rule_id, vitals);
      await audit(trx, {
        ...actor(auth, req.ip, now),
        action: 'update_notification_rule',
        entity: 'notification_rule',
        entityId: rule.notification_rule_id,
        detail: {
          before: stored,
          after: { ...body, previous: undefined, vitals },
          device: body.deviceName ?? rule.device_name,
        },
      });
    });
    return {
      status: 1,
      message: MSG.updatedSuccessfully,
      data: { notification_rule_id: rule.notification_rule_id },
    };
  });

  registerCall(app, deps, resumeRule, async ({ body, auth, req }) => {
    const ids = [...new Set(body.notification_rule_id)];
    const rules = [];
    for (const id of ids) rules.push(await ruleWithAccess(db, auth, id));
    if (rules.some((r) => r.device_assign_id !== body.device_assign_id))
      throw new HttpError(400, 'The rules do not belong to this device assignment.', 'device_assign_id');
    const now = clock.now();
    const today = isoDay(now);
    const toResume = rules.filter((r) => r.status !== 1);
    for (const rule of toResume) {
      if (isoDay(rule.end_date) < earliestRuleDay(now))
        throw new HttpError(
          409,
          `This rule ended on ${isoDay(rule.end_date)}; add a new rule instead.`,
          'notification_rule_id',
        );
    }
    await db.transaction().execute(async (trx) => {
      await lockAssignment(trx, body.device_assign_id);
      const resumed: number[] = [];
      for (const rule of toResume) {
        // Against the active rules, including those resumed just before in this call.
        await assertNoOverlap(trx, rule.device_assign_id, isoDay(rule.start_date), isoDay(rule.end_date), [
          rule.notification_rule_id,
        ]);
        await trx
          .updateTable('notification_rules')
          .set({
            status: 1,
            terminated_at: null,
            terminated_by: null,
            updated_by: auth.userId,
            updated_at: now,
          })
          .where('notification_rule_id', '=', rule.notification_rule_id)
          .execute();
        resumed.push(rule.notification_rule_id);
      }
      await audit(trx, {
        ...actor(auth, req.ip, now),
        action: 'resume_notification_rule',
        entity: 'device_assignment',
        entityId: body.device_assign_id,
        detail: {
          resumed,
          already_active: ids.filter((id) => !resumed.includes(id)),
          today,
          device: body.deviceName,
        },
      });
    });
    return { status: 1, message: MSG.updatedSuccessfully };
  });

  registerCall(app, deps, terminateRule, async ({ body, auth, req }) => {
    ownId(auth, body.terminated_by, 'terminated_by');
    const rule = await ruleWithAccess(db, auth, body.notification_rule_id);
    if (rule.device_assign_id !== body.device_assign_id)
      throw new HttpError(400, 'The rule does not belong to this device assignment.', 'device_assign_id');
    if (rule.status !== 1)
      throw new HttpError(409, 'This rule is already switched off.', 'notification_rule_id');
    const now = clock.now();
    const start = body.start_date ?? null;
    const end = body.end_date ?? null;
    if (body.is_continue && start && end) {
      // The resume dialog's pickers: the start no later than today, the end after it (001 §5), and the continued
      // rule must still be in force today or later.
      if (start > latestTodayDay(now)) throw new HttpError(400, MSG.invalidDate, 'start_date');
      checkEndDate(end, now, MSG.invalidDate);
      const current = await db
        .selectFrom('device_assignments')
        .select('unassigned_at')
        .where('device_assign_id', '=', rule.device_assign_id)
        .executeTakeFirstOrThrow();
      if (current.unassigned_at !== null)
        throw new HttpError(
          409,
          'The device was returned: monitoring cannot continue on it.',
          'device_assign_id',
        );
    }
    const continuedId = await db.transaction().execute(async (trx) => {
      await lockAssignment(trx, rule.device_assign_id);
      await trx
        .updateTable('notification_rules')
        .set({
          status: 2,
          terminated_at: now,
          terminated_by: auth.userId,
          updated_by: auth.userId,
          updated_at: now,
        })
        .where('notification_rule_id', '=', rule.notification_rule_id)
        .execute();
      let continued: number | null = null;
      if (body.is_continue && start && end) {
        await assertNoOverlap(trx, rule.device_assign_id, start, end, []);
        const row = await trx
          .insertInto('notification_rules')
          .values({
            patient_id: rule.patient_id,
            device_assign_id: rule.device_assign_id,
            interval_id: rule.interval_id,
            interval_count: rule.interval_count,
            start_date: start,
            end_date: end,
            status: 1,
            notification_mode: rule.notification_mode,
            notification_note: rule.notification_note,
            sms_miss: rule.sms_miss,
            call_miss: rule.call_miss,
            gain: rule.gain,
            loss: rule.loss,
            previous_rule_id: rule.notification_rule_id,
            created_by: auth.userId,
            created_at: now,
            updated_by: auth.userId,
            updated_at: now,
          })
          .returning('notification_rule_id')
          .executeTakeFirstOrThrow();
        continued = row.notification_rule_id;
        const vitals = await trx
          .selectFrom('notification_rule_vitals')
          .select(['vital_id', 'critical_low', 'abnormal_low', 'abnormal_high', 'critical_high'])
          .where('notification_rule_id', '=', rule.notification_rule_id)
          .execute();
        await writeRuleVitals(trx, continued, vitals);
      }
      await audit(trx, {
        ...actor(auth, req.ip, now),
        action: body.is_continue ? 'terminate_and_continue_rule' : 'terminate_notification_rule',
        entity: 'notification_rule',
        entityId: rule.notification_rule_id,
        detail: { continued_rule_id: continued, start_date: start, end_date: end, device: body.deviceName },
      });
      return continued;
    });
    return { status: 1, message: MSG.updatedSuccessfully, data: { continued_rule_id: continuedId } };
  });
}
