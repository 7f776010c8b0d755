import {
  type CallDef,
  cancelRuleSnooze,
  getMoreNotificationRuleData,
  getPatientReadings,
  snoozeRuleBound,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IngestWorld, ingest, measurement, startIngestWorld } from '../alerts/ingest-test-world.js';
import { injectCall, injectUnchecked, signIn } from '../test-app.js';
import { rowCounts } from '../test-rows.js';

let w: IngestWorld;
let ruleId: number;

beforeAll(async () => {
  w = await startIngestWorld();
  const rule = await w.t.db
    .selectFrom('notification_rules')
    .select('notification_rule_id')
    .where('device_assign_id', '=', w.bp.deviceAssignId)
    .executeTakeFirstOrThrow();
  ruleId = rule.notification_rule_id;
});
afterAll(async () => w.t.close());

const snooze = (over: Record<string, unknown> = {}) =>
  injectUnchecked(
    w.t.app,
    snoozeRuleBound,
    {
      body: {
        notification_rule_id: ruleId,
        vital_id: 1,
        direction: 'high',
        minutes: 120,
        reason: 'Known white-coat readings after the medication change',
        ...over,
      },
    },
    w.nurse,
  );

/** A cuff measurement `minutesAgo` before the clock, answering the alerts it raised. */
const bp = async (systolic: number, minutesAgo: number) => {
  const res = await ingest(w, measurement(w, w.bp, { systolic, diastolic: 80, pulse: 70 }, minutesAgo));
  return {
    alerts: res.json().data.alerts as { level: string }[],
    readingId: res.json().data.reading_ids[0] as number,
  };
};

const holds = async () =>
  (
    await injectCall(
      w.t.app,
      getMoreNotificationRuleData,
      { query: { notification_rule_id: ruleId } },
      w.nurse,
    )
  ).json().data.holds;

/** Moves the clock; sessions go idle after 10 minutes (000 §4.1), so the nurse signs in again. */
async function advance(ms: number) {
  w.t.clock.advance(ms);
  w = { ...w, nurse: await signIn(w.t.app, 'role8@demo.test') };
}

describe('snoozing a rule’s abnormal bound (issue 41 §1)', () => {
  const tables = ['alert_snoozes', 'audit_log'] as const;

  it.each<[string, Record<string, unknown>, number, string]>([
    ['more than 24 hours', { minutes: 24 * 60 + 1 }, 400, 'minutes'],
    ['no minutes', { minutes: 0 }, 400, 'minutes'],
    ['no reason', { reason: '  ' }, 400, 'reason'],
    ['a vital the rule does not watch', { vital_id: 5 }, 400, 'vital_id'],
    ['an unknown rule', { notification_rule_id: 999_999 }, 404, 'notification_rule_id'],
  ])('refuses %s, writing nothing', async (_, over, status, field) => {
    const before = await rowCounts(w.t.db, tables);
    const res = await snooze(over);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(w.t.db, tables)).toEqual(before);
  });

  it('a direction with only a critical bound is never snoozed (400 naming direction)', async () => {
    await w.t.db
      .updateTable('notification_rule_vitals')
      .set({ abnormal_high: null })
      .where('notification_rule_id', '=', ruleId)
      .where('vital_id', '=', 2)
      .execute();
    const res = await snooze({ vital_id: 2, direction: 'high' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'direction',
      message: 'This rule has no abnormal high bound for diastolic; a critical bound is never snoozed.',
    });
  });

  it('holds abnormal readings beyond the snoozed bound, shown on the rule; critical ones still alert; it ends by itself', async () => {
    const res = await snooze();
    expect(res.statusCode, res.body).toBe(200);
    expect((await snooze()).statusCode).toBe(409);
    const [hold] = await holds();
    expect(hold).toMatchObject({
      kind: 'snooze',
      vital_type: 'systolic',
      direction: 'high',
      level: 'abnormal',
      until: res.json().data.ends_at,
      reason: 'Known white-coat readings after the medication change',
    });
    const audit = await w.t.db
      .selectFrom('audit_log')
      .select(['entity_id'])
      .where('action', '=', 'snooze_rule_bound')
      .executeTakeFirstOrThrow();
    expect(audit.entity_id).toBe(String(ruleId));

    const held = await bp(150, 5);
    expect(held.alerts).toEqual([]);
    const readings = await injectCall(
      w.t.app,
      getPatientReadings,
      { query: { patient_id: w.patient, from: w.today, to: w.today, vital_id: 1 } },
      w.nurse,
    );
    const marked = (
      readings.json().data.vitals[0].readings as { reading_id: number; held: string | null }[]
    ).find((r) => r.reading_id === held.readingId);
    expect(marked).toMatchObject({ held: 'snoozed' });
    const ingestAudit = await w.t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'ingest_reading')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(ingestAudit.detail).toMatchObject({ snoozed: [held.readingId] });
    // The low side and critical readings are not snoozed.
    expect((await bp(95, 4)).alerts).toEqual([expect.objectContaining({ level: 'abnormal' })]);
    expect((await bp(190, 3)).alerts).toEqual([expect.objectContaining({ level: 'critical' })]);

    // Two hours later the snooze is over: the bound alerts again and the rule shows no snooze.
    await advance(120 * 60_000);
    expect((await bp(151, 5)).alerts).toEqual([expect.objectContaining({ level: 'abnormal' })]);
    expect((await holds()).filter((h: { kind: string }) => h.kind === 'snooze')).toEqual([]);
  });

  it('a cancelled snooze ends at once, audited; cancelling it again is a conflict', async () => {
    const id = (await snooze({ vital_id: 3 })).json().data.snooze_id;
    const pulse = async (value: number, minutesAgo: number) =>
      (
        await ingest(w, measurement(w, w.bp, { systolic: 120, diastolic: 80, pulse: value }, minutesAgo))
      ).json().data.alerts as unknown[];
    expect(await pulse(115, 2)).toEqual([]);
    const cancel = (snoozeId: number) =>
      injectUnchecked(w.t.app, cancelRuleSnooze as CallDef, { body: { snooze_id: snoozeId } }, w.nurse);
    expect((await cancel(id)).statusCode).toBe(200);
    expect(await pulse(116, 1)).toHaveLength(1);
    const again = await cancel(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().field).toBe('snooze_id');
    expect((await cancel(999_999)).statusCode).toBe(404);
  });
});
