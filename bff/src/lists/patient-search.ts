import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { likeWord, searchTerms } from './sql.js';

/**
 * A list's search box over its patients (alias `p`): every word in the patient's name (or, with `textColumn`, in
 * that text instead: an IMEI, a tracking number), or a number as the RPM ID or, with `idColumn`, the row's own id.
 * Undefined for an empty search.
 */
export function patientSearchSql(
  search: string | undefined,
  idColumn?: string,
  textColumn?: RawBuilder<string>,
): RawBuilder<SqlBool> | undefined {
  const { searchWords, searchId } = searchTerms(search ?? '');
  if (searchWords.length === 0) return undefined;
  const name = sql.join(
    searchWords.map((word) => {
      const like = likeWord(word);
      const inName = sql`billing_sort_name(p.lastname, p.firstname) like ${like} escape '\\'`;
      return textColumn ? sql`(${inName} or lower(${textColumn}) like ${like} escape '\\')` : inName;
    }),
    sql` and `,
  );
  if (searchId === null) return sql<SqlBool>`(${name})`;
  const ownId = idColumn ? sql` or ${sql.ref(idColumn)} = ${searchId}` : sql``;
  return sql<SqlBool>`(p.patient_id = ${searchId}${ownId} or (${name}))`;
}
