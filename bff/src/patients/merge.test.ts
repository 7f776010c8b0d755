import { deactivatePatient, MERGE_TEXT, mergePatients, reactivatePatient } from '@rpm/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildSummaries } from '../billing/summary.js';
import { TEST_TODAY } from '../db/test-database.js';
import { injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { makePatient, type Place, placeElsewhere, placeOf } from '../test-fixtures.js';
import { MERGE_DERIVED, MERGE_MOVES } from './merge-store.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let admin: Signed; // role 2: merges
let coordinator: Signed; // role 9: registers and edits, may not merge
let place: Place;

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 20, now: TEST_TODAY });
  admin = await signIn(t.app, 'role2@demo.test');
  coordinator = await signIn(t.app, 'role9@demo.test');
  place = await placeOf(t.db, admin.user.user_id);
});
afterAll(async () => {
  await t.close();
});

const merge = (body: unknown, who: Signed = admin) => injectUnchecked(t.app, mergePatients, { body }, who);
const deactivate = (body: unknown, who: Signed = admin) =>
  injectUnchecked(t.app, deactivatePatient, { body }, who);
const reactivate = (body: unknown, who: Signed = admin) =>
  injectUnchecked(t.app, reactivatePatient, { body }, who);

/** Every base table with a patient_id column but patients itself and partitions. */
async function patientTables(): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
    where c.table_schema = 'public' and c.column_name = 'patient_id' and t.table_type = 'BASE TABLE'
      and c.table_name <> 'patients'
      -- A partition's rows are its parent's (readings by month).
      and not exists (select 1 from pg_class pc where pc.relname = c.table_name and pc.relispartition)
    order by 1`.execute(t.db);
  return rows.map((r) => r.table_name);
}

/** Rows of each table held by each patient. */
async function holdings(tables: readonly string[], ids: readonly number[]) {
  const out: Record<string, Record<number, number>> = {};
  for (const table of tables) {
    const { rows } = await sql<{ patient_id: number; n: number }>`select patient_id, count(*)::int as n
      from ${sql.table(table)} where patient_id = any(${[...ids]}::integer[]) group by 1`.execute(t.db);
    out[table] = Object.fromEntries(ids.map((id) => [id, rows.find((r) => r.patient_id === id)?.n ?? 0]));
  }
  return out;
}

/** Two seeded patients of the admin's practice with the most readings: a duplicate and the record kept. */
async function busiestPair(): Promise<[number, number]> {
  const { rows } = await sql<{ patient_id: number }>`select p.patient_id from patients p
    where p.practice_id = ${place.practiceId} and p.merged_into_id is null and p.deactivated_at is null
    order by (select count(*) from readings r where r.patient_id = p.patient_id) desc, p.patient_id
    limit 2`.execute(t.db);
  const [a, b] = rows;
  if (!a || !b) throw new Error('the seed gave the practice fewer than two patients');
  return [a.patient_id, b.patient_id];
}

const summaries = (id: number) =>
  t.db
    .selectFrom('patient_month_summary')
    .selectAll()
    .where('patient_id', '=', id)
    .orderBy('month')
    .execute()
    .then((rows) => rows.map(({ id: _id, ...row }) => row));
const listed = async (id: number) =>
  (await sql`select 1 from patient_list_state where patient_id = ${id}`.execute(t.db)).rows.length === 1;

describe('merge (issue 38 §1; decisions.md "Merging and deactivating patients")', () => {
  it('declares every table that holds a patient’s rows', async () => {
    const declared = new Set<string>([...MERGE_MOVES.map((rule) => rule.table), ...MERGE_DERIVED]);
    expect((await patientTables()).filter((table) => !declared.has(table))).toEqual([]);
  });

  it('moves every child record, keeps the merged record marked, rebuilds both summaries and audits both', async () => {
    const [from, into] = await busiestPair();
    const tables = (await patientTables()).filter(
      (table) => !(MERGE_DERIVED as readonly string[]).includes(table),
    );
    const before = await holdings(tables, [from, into]);
    const readingDays = await sql<{
      n: number;
    }>`select count(distinct (taken_at at time zone 'UTC')::date)::int as n
      from readings where patient_id in (${from}, ${into})`.execute(t.db);
    expect(before.readings?.[from]).toBeGreaterThan(0);
    expect(before.alerts?.[from]).toBeGreaterThan(0);

    const res = await merge({
      patient_id: from,
      into_patient_id: into,
      reason: 'Registered twice at intake',
    });
    expect(res.statusCode).toBe(200);
    const { moved, kept } = res.json().data as {
      moved: Record<string, number>;
      kept: Record<string, number>;
    };

    const after = await holdings(tables, [from, into]);
    for (const table of tables) {
      const was = before[table] ?? {};
      const now = after[table] ?? {};
      // Nothing is lost: the two records hold what they held, and what moved is what the answer says.
      expect((now[from] ?? 0) + (now[into] ?? 0), table).toBe((was[from] ?? 0) + (was[into] ?? 0));
      expect(now[into], table).toBe((was[into] ?? 0) + (moved[table] ?? 0));
      expect(now[from], table).toBe(kept[table] ?? 0);
    }
    for (const rule of MERGE_MOVES.filter((r) => r.move === 'all'))
      expect(after[rule.table]?.[from], rule.table).toBe(0);

    const marked = await t.db
      .selectFrom('patients')
      .select(['merged_into_id', 'merged_at'])
      .where('patient_id', '=', from)
      .executeTakeFirstOrThrow();
    expect(marked.merged_into_id).toBe(into);
    expect(marked.merged_at).not.toBeNull();
    expect(await listed(from)).toBe(false);
    expect(await listed(into)).toBe(true);

    // The summaries are what a full rebuild from the raw rows gives.
    const days = await t.db
      .selectFrom('patient_reading_days')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('patient_id', '=', into)
      .executeTakeFirstOrThrow();
    expect(Number(days.n)).toBe(readingDays.rows[0]?.n);
    const incremental = await summaries(into);
    expect(await summaries(from)).toEqual([]);
    await t.db.transaction().execute((trx) => rebuildSummaries(trx));
    expect(await summaries(into)).toEqual(incremental);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'user_id'])
      .where('action', 'in', ['merge_patient', 'merge_patient_into'])
      .where('entity_id', 'in', [String(from), String(into)])
      .orderBy('audit_id')
      .execute();
    expect(audit).toEqual([
      { action: 'merge_patient', entity_id: String(from), user_id: admin.user.user_id },
      { action: 'merge_patient_into', entity_id: String(into), user_id: admin.user.user_id },
    ]);

    // The merged record is read-only and cannot be merged again.
    const again = await merge({ patient_id: from, into_patient_id: into, reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: MERGE_TEXT.alreadyMerged(into), field: 'patient_id' });
    const intoMerged = await merge({ patient_id: into, into_patient_id: from, reason: 'back' });
    expect(intoMerged.statusCode).toBe(409);
    expect(intoMerged.json()).toMatchObject({ field: 'into_patient_id' });
  });

  it('keeps a claim of a month the kept record has, and the kept record’s care plan', async () => {
    const from = await makePatient(t.db, place);
    const into = await makePatient(t.db, place);
    const by = admin.user.user_id;
    const claim = (id: number, month: string) =>
      sql`insert into billing_claims (patient_id, month, claimed_at, claimed_by)
        values (${id}, ${month}, now(), ${by})`.execute(t.db);
    const plan = (id: number) =>
      sql`insert into care_plan_versions (patient_id, version, plan, author_id, created_at)
        values (${id}, 1, '{}'::jsonb, ${by}, now())`.execute(t.db);
    for (const id of [from, into]) {
      await claim(id, '2026-10-01');
      await plan(id);
    }
    await claim(from, '2026-09-01');
    const res = await merge({ patient_id: from, into_patient_id: into, reason: 'Duplicate' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      moved: { billing_claims: 1 },
      kept: { billing_claims: 1, care_plan_versions: 1 },
    });
  });

  it('refuses a patient into itself, another practice, bad input, a role without the right, and a patient out of scope, writing nothing', async () => {
    const a = await makePatient(t.db, place);
    const elsewhere = await makePatient(t.db, await placeElsewhere(t.db, place));
    const otherPractice = await t.db
      .selectFrom('practices')
      .select('practice_id')
      .where('organization_id', '=', place.organizationId)
      .where('practice_id', '<>', place.practiceId)
      .executeTakeFirst();
    const self = await merge({ patient_id: a, into_patient_id: a, reason: 'x' });
    expect([self.statusCode, self.json().field, self.json().message]).toEqual([
      400,
      'into_patient_id',
      MERGE_TEXT.self,
    ]);
    const noReason = await merge({ patient_id: a, into_patient_id: a, reason: ' ' });
    expect([noReason.statusCode, noReason.json().field]).toEqual([400, 'reason']);
    const outside = await merge({ patient_id: a, into_patient_id: elsewhere, reason: 'x' });
    expect([outside.statusCode, outside.json().field]).toEqual([404, 'into_patient_id']);
    const role = await merge({ patient_id: a, into_patient_id: elsewhere, reason: 'x' }, coordinator);
    expect(role.statusCode).toBe(403);
    if (otherPractice) {
      const loc = await t.db
        .selectFrom('locations')
        .select('location_id')
        .where('practice_id', '=', otherPractice.practice_id)
        .executeTakeFirstOrThrow();
      const b = await makePatient(t.db, {
        ...place,
        practiceId: otherPractice.practice_id,
        locationId: loc.location_id,
      });
      const res = await merge({ patient_id: a, into_patient_id: b, reason: 'x' });
      // Role 2 of another practice reads it or not; either way nothing merges.
      expect([400, 404]).toContain(res.statusCode);
    }
    const row = await t.db
      .selectFrom('patients')
      .select('merged_into_id')
      .where('patient_id', '=', a)
      .executeTakeFirstOrThrow();
    expect(row.merged_into_id).toBeNull();
  });
});

describe('deactivation (issue 38 §1)', () => {
  it('refuses while alerts are open, then leaves and rejoins the lists with an audit row each way', async () => {
    const { rows } = await sql<{
      patient_id: number;
      n: number;
    }>`select patient_id, count(*)::int as n from alerts
      where acknowledged_at is null and patient_id in (select patient_id from patients
        where practice_id = ${place.practiceId} and merged_into_id is null)
      group by 1 order by 1 limit 1`.execute(t.db);
    const alerted = rows[0];
    if (!alerted) throw new Error('the seed gave the practice no open alert');
    const refused = await deactivate({ patient_id: alerted.patient_id, reason: 'Moved away' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: MERGE_TEXT.openAlerts(alerted.n), field: 'patient_id' });

    const id = await makePatient(t.db, place);
    expect(await listed(id)).toBe(true);
    expect((await deactivate({ patient_id: id, reason: 'Moved away' })).statusCode).toBe(200);
    expect(await listed(id)).toBe(false);
    const twice = await deactivate({ patient_id: id, reason: 'Moved away' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, MERGE_TEXT.alreadyInactive]);
    expect((await deactivate({ patient_id: id, reason: 'x' }, coordinator)).statusCode).toBe(403);
    expect((await reactivate({ patient_id: id })).statusCode).toBe(200);
    expect(await listed(id)).toBe(true);
    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'patient')
      .where('entity_id', '=', String(id))
      .orderBy('audit_id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['deactivate_patient', 'reactivate_patient']);
    // Each bumps the version, so a Demographics form opened before is stale (409 naming version).
    const { version } = await t.db
      .selectFrom('patients')
      .select('version')
      .where('patient_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(version).toBe(3);
  });
});
