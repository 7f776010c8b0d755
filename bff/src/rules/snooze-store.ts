import { type CallBody, isoDay, type RuleHold, type snoozeRuleBound } from '@rpm/shared';
import type { Selectable, Transaction } from 'kysely';
import type { Snooze } from '../alerts/intake/evaluate.js';
import { type AuditActor, audit } from '../audit.js';
import type { Database, Db, NotificationRulesTable } from '../db/schema.js';
import { conflict, invalid, notFound } from '../domain-errors.js';
import { userName } from '../lists/sql.js';

/**
 * Snoozes of a rule's abnormal bounds and what holds a rule's readings (decisions.md "Alert snooze", "Re-alert
 * suppression"). A snooze runs from its start until its end or its cancellation.
 */

/** The snoozes of a rule running at `now`: one probe of the partial index. */
export function runningSnoozes(db: Db, ruleId: number, now: Date): Promise<Snooze[]> {
  return db
    .selectFrom('alert_snoozes')
    .select(['snooze_id', 'vital_id', 'direction'])
    .where('notification_rule_id', '=', ruleId)
    .where('cancelled_at', 'is', null)
    .where('ends_at', '>', now)
    .where('starts_at', '<=', now)
    .execute();
}

/** What holds each rule's readings at `now`: running snoozes and acknowledged alerts, by rule id. */
export async function ruleHolds(
  db: Db,
  ruleIds: readonly number[],
  now: Date,
): Promise<Map<number, RuleHold[]>> {
  const holds = new Map<number, RuleHold[]>();
  if (ruleIds.length === 0) return holds;
  const ids = [...ruleIds];
  const snoozes = await db
    .selectFrom('alert_snoozes as s')
    .innerJoin('vitals as v', 'v.vital_id', 's.vital_id')
    .innerJoin('users as u', 'u.user_id', 's.created_by')
    .select([
      's.notification_rule_id',
      's.snooze_id',
      's.vital_id',
      'v.vital_type',
      's.direction',
      's.starts_at',
      's.ends_at',
      's.reason',
      userName('u').as('by'),
    ])
    .where('s.notification_rule_id', 'in', ids)
    .where('s.cancelled_at', 'is', null)
    .where('s.ends_at', '>', now)
    .where('s.starts_at', '<=', now)
    .orderBy('s.starts_at')
    .execute();
  const acknowledged = await db
    .selectFrom('alert_suppressions as h')
    .innerJoin('vitals as v', 'v.vital_id', 'h.vital_id')
    .innerJoin('alerts as a', 'a.alert_id', 'h.alert_id')
    .leftJoin('users as u', 'u.user_id', 'a.acknowledged_by')
    .select([
      'h.notification_rule_id',
      'h.vital_id',
      'v.vital_type',
      'h.direction',
      'h.level',
      'h.created_at',
      'a.acknowledge_note',
      userName('u').as('by'),
    ])
    .where('h.notification_rule_id', 'in', ids)
    .orderBy('h.created_at')
    .execute();
  const add = (ruleId: number, hold: RuleHold) => holds.set(ruleId, [...(holds.get(ruleId) ?? []), hold]);
  for (const s of snoozes)
    add(s.notification_rule_id, {
      kind: 'snooze',
      snooze_id: s.snooze_id,
      vital_id: s.vital_id,
      vital_type: s.vital_type,
      direction: s.direction,
      level: 'abnormal',
      since: s.starts_at.toISOString(),
      until: s.ends_at.toISOString(),
      reason: s.reason,
      by: s.by,
    });
  for (const h of acknowledged)
    add(h.notification_rule_id, {
      kind: 'acknowledged',
      snooze_id: null,
      vital_id: h.vital_id,
      vital_type: h.vital_type,
      direction: h.direction,
      level: h.level,
      since: h.created_at.toISOString(),
      until: null,
      reason: h.acknowledge_note,
      by: h.by,
    });
  return holds;
}

type SnoozeBody = CallBody<typeof snoozeRuleBound>;

/** What a snooze reads of its rule (rule-store.ts StoredRule has it). */
type SnoozedRule = Pick<
  Selectable<NotificationRulesTable>,
  'notification_rule_id' | 'patient_id' | 'status' | 'start_date' | 'end_date'
