import {
  type BillingNeed,
  type monthCloseAnswer,
  monthsBefore,
  NEED_TEXTS,
  REPORT_PROGRAMS,
} from '@rpm/shared';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/schema.js';
import { refreshPeriod } from './period-store.js';
import { type BillingFilter, filterCondition } from './scope.js';

/**
 * The month close of the billing dashboard (decisions.md "Month close"): the month being closed (the last whole
 * month), its patient-months ready to bill, blocked and with their claim sent, and each missing document with how many
 * patients of each billing report it blocks.
 */

type MonthClose = z.infer<typeof monthCloseAnswer>;

/** The report of each program (columns.ts REPORT_PROGRAMS), as SQL. */
const REPORT_OF = sql.raw(
  `case ${Object.entries(REPORT_PROGRAMS)
    .flatMap(([report, programs]) =>
      programs.map((program) => `when pc.program = '${program}' then '${report}'`),
    )
    .join(' ')} end`,
);

/** The month close of the scope: `scope` is the dashboard's filter; the month is the one before `today`'s. */
export async function monthClose(db: Db, scope: BillingFilter, now: Date): Promise<MonthClose> {
  const month = monthsBefore(now.toISOString().slice(0, 7), 1);
  const filter: BillingFilter = { ...scope, month: `${month}-01` };
  await refreshPeriod(db, filter, now);
  const [states, reasons] = await Promise.all([
    sql<{ ready: number; blocked: number; sent: number }>`
      select (count(*) filter (where not r.sent and r.billed))::integer as ready,
        (count(*) filter (where not r.sent and not r.billed and r.blocked))::integer as blocked,
        (count(*) filter (where r.sent and (r.billed or r.blocked)))::integer as sent
      from (
        select s.id, exists (select 1 from billing_claims bc where bc.patient_id = s.patient_id and bc.month = s.month) as sent,
          bool_or(pc.status = 'billed') as billed, bool_or(pc.status = 'blocked') as blocked
        from patient_month_summary s join billing_period_codes pc on pc.summary_id = s.id
        where ${filterCondition(filter)}
        group by s.id) r`.execute(db),
    sql<{ need: BillingNeed; report: string; patients: number }>`
      select u.need, ${REPORT_OF} as report, count(distinct s.id)::integer as patients
      from patient_month_summary s
      join billing_period_codes pc on pc.summary_id = s.id and pc.status = 'blocked'
      cross join unnest(pc.unmet) as u(need)
      where ${filterCondition(filter)}
        and not exists (select 1 from billing_claims bc where bc.patient_id = s.patient_id and bc.month = s.month)
      group by 1, 2`.execute(db),
  ]);
  const counts = states.rows[0] ?? { ready: 0, blocked: 0, sent: 0 };
  const needs = (Object.keys(NEED_TEXTS) as BillingNeed[]).flatMap((need) => {
    const rows = reasons.rows.filter((row) => row.need === need);
    if (rows.length === 0) return [];
    const reports = Object.keys(REPORT_PROGRAMS).flatMap((report) => {
      const row = rows.find((r) => r.report === report);
      return row ? [{ report, patients: row.patients }] : [];
    });
    return [{ need, text: NEED_TEXTS[need], reports }];
  });
  return { month, ...counts, reasons: needs };
}
