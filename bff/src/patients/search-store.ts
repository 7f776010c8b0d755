import { PATIENT_SEARCH_MAX, type PatientMatch, type PatientSearchTerms } from '@rpm/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { dayText, sqlDay } from '../db/sql-day.js';
import type { PatientScope } from '../scope.js';

/**
 * The header's patient search (000 §2.7) and the identities it shows, each way of finding one index lookup
 * (decisions.md "Patient search index").
 */

/** The last ten digits of a stored number, as the patients_*_digits_idx indexes of migration 0018 hold them. */
export const tenDigitsSql = (column: 'p.mobile' | 'p.phone') =>
  sql<string>`right(regexp_replace(coalesce(${sql.ref(column)}, ''), '\\D', '', 'g'), 10)`;

/** Rank of a match: an identifier or date of birth, then a name of whole words, then a name of word prefixes. */
const EXACT = 0;
const WHOLE_WORDS = 1;
const PREFIXES = 2;

/** One way of finding: `select patient_id, rank from patients p where …`. */
const found = (rank: number, where: RawBuilder<unknown>) =>
  sql`select p.patient_id, ${sql.lit(rank)} as rank from patients p where ${where}`;

/** The searches a text makes, each answered by one index. */
function lookups(terms: PatientSearchTerms): RawBuilder<unknown>[] {
  const ways: RawBuilder<unknown>[] = [];
  if (terms.patientId !== null) ways.push(found(EXACT, sql`p.patient_id = ${terms.patientId}`));
  if (terms.mrn !== null) ways.push(found(EXACT, sql`lower(p.mrn) = ${terms.mrn} and p.mrn is not null`));
  if (terms.phone !== null)
    ways.push(
      found(EXACT, sql`${tenDigitsSql('p.mobile')} = ${terms.phone}`),
      found(EXACT, sql`${tenDigitsSql('p.phone')} = ${terms.phone}`),
    );
  if (terms.dob !== null) ways.push(found(EXACT, sql`p.dob = ${sqlDay(terms.dob)}`));
  if (terms.name) {
    // An empty word list would be contained in every patient's keys: the guard keeps it from matching all.
    const words = sql`public.patient_search_words(${terms.text})`;
    const keys = sql`public.patient_search_keys(p.firstname, p.lastname)`;
    const some = sql`cardinality(${words}) > 0`;
    ways.push(
      found(WHOLE_WORDS, sql`${keys} @> public.patient_search_exact(${words}) and ${some}`),
      found(PREFIXES, sql`${keys} @> ${words} and ${some}`),
    );
  }
  return ways;
}

/** The patients `terms` find in `scope`, merged ones left out: at most PATIENT_SEARCH_MAX, exact matches first. */
export async function searchPatients(
  db: Db,
  scope: PatientScope,
  terms: PatientSearchTerms,
): Promise<PatientMatch[]> {
  const ways = lookups(terms);
  if (ways.length === 0) return [];
  // No parallel workers: at 100,000 patients a common last name (1,260 matches) tipped PostgreSQL into a parallel
  // plan whose workers took 150 ms to start for 3 ms of work (decisions.md "Patient search index").
  return db.transaction().execute(async (trx) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    return matchesOf(trx, scope, ways);
  });
}

async function matchesOf(
  db: Db,
  scope: PatientScope,
  ways: readonly RawBuilder<unknown>[],
): Promise<PatientMatch[]> {
  const { rows } = await sql<PatientMatch & { rank: number }>`
    select p.patient_id, p.firstname, p.lastname, ${dayText('p.dob')} as dob, p.mrn, pr.practice_name
    from (select patient_id, min(rank) as rank from (${sql.join(ways, sql` union all `)}) as f group by patient_id) m
    join patients p on p.patient_id = m.patient_id
    join practices pr on pr.practice_id = p.practice_id
    where p.merged_into_id is null and ${scope.visible('p')}
    order by m.rank, lower(p.lastname), lower(p.firstname), p.patient_id
    limit ${PATIENT_SEARCH_MAX}`.execute(db);
  return rows;
}

/** Patients as a search shows them (identity and practice), merged records left out; narrow it with `where` on `p`. */
export function patientMatches(db: Db) {
  return db
    .selectFrom('patients as p')
    .innerJoin('practices as pr', 'pr.practice_id', 'p.practice_id')
    .select([
      'p.patient_id',
      'p.firstname',
      'p.lastname',
      dayText('p.dob').as('dob'),
      'p.mrn',
      'pr.practice_name',
    ])
    .where('p.merged_into_id', 'is', null);
}

/** The identities of these patients in order (recent charts), without those the user may not read or merged ones. */
export async function patientIdentities(
  db: Db,
  scope: PatientScope,
  patientIds: readonly number[],
): Promise<PatientMatch[]> {
  const rows = await patientMatches(db)
    .where('p.patient_id', 'in', patientIds)
    .where(scope.visible('p'))
    .execute();
  const byId = new Map(rows.map((row) => [row.patient_id, row]));
  return patientIds.flatMap((id) => byId.get(id) ?? []);
}
