import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingDays } from '../billing/evidence-store.js';
import { SimulatedClock } from '../clock.js';
import { createReadingMonthsJob } from '../jobs/reading-months.js';
import { migrate } from './migrate.js';
import { addReadingMonths } from './reading-months.js';
import type { Db } from './schema.js';
import { seedDemo } from './seed/seed-demo.js';
import { resetDatabase, TEST_TODAY, testDatabase } from './test-database.js';

// decisions.md "Readings partitioned by month" (0072): the move loses nothing, months prune, old months detach.

let db: Db;
let close: () => Promise<void>;

/** What must survive the move: counts, sums of values and ids, each month's rows, and the alerts' readings. */
async function totals(on: Db) {
  const { rows } = await sql<Record<string, string>>`select count(*)::text as readings,
      sum(value)::text as value_sum, sum(reading_id)::text as id_sum, max(reading_id)::text as last_id,
      min(taken_at)::text as first_at, max(taken_at)::text as last_at,
      (select count(*) from alerts a join readings r on r.reading_id = a.reading_id and r.taken_at = a.taken_at
        and r.value = a.value)::text as alerts_with_reading,
      (select count(*) from alerts)::text as alerts,
      (select string_agg(month || ':' || n, ',' order by month) from (select to_char(taken_at at time zone 'UTC',
        'YYYY-MM') as month, count(*) as n from readings group by 1) m) as per_month
    from readings`.execute(on);
  return rows[0];
}

/** The readings partitions attached now, in month order ('YYYY-MM'), and whether the default one holds rows. */
async function readingMonths(db: Db): Promise<{ months: string[]; defaultRows: number }> {
  const { rows } = await sql<{ name: string }>`select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid where i.inhparent = 'readings'::regclass order by c.relname`.execute(
    db,
  );
  const months = rows
    .map((row) => /^readings_y(\d{4})m(\d{2})$/.exec(row.name))
    .filter((match) => match !== null)
    .map((match) => `${match[1]}-${match[2]}`);
  const count = await sql<{ n: number }>`select count(*)::integer as n from readings_default`.execute(db);
  return { months, defaultRows: count.rows[0]?.n ?? 0 };
}

beforeAll(async () => {
  ({ db, close } = await testDatabase());
  await sql`drop schema public cascade; create schema public`.execute(db);
  await migrate(db, { through: '0071' });
  await seedDemo(db, { patients: 24, today: TEST_TODAY, readingMonths: false });
});

afterAll(async () => {
  await close();
});

describe('readings partitioned by month (0072)', () => {
  it('moves every reading into the partition of its UTC month with the same ids, values and times', async () => {
    const before = await totals(db);
    expect(Number(before?.readings)).toBeGreaterThan(1_000);
    expect(Number(before?.alerts)).toBeGreaterThan(0);
    expect(before?.alerts_with_reading).toBe(before?.alerts);
    expect(await migrate(db)).toContain('0072_readings_by_month.sql');
    expect(await totals(db)).toEqual(before);
    const { months, defaultRows } = await readingMonths(db);
    expect(defaultRows).toBe(0);
    const seeded = String(before?.per_month)
      .split(',')
      .map((entry) => entry.split(':')[0]);
    expect(seeded.length).toBeGreaterThanOrEqual(6);
    for (const month of seeded) expect(months).toContain(month);
    const misplaced = await sql<{ n: number }>`select count(*)::integer as n from readings
      where tableoid::regclass::text <> 'readings_y' || to_char(taken_at at time zone 'UTC', 'YYYY"m"MM')`.execute(
      db,
    );
    expect(misplaced.rows[0]?.n).toBe(0);
  });

  it('continues the ids after the moved ones and still keeps the patient’s last reading', async () => {
    const last = Number((await totals(db))?.last_id);
    const { rows } = await sql<{ reading_id: string; patient_id: number }>`insert into readings
        (patient_id, device_assign_id, vital_id, value, taken_at)
      select patient_id, device_assign_id, vital_id, value, '2026-11-20T08:00:00Z' from readings
      order by reading_id limit 1 returning reading_id, patient_id`.execute(db);
    expect(Number(rows[0]?.reading_id)).toBe(last + 1);
    const patient = await sql<{ at: Date }>`select last_reading_at as at from patients
      where patient_id = ${rows[0]?.patient_id}`.execute(db);
    expect(patient.rows[0]?.at.getTime()).toBeGreaterThanOrEqual(Date.parse('2026-11-20T08:00:00Z'));
  });

  it('keeps a reading of a month without a partition in the default one and moves it when the month is added', async () => {
    await sql`insert into readings (patient_id, device_assign_id, vital_id, value, taken_at)
      select patient_id, device_assign_id, vital_id, 123.5, '2031-03-31T23:59:59Z' from readings
      order by reading_id limit 1`.execute(db);
    expect((await readingMonths(db)).defaultRows).toBe(1);
    expect(
      await addReadingMonths(db, new Date('2031-03-01T00:00:00Z'), new Date('2031-03-15T00:00:00Z')),
    ).toEqual(['2031-03', '2031-04']);
    expect(
      await addReadingMonths(db, new Date('2031-03-01T00:00:00Z'), new Date('2031-03-15T00:00:00Z')),
    ).toEqual([]);
    expect((await readingMonths(db)).defaultRows).toBe(0);
    const { rows } = await sql<{ part: string; value: string }>`select tableoid::regclass::text as part,
      value::text from readings where taken_at = '2031-03-31T23:59:59Z'`.execute(db);
    expect(rows).toEqual([{ part: 'readings_y2031m03', value: '123.5' }]);
  });

  it('reads one partition for a billing month’s readings (the evidence query)', async () => {
    const { rows } = await sql<{ patient_id: number }>`select patient_id from readings
      where taken_at >= '2026-10-01Z' and taken_at < '2026-11-01Z' limit 1`.execute(db);
    const query = readingDays(db, Number(rows[0]?.patient_id), '2026-10-01');
    expect((await query.execute()).length).toBeGreaterThan(0);
    const plan = JSON.stringify(await query.explain('json'));
    const scanned = [...new Set(plan.match(/readings_(y\d{4}m\d{2}|default)/g))];
    expect(scanned).toEqual(['readings_y2026m10']);
  });

  it('lets an old month be detached, its alerts kept', async () => {
    const before = await totals(db);
    const oldest = (await readingMonths(db)).months[0];
    const part = `readings_y${oldest?.replace('-', 'm')}`;
    await sql`alter table readings detach partition ${sql.table(part)}`.execute(db);
    const after = await totals(db);
    expect(after?.alerts).toBe(before?.alerts);
    expect(Number(after?.readings)).toBeLessThan(Number(before?.readings));
    expect((await readingMonths(db)).months).not.toContain(oldest);
  });
});

describe('a new database', () => {
  it('has this month’s and the next month’s partitions once the seed or the app has run', async () => {
    await resetDatabase(db);
    await seedDemo(db, { patients: 3, today: TEST_TODAY });
    const { months, defaultRows } = await readingMonths(db);
    expect(months).toEqual(expect.arrayContaining(['2026-06', '2026-11', '2026-12']));
    expect(defaultRows).toBe(0);
  });

  it('gets the month of the app’s clock and the next one when the app is ready, even on a month’s last second', async () => {
    const job = createReadingMonthsJob({ db, clock: new SimulatedClock(new Date('2034-02-28T23:59:59Z')) });
    await job.start();
    await job.stop();
    expect((await readingMonths(db)).months).toEqual(expect.arrayContaining(['2034-02', '2034-03']));
    expect((await readingMonths(db)).months).not.toContain('2034-04');
  });
});
