import { sql } from 'kysely';
import type { Db } from '../schema.js';

/** The demo's sleep-study resources (decisions.md "SS Resource"): links every organisation's sleep team uses. */
const RESOURCES = [
  ['AASM Scoring Manual overview', 'Guide', 'https://aasm.org/clinical-resources/scoring-manual/'],
  [
    'Home sleep apnea test instructions',
    'Patient handout',
    'https://sleepeducation.org/sleep-disorders/obstructive-sleep-apnea/',
  ],
  ['Epworth Sleepiness Scale', 'Form', 'https://epworthsleepinessscale.com/about-the-ess/'],
  ['STOP-Bang questionnaire', 'Form', 'http://www.stopbang.ca/osa/screening.php'],
  [
    'CPAP adherence protocol',
    'Protocol',
    'https://aasm.org/clinical-resources/practice-standards/practice-guidelines/',
  ],
  ['Sleep technologist onboarding', 'Training', 'https://www.aast.org/education/'],
] as const;

/** Six link resources per organisation, added by the top administrator over the last weeks. */
export async function seedSsResources(
  trx: Db,
  { today, adminId }: { today: Date; adminId: number },
): Promise<void> {
  const values = sql.join(
    RESOURCES.map(([title, category, url], n) => sql`(${title}, ${category}, ${url}, ${n}::int)`),
  );
  await sql`insert into ss_resources (organization_id, title, category, description, url, uploaded_by, uploaded_at)
    select o.organization_id, r.title, r.category, r.title || ' for the sleep team of ' || o.organization_name,
      r.url, ${adminId}, ${today}::timestamptz - (r.n * 3 + o.organization_id) * interval '1 day'
    from organizations o cross join (values ${values}) as r(title, category, url, n)
    order by o.organization_id, r.n`.execute(trx);
}
