import { CLAIM_LINE_STATUSES, CLAIM_TEXT, denialsList, isoDay } from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import { dayText } from '../db/sql-day.js';
import { conflict, notFound } from '../domain-errors.js';
import { listSource } from '../lists/declare.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { labelSql } from '../lists/rank.js';
import type { ListViewer } from '../lists/source.js';
import { and, by, byPatientName, inIds, options, PRACTICE_FILTER } from '../lists/sql.js';
import { patientFields } from '../patients/identity-sql.js';
import { type BillingScope, billingScope, billingScopeSql } from './scope.js';

/**
 * The Denials Worklist (decisions.md "Denials worklist"): denied claim lines of the biller's practices (billingScope,
 * by the patient's practice and location) not yet resubmitted, with the product's claim of the month of service.
 */

const FROM = sql`claim_status_lines l
  join patients p on p.patient_id = l.patient_id
  join practices pr on pr.practice_id = p.practice_id
  join claim_denial_reasons r on r.reason_id = l.denial_reason_id
  left join billing_claims bc on bc.patient_id = l.patient_id
    and bc.month = date_trunc('month', l.date_of_service)::date`;

/** On the worklist: denied and not resubmitted. */
const OPEN = sql<SqlBool>`(l.status = 'denied' and l.resubmitted_at is null)`;

/** Every status the uploads recorded for the line, oldest first. */
const HISTORY = sql<string>`coalesce((select string_agg(${labelSql('h.status', CLAIM_LINE_STATUSES)} || ' '
    || to_char(h.recorded_at at time zone 'UTC', 'MM/DD/YYYY'), '; ' order by h.history_id)
  from claim_status_history h where h.line_id = l.line_id), '')`;

const ageDays = (today: string) => sql<number>`(${today}::date - l.date_of_service)`;

/** The options of the practice and reason filters: the practices of the scope, the reasons on its worklist. */
async function filterOptions(db: Db, viewer: ListViewer) {
  const scope = await billingScope(db, viewer.auth);
  const practices = scope.all ? sql<SqlBool>`true` : inIds('practice_id', [...scope.practices.keys()]);
  return {
    practice: await options(
      db,
      sql`select practice_id as value, practice_name as label from practices where ${practices}
        order by lower(practice_name) collate "C", practice_id`,
    ),
    reason: await options(
      db,
      sql`select distinct r.reason_id as value, r.reason as label, lower(r.reason) collate "C" as sort
        from claim_status_lines l join patients p on p.patient_id = l.patient_id
        join claim_denial_reasons r on r.reason_id = l.denial_reason_id
        where ${OPEN} and ${billingScopeSql(scope, 'p')} order by sort, value`,
    ),
  };
}

export const denialsSource = listSource(denialsList, {
  prepare: (db, { viewer }) => billingScope(db, viewer.auth),
  from: FROM,
  scope: ({ prepared: scope }) => and([OPEN, billingScopeSql(scope, 'p')]),
  id: 'l.line_id',
  select: ({ today }) => ({
    line_id: sql`l.line_id`,
    ...patientFields(),
    mrn: sql`p.mrn`,
    practice_name: sql`pr.practice_name`,
    claim_number: sql`l.claim_number`,
    cpt_code: sql`l.cpt_code`,
    date_of_service: dayText('l.date_of_service'),
    amount: sql`l.amount`,
    denial_reason: sql`r.reason`,
    age_days: ageDays(today),
    claim_sent: sql`to_char(bc.claimed_at at time zone 'UTC', 'YYYY-MM-DD')`,
    history: HISTORY,
  }),
  sort: ({ today }) => ({
    patient_name: byPatientName,
    date_of_service: by(sql`l.date_of_service`),
    amount: by(sql`l.amount`),
    age_days: by(ageDays(today)),
  }),
  where: {
    practice: PRACTICE_FILTER,
    reason: { shows: 'denial_reason', when: (reasons) => inIds('l.denial_reason_id', reasons) },
  },
  search: (text) =>
    patientSearchSql(text, undefined, sql<string>`coalesce(p.mrn, '') || ' ' || l.claim_number`),
  options: filterOptions,
});

/**
 * Resubmit (decisions.md "Denials worklist"): records who resubmitted a denied line and when, with its audit row;
 * 404 for a line outside the scope (as for an unknown one), 409 when resubmitted already or not denied.
 */
export async function resubmitLine(
  db: Db,
  by: AuditActor,
  scope: BillingScope,
  lineId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      patient_id: number;
      claim_number: string;
      cpt_code: string;
      date_of_service: Date;
      status: string;
      resubmitted_at: Date | null;
    }>`select l.patient_id, l.claim_number, l.cpt_code, l.date_of_service, l.status, l.resubmitted_at
      from claim_status_lines l join patients p on p.patient_id = l.patient_id
      where l.line_id = ${lineId} and ${billingScopeSql(scope, 'p')}
      for update of l`.execute(trx);
    const line = rows[0];
    if (!line) throw notFound(`Claim line ${lineId} does not exist.`, 'line_id');
    if (line.resubmitted_at !== null) throw conflict(CLAIM_TEXT.alreadyResubmitted, 'line_id');
    if (line.status !== 'denied') throw conflict(CLAIM_TEXT.notDenied, 'line_id');
    await trx
      .updateTable('claim_status_lines')
      .set({ resubmitted_at: by.at, resubmitted_by: by.userId, updated_at: by.at })
      .where('line_id', '=', lineId)
      .execute();
    await audit(trx, {
      ...by,
      action: 'resubmit_claim_line',
      entity: 'claim_status_line',
      entityId: lineId,
      detail: {
        patient_id: line.patient_id,
        claim: line.claim_number,
        code: line.cpt_code,
        date_of_service: isoDay(line.date_of_service),
      },
    });
  });
}
