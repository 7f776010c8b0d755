import {
  addNotificationRule,
  cancelRuleSnooze,
  getMoreNotificationRuleData,
  getNotificationRules,
  MSG,
  RULE_STATUS_FILTER,
  resumeRule,
  snoozeRuleBound,
  terminateRule,
  updateNotificationRules,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth/guard.js';
import type { Db } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { registerCall } from '../http/calls.js';
import { actor, ownId } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import { resumeRules, switchOffRule } from './rule-status-store.js';
import { loadRules, ruleDetail, type StoredRule, storedRule, unknownRule } from './rule-store.js';
import { addRule, updateRule } from './rule-write-store.js';
import { cancelSnooze, snoozeBound, storedSnooze } from './snooze-store.js';

/** A stored rule whose patient the caller may read; one outside the scope answers as unknown. */
async function ruleWithAccess(db: Db, auth: AuthContext, ruleId: number): Promise<StoredRule> {
  const rule = await storedRule(db, ruleId);
  await assertPatientAccess(db, auth, rule.patient_id, 'notification_rule_id', unknownRule(ruleId));
  return rule;
}

/**
 * The notification-rule calls of the Alert Rules tab (001 §2.2, §3, §4, §5, §7 "Vitals and rules"); the vitals
 * calls are in vital-routes.ts. The stores write each change in one transaction with its audit row; a refused call
 * writes nothing.
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
      { patientId: query.user_id, ...(status ? { status } : {}), now: clock.now() },
      { column: query.orderby, dir: query.order },
    );
    return { data };
  });

  registerCall(app, deps, getMoreNotificationRuleData, async ({ query, auth }) => {
    await ruleWithAccess(db, auth, query.notification_rule_id);
    return { data: await ruleDetail(db, query.notification_rule_id, clock.now()) };
  });

  registerCall(app, deps, snoozeRuleBound, async ({ body, auth, req }) => {
    const rule = await ruleWithAccess(db, auth, body.notification_rule_id);
    const who = actor(auth, req.ip, clock.now());
    const data = await db.transaction().execute((trx) => snoozeBound(trx, who, rule, body));
    return { message: 'Snoozed', data };
  });

  registerCall(app, deps, cancelRuleSnooze, async ({ body, auth, req }) => {
    const snooze = await storedSnooze(db, body.snooze_id);
    await ruleWithAccess(db, auth, snooze.notification_rule_id);
    const who = actor(auth, req.ip, clock.now());
    await db.transaction().execute((trx) => cancelSnooze(trx, who, snooze));
    return { message: 'Snooze cancelled' };
  });

  registerCall(app, deps, addNotificationRule, async ({ body, auth, req }) => {
    ownId(auth, body.created_by, 'created_by');
    await assertPatientAccess(db, auth, body.user_id, 'user_id');
    const ruleId = await addRule(db, actor(auth, req.ip, clock.now()), body);
    return { message: MSG.addedSuccessfully, data: { notification_rule_id: ruleId } };
  });

  registerCall(app, deps, updateNotificationRules, async ({ body, auth, req }) => {
    ownId(auth, body.created_by, 'created_by');
    const rule = await ruleWithAccess(db, auth, body.notification_rule_id);
    await updateRule(db, actor(auth, req.ip, clock.now()), rule, body);
    return {
      message: MSG.updatedSuccessfully,
      data: { notification_rule_id: rule.notification_rule_id },
    };
  });

  registerCall(app, deps, resumeRule, async ({ body, auth, req }) => {
    const rules = [];
    for (const id of new Set(body.notification_rule_id)) rules.push(await ruleWithAccess(db, auth, id));
    await resumeRules(db, actor(auth, req.ip, clock.now()), rules, body);
    return { message: MSG.updatedSuccessfully };
  });

  registerCall(app, deps, terminateRule, async ({ body, auth, req }) => {
    ownId(auth, body.terminated_by, 'terminated_by');
    const rule = await ruleWithAccess(db, auth, body.notification_rule_id);
    const continuedId = await switchOffRule(db, actor(auth, req.ip, clock.now()), rule, body);
    return { message: MSG.updatedSuccessfully, data: { continued_rule_id: continuedId } };
  });
}
