import { MERGE_TEXT, type MergeCounts } from '@rpm/shared';
import { sql, type Transaction } from 'kysely';
import { type AuditActor, auditAll } from '../audit.js';
import { rebuildSummaries } from '../billing/summary.js';
import type { Database } from '../db/schema.js';
import { conflict, invalid } from '../domain-errors.js';

/**
 * Merging a patient entered twice into the record that stays, and deactivating one
 * (decisions.md "Merging and deactivating patients"): nothing is deleted, so every audit row and link still resolves.
 */

/**
 * How each table holding a patient's rows follows a merge, declared once (a test checks that every column named
 * `patient_id` in the schema is here or derived):
 * - `all`: every row moves;
 * - `unless`: a row moves unless the surviving record holds a row with the same key (it stays with the merged
 *   record, counted as kept): one claim a month, one setting a vital, one open diagnosis a code;
 * - `ifNone`: every row moves if the surviving record has none (a care plan is one signed history, never mixed).
 */
type MoveRule =
  | { readonly table: string; readonly move: 'all' }
  | { readonly table: string; readonly move: 'unless'; readonly key: string; readonly whileNull?: string }
  | { readonly table: string; readonly move: 'ifNone' };

export const MERGE_MOVES: readonly MoveRule[] = [
  ...[
    'activity_timers',
    'alert_snoozes',
    'alert_suppressions',
    'alerts',
    'call_records',
    'check_ins',
    'claim_status_lines',
    'device_assignments',
    'device_events',
    'device_orders',
    'enrollment_orders',
    'form_submissions',
    'notification_rules',
    'notifications',
    'oral_appliance_cases',
    'order_authorizations',
    'patient_allergies',
    'patient_documents',
    'patient_goals',
    'patient_medications',
    'patient_messages',
    'patient_notes',
    'patient_reminders',
    'patient_status_changes',
    'readings',
    'sleep_appointments',
    'sleep_consults',
    'sleep_studies',
    'tasks',
    'time_logs',
  ].map((table) => ({ table, move: 'all' as const })),
  { table: 'billing_claims', move: 'unless', key: 'month' },
  { table: 'patient_tags', move: 'unless', key: 'tag_id' },
  { table: 'patient_vital_thresholds', move: 'unless', key: 'vital_id' },
  // Resolved diagnoses always move; an open one stays when the record kept has that code open.
  { table: 'patient_diagnoses', move: 'unless', key: 'icd10_code', whileNull: 'resolved_at' },
  { table: 'patient_weight_settings', move: 'ifNone' },
  { table: 'care_plan_versions', move: 'ifNone' },
];

/**
 * Tables and views computed from the moved rows, rebuilt rather than moved (billing_period_codes and _reports follow
 * their summary row and are re-evaluated by the next billing read).
 */
export const MERGE_DERIVED = [
  'patient_reading_days',
  'patient_month_summary',
  'billing_period_codes',
  'billing_period_reports',
  'patient_list_state',
  'device_episodes',
  'sleep_visits',
] as const;

type Trx = Transaction<Database>;

/** The two records as the merge reads them, locked. */
async function lockPair(trx: Trx, ids: readonly [number, number]) {
  const rows = await trx
    .selectFrom('patients')
    .select(['patient_id', 'practice_id', 'merged_into_id', 'deactivated_at'])
    .where('patient_id', 'in', [...ids])
    .orderBy('patient_id')
    .forUpdate()
    .execute();
  return new Map(rows.map((row) => [row.patient_id, row]));
}

/** Moves one table's rows by its rule; returns how many moved and how many stayed. */
async function moveRows(trx: Trx, rule: MoveRule, from: number, into: number) {
  const table = sql.table(rule.table);
  const total = async () =>
    Number(
      (
        await sql<{ n: number }>`select count(*)::int as n from ${table} where patient_id = ${from}`.execute(
          trx,
        )
      ).rows[0]?.n ?? 0,
    );
  let moved: number;
  if (rule.move === 'all') {
    moved = Number(
      (await sql`update ${table} set patient_id = ${into} where patient_id = ${from}`.execute(trx))
        .numAffectedRows ?? 0,
    );
  } else if (rule.move === 'ifNone') {
    moved = Number(
      (
        await sql`update ${table} set patient_id = ${into} where patient_id = ${from}
          and not exists (select 1 from ${table} t where t.patient_id = ${into})`.execute(trx)
      ).numAffectedRows ?? 0,
    );
  } else {
    const key = (alias: string) => sql.ref(`${alias}.${rule.key}`);
    const open = (alias: string) =>
      rule.whileNull ? sql`and ${sql.ref(`${alias}.${rule.whileNull}`)} is null` : sql``;
    moved = Number(
      (
        await sql`update ${table} m set patient_id = ${into} where m.patient_id = ${from}
          and not (true ${open('m')} and exists (select 1 from ${table} t where t.patient_id = ${into}
            and ${key('t')} = ${key('m')} ${open('t')}))`.execute(trx)
      ).numAffectedRows ?? 0,
    );
  }
  return { moved, kept: await total() };
}

/**
 * Merges `from` into `into` in the caller's transaction: moves rows by {@link MERGE_MOVES}, marks `from`, rebuilds
 * both patients' summaries and open-alert count, audits both records; answers the counts per table.
 */
