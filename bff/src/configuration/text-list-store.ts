import {
  insurancePlansTable,
  insuranceTableTable,
  messageCategoriesTable,
  messageTemplatesTable,
  noteCategoriesTable,
  noteCommentsTable,
} from '@rpm/shared';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { organizationOptions, organizationScope } from '../lists/organization-scope.js';
import { by, byText, inIds, options } from '../lists/sql.js';
import { activeSelect, byStatus, configSource } from './config-source.js';

/** The text and insurance configuration tables' stores (shared/src/lists/configuration-texts.ts). */

/** A category table and its child rows' table, counted per category. */
function categorySource(table: 'message_categories' | 'note_categories', children: string) {
  const rows = sql`(select count(*)::int from ${sql.table(children)} x where x.category_id = c.category_id)`;
  const def = table === 'message_categories' ? messageCategoriesTable.list : noteCategoriesTable.list;
  return configSource(def, {
    from: sql`${sql.table(table)} c`,
    select: { category_id: sql`c.category_id`, name: sql`c.name`, rows, ...activeSelect('c.active') },
    sort: { name: byText(sql`c.name`), rows: by(rows), status: byStatus('c.active') },
    id: 'c.category_id',
    search: sql`c.name`,
  });
}

const categoryOptions = (table: 'message_categories' | 'note_categories') => (db: Db) =>
  options(
    db,
    sql`select category_id as value, name as label from ${sql.table(table)} order by lower(name), category_id`,
  );

const ACCEPTED_FROM = sql`organization_insurances a
  join organizations o on o.organization_id = a.organization_id
  join insurance_plans p on p.plan_id = a.plan_id`;
const PLAN_ORGANIZATIONS = sql`(select count(*)::int from organization_insurances a where a.plan_id = p.plan_id)`;

export const textConfigSources = () => ({
  'messages-category': categorySource('message_categories', 'message_templates'),
  'notes-category': categorySource('note_categories', 'note_comments'),
  'messages-template': configSource(messageTemplatesTable.list, {
    from: sql`message_templates t join message_categories c on c.category_id = t.category_id`,
    select: {
      template_id: sql`t.template_id`,
      title: sql`t.title`,
      body: sql`t.body`,
      category_id: sql`t.category_id`,
      category: sql`c.name`,
      ...activeSelect('t.active'),
    },
    sort: { title: byText(sql`t.title`), category: byText(sql`c.name`), status: byStatus('t.active') },
    id: 't.template_id',
    search: sql`t.title || ' ' || t.body`,
    where: { category_id: { shows: 'category', when: (ids) => inIds('t.category_id', ids) } },
    options: { category_id: categoryOptions('message_categories') },
  }),
  'notes-comments': configSource(noteCommentsTable.list, {
    from: sql`note_comments n join note_categories c on c.category_id = n.category_id`,
    select: {
      comment_id: sql`n.comment_id`,
      comment: sql`n.comment`,
      category_id: sql`n.category_id`,
      category: sql`c.name`,
      ...activeSelect('n.active'),
    },
    sort: { comment: byText(sql`n.comment`), category: byText(sql`c.name`), status: byStatus('n.active') },
    id: 'n.comment_id',
    search: sql`n.comment`,
    where: { category_id: { shows: 'category', when: (ids) => inIds('n.category_id', ids) } },
    options: { category_id: categoryOptions('note_categories') },
  }),
  'insurance-plans': configSource(insurancePlansTable.list, {
    from: sql`insurance_plans p`,
    select: {
      plan_id: sql`p.plan_id`,
      payer: sql`p.payer`,
      plan_name: sql`p.plan_name`,
      plan_type: sql`p.plan_type`,
      organizations: PLAN_ORGANIZATIONS,
      ...activeSelect('p.active'),
    },
    sort: {
      payer: byText(sql`p.payer`),
      plan_name: byText(sql`p.plan_name`),
      plan_type: byText(sql`p.plan_type`),
      organizations: by(PLAN_ORGANIZATIONS),
      status: byStatus('p.active'),
    },
    id: 'p.plan_id',
    search: sql`p.payer || ' ' || p.plan_name`,
  }),
  // The organisation's accepted insurances: rows of another organisation are not the viewer's to see.
  'insurance-table': configSource(insuranceTableTable.list, {
    from: ACCEPTED_FROM,
    select: {
      accepted_id: sql`a.accepted_id`,
      organization_id: sql`a.organization_id`,
      organization: sql`o.organization_name`,
      plan_id: sql`a.plan_id`,
      payer: sql`p.payer`,
      plan_name: sql`p.plan_name`,
      plan_type: sql`p.plan_type`,
      ...activeSelect('a.active'),
    },
    sort: {
      organization: byText(sql`o.organization_name`),
      payer: byText(sql`p.payer`),
      plan_name: byText(sql`p.plan_name`),
      plan_type: byText(sql`p.plan_type`),
      status: byStatus('a.active'),
    },
    id: 'a.accepted_id',
    search: sql`p.payer || ' ' || p.plan_name`,
    scope: (db, viewer) => organizationScope(db, viewer.auth, 'a.organization_id'),
    where: {
      organization_id: { shows: 'organization', when: (ids) => inIds('a.organization_id', ids) },
      // The row shows the plan's payer and name apart, not the option's 'payer – plan name'.
      plan_id: (ids) => inIds('a.plan_id', ids),
    },
    options: {
      organization_id: organizationOptions,
      plan_id: (db) =>
        options(
          db,
          sql`select plan_id as value, payer || ' – ' || plan_name as label from insurance_plans
            order by lower(payer), lower(plan_name), plan_id`,
        ),
    },
  }),
});
