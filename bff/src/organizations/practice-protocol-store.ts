import { ESCALATION_CHAIN, seesProtocolDefaults } from '@rpm/shared';
import { sql } from 'kysely';
import type { AuthContext } from '../auth/guard.js';
import type { Db } from '../db/schema.js';
import { protocolDefaultsOf } from '../defaults/protocol-store.js';
import { notFound } from '../domain-errors.js';
import { patientScope, visibleOrganizations } from '../scope.js';

/**
 * Practice Protocol (decisions.md "Practice Protocol"): a practice's RPM protocol read from where each part lives:
 * the organisation's protocol defaults (protocolDefaultsOf, with each vital's source), the practice's escalation
 * minutes, and the escalation chain. Who may edit which part follows the calls that save it.
 */

/** The page updatePractice needs (shared/src/api/practices.ts). */
const PRACTICES_PAGE = 'Practices Table';

async function holdsPage(db: Db, userId: number, page: string): Promise<boolean> {
  const row = await db
    .selectFrom('role_pages as rp')
    .innerJoin('user_roles as ur', 'ur.role_id', 'rp.role_id')
    .select('rp.page')
    .where('ur.user_id', '=', userId)
    .where('rp.page', '=', page)
    .executeTakeFirst();
  return row !== undefined;
}

/** The protocol of the practice (absent: the caller's first by name); 404 naming practice_id outside their scope. */
export async function practiceProtocolOf(db: Db, auth: AuthContext, practiceId: number | undefined) {
  const scope = await patientScope(db, auth);
  const practices = await db
    .selectFrom('practices')
    .select(['practice_id as value', 'practice_name as label'])
    .$if(!scope.all, (q) => q.where('practice_id', 'in', [0, ...scope.practiceIds]))
    .orderBy(sql`lower(practice_name)`)
    .orderBy('practice_id')
    .execute();
  const chosen = practiceId ?? practices[0]?.value;
  if (chosen === undefined || !practices.some((p) => p.value === chosen))
    throw notFound(
      chosen === undefined ? 'You do not belong to any practice.' : `Practice ${chosen} does not exist.`,
      'practice_id',
    );
  const practice = await db
    .selectFrom('practices as pr')
    .innerJoin('organizations as o', 'o.organization_id', 'pr.organization_id')
    .select([
      'pr.practice_id',
      'pr.practice_name',
      'pr.organization_id',
      'o.organization_name',
      'pr.escalation_critical_minutes',
      'pr.escalation_abnormal_minutes',
    ])
    .where('pr.practice_id', '=', chosen)
    .executeTakeFirstOrThrow();
  const orgs = await visibleOrganizations(db, auth);
  const protocol = await protocolDefaultsOf(db, orgs, practice.organization_id);
  const ours = orgs === 'all' || orgs.includes(practice.organization_id);
  return {
    ...practice,
    practices,
    can_edit_escalation: ours && (await holdsPage(db, auth.userId, PRACTICES_PAGE)),
    can_edit_levels: ours && seesProtocolDefaults({ roleid: [...auth.roleid] }),
    reading_days: protocol.reading_days,
    check_in_frequency: protocol.check_in_frequency,
    vitals: protocol.vitals,
    chain: ESCALATION_CHAIN.map((t, n) => ({
      tier: n + 1,
      role: t.role,
      label: t.label,
      critical_after_minutes: (n + 1) * practice.escalation_critical_minutes,
      abnormal_after_minutes: (n + 1) * practice.escalation_abnormal_minutes,
    })),
  };
}
