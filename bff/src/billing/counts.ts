import { BILLING_CODES, type billingCounts, REPORT_PROGRAMS, toDollars } from '@rpm/shared';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/schema.js';
import { type BillingFilter, filterCondition } from './scope.js';

/** The spec's count fields (001 §3 "Billing count summary"): patients billing the rule at least `unit` units. */
const COUNTED = [
  { rule: '99453', unit: 1, field: 'count99453' },
  { rule: '99454', unit: 1, field: 'count99454' },
  { rule: '99457', unit: 1, field: 'count99457' },
  { rule: '99458', unit: 1, field: 'count99458_40Mins' },
  { rule: '99458', unit: 2, field: 'count99458_60Mins' },
  { rule: '98980', unit: 1, field: 'count98980' },
  { rule: '98981', unit: 1, field: 'count98981_40Mins' },
  { rule: '98981', unit: 2, field: 'count98981_60Mins' },
] as const;

/** One bar of the dashboard: a code billed in the month. */
interface CodeBar {
  readonly code: string;
  readonly label: string;
  readonly program: string;
  readonly patients: number;
  readonly units: number;
  readonly amount: number;
}

/** The dashboard's figures for a month and scope. */
export interface CountSummary {
  readonly data: z.infer<typeof billingCounts>;
  readonly codes: readonly CodeBar[];
  readonly reports: readonly { readonly report: string; readonly amount: number }[];
  /** Revenue of every code billed in the scope's month: the sum of the billing reports' totals. */
  readonly total: number;
}

/** Billed patients, units and cents per rule (and per rule with two units) in the filter's month. */
async function ruleCounts(db: Db, filter: BillingFilter) {
  const rows = await sql<{ rule_id: string; patients: number; twice: number; units: number; cents: string }>`
    select pc.rule_id, count(*)::integer as patients, (count(*) filter (where pc.units >= 2))::integer as twice,
      sum(pc.units)::integer as units, sum(pc.cents)::bigint as cents
    from billing_period_codes pc join patient_month_summary s on s.id = pc.summary_id
    where ${filterCondition(filter)} and pc.status = 'billed'
    group by pc.rule_id`.execute(db);
  return new Map(rows.rows.map((row) => [row.rule_id, row]));
}

/**
 * The dashboard (001 §3 counts, and a bar per code billed): every figure from the stored period results the
 * reports read, so the dashboard's total is the sum of the reports' totals.
 */
export async function countSummary(db: Db, filter: BillingFilter): Promise<CountSummary> {
  const rules = await ruleCounts(db, filter);
  // Each report's revenue is its programs' share of the same rows (the reports' own totals: programTotals).
  const programOf = new Map(BILLING_CODES.map((rule) => [rule.id, rule.program as string]));
  const reports = Object.entries(REPORT_PROGRAMS).map(([report, programs]) => {
    let cents = 0;
    for (const [id, row] of rules)
      if ((programs as readonly string[]).includes(programOf.get(id) ?? '')) cents += Number(row.cents);
    return { report, amount: toDollars(cents) };
  });
  const data = Object.fromEntries(
    COUNTED.map((entry) => {
      const row = rules.get(entry.rule);
      return [entry.field, (entry.unit === 1 ? row?.patients : row?.twice) ?? 0];
    }),
  ) as z.infer<typeof billingCounts>;
  const codes = BILLING_CODES.flatMap((rule) => {
    const row = rules.get(rule.id);
    if (!row) return [];
    return [
      {
        code: rule.code,
        label: rule.label,
        program: rule.program,
        patients: row.patients,
        units: row.units,
        amount: toDollars(Number(row.cents)),
      },
    ];
  });
  const cents = reports.reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
  return { data, codes, reports, total: toDollars(cents) };
}
