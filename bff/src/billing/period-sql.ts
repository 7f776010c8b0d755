import { NEED_TEXTS } from '@rpm/shared';
import { type RawBuilder, sql } from 'kysely';
import { labelSql } from '../lists/rank.js';

/** SQL over the stored period results that several billing screens show alike. */

/** A billed line's cell text, as `codeText` writes it: the code, with its units when more than one ('99458 ×2'). */
export const codeTextSql = (alias: string) =>
  sql<string>`case when ${sql.ref(`${alias}.units`)} > 1
    then ${sql.ref(`${alias}.code`)} || ' ×' || ${sql.ref(`${alias}.units`)} else ${sql.ref(`${alias}.code`)} end`;

/**
 * What the blocked codes of a summary row (alias `s`) lack for the programs, grouped by the missing document:
 * 'No consent on file: 99454, 99457; No signed care plan: 99490'; null when none is blocked.
 */
export const notBillableSql = (programs: readonly string[]): RawBuilder<string | null> => sql<string | null>`(
  select string_agg(t.text || ': ' || t.codes, '; ' order by t.text) from (
    select ${labelSql('u.need', NEED_TEXTS)} as text, string_agg(pc.code, ', ' order by pc.rule_id) as codes
    from billing_period_codes pc cross join unnest(pc.unmet) as u(need)
    where pc.summary_id = s.id and pc.program = any(${[...programs]}::text[]) and pc.status = 'blocked'
    group by 1) t)`;
