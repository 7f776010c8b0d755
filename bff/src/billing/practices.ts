import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import type { BillingScope } from './scope.js';

/** A practice option of the selector (001 §3 "Practice option": label, practice_id, org_id). */
export interface PracticeOption {
  readonly practice_id: number;
  readonly org_id: number;
  readonly label: string;
}

/** Most options one search answers: the selector shows a short list, the user types more to narrow it. */
const SEARCH_LIMIT = 100;

/**
 * The practices of the user's billing scope (001 §6), by name, optionally of one organisation and matching a search
 * (001 §2.4); a membership limited to one location still lists its practice.
 */
export async function practiceOptions(
  db: Db,
  scope: BillingScope,
  opts: { readonly search?: string; readonly organizationId?: number | null },
): Promise<PracticeOption[]> {
  let query = db
    .selectFrom('practices')
    .select(['practices.practice_id', 'practices.organization_id', 'practices.practice_name'])
    .orderBy(sql`lower(practices.practice_name)`)
    .orderBy('practices.practice_id');
  if (!scope.all) query = query.where('practices.practice_id', 'in', [0, ...scope.practices.keys()]);
  if (opts.organizationId != null) query = query.where('practices.organization_id', '=', opts.organizationId);
  const term = opts.search?.trim().toLowerCase() ?? '';
  if (term !== '') {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query
      .where(sql<boolean>`lower(practices.practice_name) like ${like} escape '\\'`)
      .limit(SEARCH_LIMIT);
  }
  const rows = await query.execute();
  return rows.map((row) => ({
    practice_id: row.practice_id,
    org_id: row.organization_id,
    label: row.practice_name,
  }));
}