export async function mergePatient(
  trx: Trx,
  actor: AuditActor,
  from: number,
  into: number,
  reason: string,
): Promise<MergeCounts> {
  if (from === into) throw invalid(MERGE_TEXT.self, 'into_patient_id');
  const pair = await lockPair(trx, [from, into]);
  const source = pair.get(from);
  const target = pair.get(into);
  if (!source || !target) throw new Error(`patient ${source ? into : from} vanished`);
  if (source.merged_into_id !== null)
    throw conflict(MERGE_TEXT.alreadyMerged(source.merged_into_id), 'patient_id');
  if (target.merged_into_id !== null)
    throw conflict(MERGE_TEXT.intoMerged(target.merged_into_id), 'into_patient_id');
  if (target.deactivated_at !== null) throw conflict(MERGE_TEXT.intoInactive, 'into_patient_id');
  if (source.practice_id !== target.practice_id) throw invalid(MERGE_TEXT.otherPractice, 'into_patient_id');

  // A diagnosis that moves while the kept record has a primary one is no longer primary (one primary a patient).
  await sql`update patient_diagnoses set is_primary = false where patient_id = ${from} and is_primary
    and exists (select 1 from patient_diagnoses d where d.patient_id = ${into} and d.is_primary)`.execute(
    trx,
  );
  const counts: MergeCounts = { moved: {}, kept: {} };
  for (const rule of MERGE_MOVES) {
    const { moved, kept } = await moveRows(trx, rule, from, into);
    if (moved > 0) counts.moved[rule.table] = moved;
    if (kept > 0) counts.kept[rule.table] = kept;
  }
  // The kept record's latest reading and set-up date now include the moved ones; the merged record's are kept as
  // they were, for the record's history. Its list row goes (migration 0038's patient_list_state_sync).
  await sql`update patients p set
      last_reading_at = (select max(taken_at) from readings r where r.patient_id = ${into}),
      setup_date = least(p.setup_date, m.setup_date),
      version = p.version + 1
    from patients m where p.patient_id = ${into} and m.patient_id = ${from}`.execute(trx);
  await sql`update patients set merged_into_id = ${into}, merged_at = ${actor.at}, version = version + 1
    where patient_id = ${from}`.execute(trx);
  await rebuildSummaries(trx, [from, into]);
  await sql`select patient_list_state_count_alerts(${[into]}::integer[])`.execute(trx);
  await auditAll(trx, [
    {
      ...actor,
      action: 'merge_patient',
      entity: 'patient',
      entityId: from,
      detail: { into, reason, ...counts },
    },
    { ...actor, action: 'merge_patient_into', entity: 'patient', entityId: into, detail: { from, reason } },
  ]);
  return counts;
}

/** Deactivates a patient with no open alert (409 naming patient_id otherwise); the list row goes. */
export async function deactivatePatientRecord(
  trx: Trx,
  actor: AuditActor,
  patientId: number,
  reason: string,
): Promise<void> {
  const row = await trx
    .selectFrom('patients')
    .select(['deactivated_at', 'merged_into_id'])
    .select((eb) =>
      eb
        .selectFrom('alerts')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('alerts.patient_id', '=', 'patients.patient_id')
        .where('alerts.acknowledged_at', 'is', null)
        .as('open_alerts'),
    )
    .where('patient_id', '=', patientId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (row.merged_into_id !== null) throw conflict(MERGE_TEXT.alreadyMerged(row.merged_into_id), 'patient_id');
  if (row.deactivated_at !== null) throw conflict(MERGE_TEXT.alreadyInactive, 'patient_id');
  const open = Number(row.open_alerts ?? 0);
  if (open > 0) throw conflict(MERGE_TEXT.openAlerts(open), 'patient_id');
  await trx
    .updateTable('patients')
    .set((eb) => ({ deactivated_at: actor.at, version: eb('version', '+', 1) }))
    .where('patient_id', '=', patientId)
    .execute();
  await auditAll(trx, [
    { ...actor, action: 'deactivate_patient', entity: 'patient', entityId: patientId, detail: { reason } },
  ]);
}

/** Brings a deactivated patient back: the list row returns with this month's figures and open alerts. */
export async function reactivatePatientRecord(trx: Trx, actor: AuditActor, patientId: number): Promise<void> {
  const row = await trx
    .selectFrom('patients')
    .select(['deactivated_at', 'merged_into_id'])
    .where('patient_id', '=', patientId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (row.merged_into_id !== null) throw conflict(MERGE_TEXT.alreadyMerged(row.merged_into_id), 'patient_id');
  if (row.deactivated_at === null) throw conflict(MERGE_TEXT.notInactive, 'patient_id');
  await trx
    .updateTable('patients')
    .set((eb) => ({ deactivated_at: null, version: eb('version', '+', 1) }))
    .where('patient_id', '=', patientId)
    .execute();
  await sql`select patient_list_state_count_alerts(${[patientId]}::integer[])`.execute(trx);
  await auditAll(trx, [{ ...actor, action: 'reactivate_patient', entity: 'patient', entityId: patientId }]);
}
