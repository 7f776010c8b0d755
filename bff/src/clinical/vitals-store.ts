import { daysAgo } from '@rpm/shared';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

/**
 * The vitals history summary of the Clinical tab: per vital with readings in the last `days` days (24-hour days
 * back from `now`), the count, the last reading, the lowest, the highest and the average (one decimal).
 */
export async function vitalsSummary(db: Db, patientId: number, days: number, now: Date) {
  const rows = await db
    .selectFrom('readings as r')
    .innerJoin('vitals as v', 'v.vital_id', 'r.vital_id')
    .select([
      'r.vital_id',
      'v.vital_type',
      'v.unit',
      (eb) => eb.fn.countAll<number>().as('readings'),
      sql<number>`(array_agg(r.value order by r.taken_at desc, r.reading_id desc))[1]`.as('last_value'),
      sql<Date>`max(r.taken_at)`.as('last_taken_at'),
      sql<number>`min(r.value)`.as('min'),
      sql<number>`max(r.value)`.as('max'),
      sql<number>`round(avg(r.value), 1)`.as('average'),
    ])
    .where('r.patient_id', '=', patientId)
    .where('r.taken_at', '>', daysAgo(now, days))
    .where('r.taken_at', '<=', now)
    .groupBy(['r.vital_id', 'v.vital_type', 'v.unit'])
    .orderBy('r.vital_id')
    .execute();
  return rows.map((r) => ({
    vital_id: r.vital_id,
    vital_type: r.vital_type,
    unit: r.unit,
    readings: Number(r.readings),
    last_value: Number(r.last_value),
    last_taken_at: new Date(r.last_taken_at).toISOString(),
    min: Number(r.min),
    max: Number(r.max),
    average: Number(r.average),
  }));
}
