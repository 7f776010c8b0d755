import type { RawBuilder } from 'kysely';
import { sql } from 'kysely';
import { and, likeWord, searchTerms, type Where } from './sql.js';

/** A search over a text of the row (a name, an IMEI): every word occurs in it, case aside; undefined when empty. */
export function textSearchSql(search: string, text: RawBuilder<string>): Where | undefined {
  const words = searchTerms(search).searchWords;
  if (words.length === 0) return undefined;
  return and(words.map((word) => sql`lower(${text}) like ${likeWord(word)} escape '\\'`));
}