>;

/**
 * Snoozes the rule's abnormal bound of a vital and direction, audited. Refused: a rule not in force (409), a vital the
 * rule does not watch or a direction without an abnormal bound (400: a critical bound is never snoozed), a snooze of
 * that bound already running (409: cancel it first).
 */
export async function snoozeBound(
  trx: Transaction<Database>,
  actor: AuditActor,
  rule: SnoozedRule,
  body: SnoozeBody,
) {
  const today = isoDay(actor.at);
  if (rule.status !== 1 || isoDay(rule.start_date) > today || isoDay(rule.end_date) < today)
    throw conflict('This rule is not in force; there is nothing to snooze.', 'notification_rule_id');
  const bounds = await trx
    .selectFrom('notification_rule_vitals as rv')
    .innerJoin('vitals as v', 'v.vital_id', 'rv.vital_id')
    .select(['v.vital_type', 'rv.abnormal_low', 'rv.abnormal_high'])
    .where('rv.notification_rule_id', '=', rule.notification_rule_id)
    .where('rv.vital_id', '=', body.vital_id)
    .executeTakeFirst();
  if (!bounds) throw invalid(`This rule does not watch vital ${body.vital_id}.`, 'vital_id');
  const abnormal = body.direction === 'low' ? bounds.abnormal_low : bounds.abnormal_high;
  if (abnormal === null)
    throw invalid(
      `This rule has no abnormal ${body.direction} bound for ${bounds.vital_type}; a critical bound is never snoozed.`,
      'direction',
    );
  const running = await runningSnoozes(trx, rule.notification_rule_id, actor.at);
  const same = running.find((s) => s.vital_id === body.vital_id && s.direction === body.direction);
  if (same)
    throw conflict(
      `The ${body.direction} ${bounds.vital_type} bound is already snoozed; cancel that snooze first.`,
      'direction',
    );
  const endsAt = new Date(actor.at.getTime() + body.minutes * 60_000);
  const row = await trx
    .insertInto('alert_snoozes')
    .values({
      patient_id: rule.patient_id,
      notification_rule_id: rule.notification_rule_id,
      vital_id: body.vital_id,
      direction: body.direction,
      starts_at: actor.at,
      ends_at: endsAt,
      reason: body.reason,
      created_by: actor.userId,
      acting_user_id: actor.actingUserId ?? null,
    })
    .returning('snooze_id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...actor,
    action: 'snooze_rule_bound',
    entity: 'notification_rule',
    entityId: rule.notification_rule_id,
    detail: { snooze_id: row.snooze_id, ...body, ends_at: endsAt.toISOString() },
  });
  return { snooze_id: row.snooze_id, ends_at: endsAt.toISOString() };
}

/** A snooze and its rule's id, for the access check; 404 naming `snooze_id` when there is none. */
export async function storedSnooze(db: Db, snoozeId: number) {
  const snooze = await db
    .selectFrom('alert_snoozes')
    .selectAll()
    .where('snooze_id', '=', snoozeId)
    .executeTakeFirst();
  if (!snooze) throw notFound(`Snooze ${snoozeId} does not exist.`, 'snooze_id');
  return snooze;
}

/** Ends a running snooze now, audited; one already over is a conflict. */
export async function cancelSnooze(
  trx: Transaction<Database>,
  actor: AuditActor,
  snooze: Awaited<ReturnType<typeof storedSnooze>>,
) {
  if (snooze.cancelled_at !== null || snooze.ends_at <= actor.at)
    throw conflict('This snooze is already over.', 'snooze_id');
  await trx
    .updateTable('alert_snoozes')
    .set({ cancelled_at: actor.at, cancelled_by: actor.userId })
    .where('snooze_id', '=', snooze.snooze_id)
    .execute();
  await audit(trx, {
    ...actor,
    action: 'cancel_rule_snooze',
    entity: 'notification_rule',
    entityId: snooze.notification_rule_id,
    detail: { snooze_id: snooze.snooze_id, ends_at: snooze.ends_at.toISOString() },
  });
}
