import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/schema.js';
import { testDatabase } from '../db/test-database.js';
import { refreshPeriod } from './period-store.js';
import { allRows, pageRows, reportTotals } from './report.js';
import { type BillingFilter, billingScope, resolveBillingFilter } from './scope.js';

let db: Db;
let close: () => Promise<void>;
let filter: BillingFilter;

beforeAll(async () => {
  ({ db, close } = await testDatabase({ seedPatients: 60 }));
  ({ filter } = await resolveBillingFilter(db, await billingScope(db, { userId: 1, roleid: [1] }), {
    month: 10,
    year: 2026,
  }));
  await refreshPeriod(db, filter, new Date('2026-11-02T09:00:00Z'));
});
afterAll(async () => close());

describe('allRows (the PDF reads the month in chunks)', () => {
  it.each([
    ['patient_id', 'asc'],
    ['patient_id', 'desc'],
    ['patient_name', 'asc'],
    ['patient_name', 'desc'],
    ['assigned_date', 'asc'],
    ['assigned_date', 'desc'],
  ] as const)(
    'gives every row in the page order, by %s %s, whatever the chunk size',
    async (orderby, order) => {
      const { count } = await reportTotals(db, filter);
      expect(count).toBeGreaterThan(20);
      const reference = await pageRows(db, filter, { orderby, order }, { page: 0, rowsPerPage: count + 10 });
      expect(reference).toHaveLength(count);
      for (const chunk of [1, 7, 1000]) {
        const rows = await allRows(db, filter, { orderby, order }, chunk);
        expect(rows.map((row) => row.id)).toEqual(reference.map((row) => row.id));
      }
    },
  );
});
