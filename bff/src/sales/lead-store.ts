import { leadsTable } from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { activeSelect, byStatus, configSource } from '../configuration/config-source.js';
import { dayText } from '../db/sql-day.js';
import { organizationOptions, organizationScope } from '../lists/organization-scope.js';
import { rankSql } from '../lists/rank.js';
import { by, byText, inIds } from '../lists/sql.js';

/** Leads (decisions.md "Leads") of the viewer's organisations, in the configuration tables' store shape. */
export const leadSource = configSource(leadsTable.list, {
  from: sql`leads l join organizations o on o.organization_id = l.organization_id`,
  select: {
    lead_id: sql`l.lead_id`,
    organization_id: sql`l.organization_id`,
    organization: sql`o.organization_name`,
    practice_name: sql`l.practice_name`,
    contact_name: sql`l.contact_name`,
    contact_phone: sql`l.contact_phone`,
    contact_email: sql`l.contact_email`,
    stage: sql`l.stage`,
    next_follow_up: dayText('l.next_follow_up'),
    ...activeSelect('l.active'),
  },
  sort: {
    practice_name: byText(sql`l.practice_name`),
    contact_name: byText(sql`l.contact_name`),
    stage: by(rankSql(leadsTable.list.columns, 'stage', sql`l.stage`)),
    next_follow_up: by(sql`l.next_follow_up`),
    organization: byText(sql`o.organization_name`),
    status: byStatus('l.active'),
  },
  id: 'l.lead_id',
  search: sql`l.practice_name || ' ' || l.contact_name`,
  scope: (db, viewer) => organizationScope(db, viewer.auth, 'l.organization_id'),
  where: {
    lead_stage: {
      shows: 'stage',
      as: 'value',
      when: (stages) => sql<SqlBool>`l.stage = any(${[...stages]}::text[])`,
    },
    organization_id: { shows: 'organization', when: (ids) => inIds('l.organization_id', ids) },
  },
  options: { organization_id: organizationOptions },
});
