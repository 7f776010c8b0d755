import { createHash } from 'node:crypto';
import { CLAIM_STATUS_UPLOAD_COLUMNS, displayDate, isoDay, shiftDay } from '@rpm/shared';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import type { Db } from '../schema.js';
import { startOfMonthsAgo } from './dates.js';

/**
 * The demo's Billing Uploads (decisions.md "Billing Uploads", "Denials worklist"): one committed claim-status file per
 * organisation, uploaded by its biller a few days ago, with three lines in each practice: one paid and two denied
 * with the payer's reason, so the worklist has lines to work. Dates are relative to today. No 'Claim Sent' is recorded,
 * so the billing report stays as the rest of the seed makes it. No random draws.
 */

const REASONS = [
  'CO-197 Precertification/authorization absent',
  'CO-16 Claim lacks information needed for adjudication',
  'CO-50 Not deemed a medical necessity by the payer',
] as const;

/** The three lines of a practice, by its patients in id order: what each is, when and how much. */
function linesOf(practiceN: number, today: Date) {
  const twoMonthsAgo = isoDay(startOfMonthsAgo(today, 2));
  const lastMonth = isoDay(startOfMonthsAgo(today, 1));
  return [
    { code: '99454', dos: shiftDay(twoMonthsAgo, 4), status: 'paid', amount: 47.1, reason: null },
    {
      code: '99457',
      dos: shiftDay(lastMonth, 9),
      status: 'denied',
      amount: 51.77,
      reason: REASONS[practiceN % REASONS.length] as string,
    },
    {
      code: '99458',
      dos: shiftDay(lastMonth, 19),
      status: 'denied',
      amount: 41.42,
      reason: REASONS[(practiceN + 1) % REASONS.length] as string,
    },
  ] as const;
}

export async function seedClaimStatus(trx: Db, opts: { readonly today: Date; readonly adminId: number }) {
  const { rows: patients } = await sql<{
    patient_id: number;
    organization_id: number;
    practice_id: number;
    mrn: string;
    n: number;
    practice_n: number;
  }>`select patient_id, organization_id, practice_id, mrn, n::integer, practice_n::integer from (
      select p.patient_id, p.organization_id, p.practice_id, p.mrn,
        row_number() over (partition by p.practice_id order by p.patient_id) as n,
        dense_rank() over (order by p.practice_id) as practice_n
      from patients p where p.mrn is not null and p.merged_into_id is null and p.deactivated_at is null) x
    where n <= 3 order by organization_id, practice_id, patient_id`.execute(trx);
  const organizations = [...new Set(patients.map((p) => p.organization_id))];
  const at = new Date(opts.today.getTime() - 3 * 86_400_000 + 10 * 3_600_000);
  const reasonIds = new Map<string, number>();
  for (const reason of REASONS) {
    const row = await trx
      .insertInto('claim_denial_reasons')
      .values({ reason })
      .returning('reason_id')
      .executeTakeFirstOrThrow();
    reasonIds.set(reason, row.reason_id);
  }
  for (const organizationId of organizations) {
    const biller = await trx
      .selectFrom('users as u')
      .innerJoin('user_roles as r', 'r.user_id', 'u.user_id')
      .select('u.user_id')
      .where('u.organization_id', '=', organizationId)
      .where('r.role_id', 'in', [10, 11])
      .orderBy('u.user_id')
      .executeTakeFirst();
    const userId = biller?.user_id ?? opts.adminId;
    const lines = patients
      .filter((p) => p.organization_id === organizationId)
      .map((p) => {
        const line = linesOf(p.practice_n, opts.today)[p.n - 1] as ReturnType<typeof linesOf>[number];
        return { patient: p, line, claim: `CLM-${p.practice_id}-${p.patient_id}-${p.n}` };
      });
    const content = stringify(
      [
        CLAIM_STATUS_UPLOAD_COLUMNS.map((c) => c.header),
        ...lines.map(({ patient, line, claim }) => [
          claim,
          patient.mrn,
          line.code,
          displayDate(line.dos),
          line.status,
          line.amount.toFixed(2),
          line.reason ?? '',
        ]),
      ],
      { record_delimiter: 'windows' },
    );
    const upload = await trx
      .insertInto('uploads')
      .values({
        kind: 'claims',
        user_id: userId,
        organization_id: organizationId,
        file_name: 'claim-status.csv',
        content,
        size_bytes: Buffer.byteLength(content),
        sha256: createHash('sha256').update(content).digest('hex'),
        column_map: JSON.stringify({
          fields: CLAIM_STATUS_UPLOAD_COLUMNS.map((c, i) => [c.field, i]),
          headers: CLAIM_STATUS_UPLOAD_COLUMNS.map((c) => c.header),
          ignored: [],
        }),
        outcomes: 'n'.repeat(lines.length),
        status: 'committed',
        uploaded_at: new Date(at.getTime() - 600_000),
        committed_at: at,
        all_or_nothing: false,
        update_existing: false,
        total_rows: lines.length,
        new_rows: lines.length,
        update_rows: 0,
        unchanged_rows: 0,
        duplicate_rows: 0,
        invalid_rows: 0,
        created_rows: lines.length,
      })
      .returning('upload_id')
      .executeTakeFirstOrThrow();
    for (const { patient, line, claim } of lines) {
      const reasonId = line.reason === null ? null : (reasonIds.get(line.reason) ?? null);
      const stored = await trx
        .insertInto('claim_status_lines')
        .values({
          organization_id: organizationId,
          practice_id: patient.practice_id,
          patient_id: patient.patient_id,
          claim_number: claim,
          cpt_code: line.code,
          date_of_service: line.dos,
          status: line.status,
          amount: line.amount,
          denial_reason_id: reasonId,
          upload_id: upload.upload_id,
          created_at: at,
          updated_at: at,
        })
        .returning('line_id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('claim_status_history')
        .values({
          line_id: stored.line_id,
          status: line.status,
          amount: line.amount,
          denial_reason_id: reasonId,
          upload_id: upload.upload_id,
          recorded_at: at,
          recorded_by: userId,
        })
        .execute();
    }
  }
}
