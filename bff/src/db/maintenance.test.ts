import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPgliteMaintenance, vacuumAnalyze } from './maintenance.js';
import type { Db } from './schema.js';
import { testDatabase } from './test-database.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await testDatabase({ seedPatients: 10 }));
});
afterAll(async () => close());

/** What vacuum and analyse leave in the catalogue: the planner's row count and the pages known all-visible. */
const catalogue = async (table: string) =>
  (
    await sql<{
      reltuples: number;
      relallvisible: number;
    }>`select reltuples::float8 as reltuples, relallvisible
      from pg_class where relname = ${table}`.execute(db)
  ).rows[0];

describe('PGlite upkeep (no autovacuum in PGlite)', () => {
  it('vacuums and analyses every table: the planner sees the rows and the pages become all-visible', async () => {
    await sql`update patient_list_state set reading_days = reading_days`.execute(db);
    const patients = Number(
      (await sql<{ n: number }>`select count(*)::int as n from patient_list_state`.execute(db)).rows[0]?.n,
    );
    expect(patients).toBeGreaterThan(0);
    const done = await vacuumAnalyze(db);
    expect(done).toEqual(expect.arrayContaining(['patient_list_state', 'patients', 'alerts', 'sessions']));
    expect((await catalogue('patient_list_state'))?.reltuples).toBe(patients);
    // On the shared test PostgreSQL other files' open transactions keep vacuum from marking pages all-visible.
    if (!process.env.DATABASE_URL)
      expect((await catalogue('patient_list_state'))?.relallvisible).toBeGreaterThan(0);
  });

  it('runs on its timer, and stop waits for the run in progress', async () => {
    await sql`create table upkeep_probe (n integer)`.execute(db);
    await sql`insert into upkeep_probe select generate_series(1, 500)`.execute(db);
    // Never analysed: PostgreSQL's "unknown" row count.
    expect((await catalogue('upkeep_probe'))?.reltuples).toBe(-1);
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    try {
      const errors: unknown[] = [];
      const upkeep = startPgliteMaintenance(db, (err) => errors.push(err), {
        firstAfterMs: 1000,
        everyMs: 60_000,
      });
      vi.advanceTimersByTime(999);
      await upkeep.stop();
      expect((await catalogue('upkeep_probe'))?.reltuples).toBe(-1);
      const again = startPgliteMaintenance(db, (err) => errors.push(err), {
        firstAfterMs: 1000,
        everyMs: 60_000,
      });
      vi.advanceTimersByTime(1000);
      await again.stop();
      expect(errors).toEqual([]);
      expect((await catalogue('upkeep_probe'))?.reltuples).toBe(500);
    } finally {
      vi.useRealTimers();
      await sql`drop table upkeep_probe`.execute(db);
    }
  });
});
