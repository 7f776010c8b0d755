import {
  ALL_ORGANIZATIONS_LABEL,
  interpretationTemplatesList,
  SLEEP_STUDY_KIND_LABELS,
  type SleepStudyKind,
  TEMPLATE_STATUS,
} from '@rpm/shared';
import { type SqlBool, sql, type Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { timeText } from '../db/sql-day.js';
import { forbidden, notFound } from '../domain-errors.js';
import { listSource } from '../lists/declare.js';
import { labelSql } from '../lists/rank.js';
import type { ListViewer } from '../lists/source.js';
import { and, by, fullName, inIds, likeWord, options, searchTerms, type Where } from '../lists/sql.js';
import { visibleOrganizations } from '../scope.js';

/**
 * Custom Interpretation Config's store: the templates of the viewer's organisations and the shared ones, which only
 * lowest role 1 may change (decisions.md "Interpretation templates").
 */

type Orgs = 'all' | number[];

const FROM = sql`interpretation_templates t
  join users u on u.user_id = t.created_by
  left join organizations o on o.organization_id = t.organization_id`;

const readable = (orgs: Orgs): Where =>
  orgs === 'all'
    ? sql<SqlBool>`true`
    : sql<SqlBool>`(t.organization_id is null or ${inIds('t.organization_id', orgs)})`;

const KIND = labelSql('t.kind', SLEEP_STUDY_KIND_LABELS);
const ORG_NAME = sql<string>`coalesce(o.organization_name, ${ALL_ORGANIZATIONS_LABEL})`;
const STATUS = sql<string>`(case when t.active then ${TEMPLATE_STATUS.active} else ${TEMPLATE_STATUS.inactive} end)`;

export const templateSource = listSource(interpretationTemplatesList, {
  from: FROM,
  scope: async ({ viewer }, db) => readable(await visibleOrganizations(db, viewer.auth)),
  id: 't.template_id',
  select: () => ({
    template_id: sql`t.template_id`,
    name: sql`t.name`,
    kind: KIND,
    kind_code: sql`t.kind`,
    organization_id: sql`t.organization_id`,
    findings: sql`t.findings`,
    impression: sql`t.impression`,
    recommendations: sql`t.recommendations`,
    organization_name: ORG_NAME,
    status: STATUS,
    created_by: fullName('u'),
    created_at: timeText('t.created_at'),
  }),
  sort: () => ({
    template_id: by(sql`t.template_id`),
    created_at: by(sql`t.created_at`),
  }),
  where: {
    kind: { shows: 'kind', when: (kinds) => sql<SqlBool>`t.kind = any(${[...kinds]}::text[])` },
    // The Status filter's values are the labels the rows show.
    status: {
      shows: 'status',
      as: 'value',
      when: (status) => sql<SqlBool>`${STATUS} = any(${[...status]}::text[])`,
    },
    organization: { shows: 'organization_name', when: (orgs) => inIds('t.organization_id', orgs) },
  },
  // The search box finds templates by name: every word in it.
  search: (text) => {
    const words = searchTerms(text).searchWords;
    return words.length === 0
      ? undefined
      : and(words.map((word) => sql<SqlBool>`lower(t.name) like ${likeWord(word)} escape '\\'`));
  },
  options: async (db, viewer) => {
    const orgs = await visibleOrganizations(db, viewer.auth);
    return {
      organization: await options(
        db,
        sql`select organization_id as value, organization_name as label from organizations
          where ${orgs === 'all' ? sql`true` : inIds('organization_id', orgs)}
          order by lower(organization_name) collate "C", organization_id`,
      ),
    };
  },
});

/** Who changes templates: the organisations they see; 'all' (lowest role 1) also changes the shared ones. */
export interface TemplateEditor {
  readonly actor: AuditActor;
  readonly organizations: Orgs;
}

const inOrgs = (orgs: Orgs, organizationId: number) => orgs === 'all' || orgs.includes(organizationId);

/** A template the editor may change; 404 when unknown or another organisation's, 403 for a shared one. */
async function editable(trx: Transaction<Database>, editor: TemplateEditor, templateId: number) {
  const row = await trx
    .selectFrom('interpretation_templates')
    .select(['organization_id'])
    .where('template_id', '=', templateId)
    .forUpdate()
    .executeTakeFirst();
  const unknown = notFound(`Template ${templateId} does not exist.`, 'template_id');
  if (!row) throw unknown;
  if (row.organization_id === null) {
    if (editor.organizations !== 'all')
      throw forbidden(
        'Only an administrator may change a template shared with every organization.',
        'template_id',
      );
    return;
  }
  if (!inOrgs(editor.organizations, row.organization_id)) throw unknown;
}

export interface TemplateFields {
  readonly name: string;
  readonly kind: SleepStudyKind;
  readonly findings: string;
  readonly impression: string;
  readonly recommendations: string;
}

/** Creates a template for one of the editor's organisations (404 naming organization_id otherwise). */
export async function createTemplate(
  trx: Transaction<Database>,
  editor: TemplateEditor,
  input: TemplateFields & { readonly organization_id: number },
): Promise<{ template_id: number }> {
  const exists = await trx
    .selectFrom('organizations')
    .select('organization_id')
    .where('organization_id', '=', input.organization_id)
    .executeTakeFirst();
  if (!exists || !inOrgs(editor.organizations, input.organization_id))
    throw notFound(`Organization ${input.organization_id} does not exist.`, 'organization_id');
  const row = await trx
    .insertInto('interpretation_templates')
    .values({ ...input, created_by: editor.actor.userId, created_at: editor.actor.at })
    .returning('template_id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...editor.actor,
    action: 'add_interpretation_template',
    entity: 'interpretation_template',
    entityId: row.template_id,
    detail: { name: input.name, kind: input.kind, organization_id: input.organization_id },
  });
  return row;
}

export async function updateTemplate(
  db: Db,
  editor: TemplateEditor,
  templateId: number,
  input: TemplateFields,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await editable(trx, editor, templateId);
    await trx
      .updateTable('interpretation_templates')
      .set(input)
      .where('template_id', '=', templateId)
      .execute();
    await audit(trx, {
      ...editor.actor,
      action: 'update_interpretation_template',
      entity: 'interpretation_template',
      entityId: templateId,
      detail: { name: input.name, kind: input.kind },
    });
  });
}

export async function setTemplateActive(
  db: Db,
  editor: TemplateEditor,
  templateId: number,
  active: boolean,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await editable(trx, editor, templateId);
    await trx
      .updateTable('interpretation_templates')
      .set({ active })
      .where('template_id', '=', templateId)
      .execute();
    await audit(trx, {
      ...editor.actor,
      action: active ? 'activate_interpretation_template' : 'deactivate_interpretation_template',
      entity: 'interpretation_template',
      entityId: templateId,
    });
  });
}

/** The viewer of the template list as an editor (routes). */
export const editorOf = async (db: Db, viewer: Pick<ListViewer, 'auth'>, actor: AuditActor) => ({
  actor,
  organizations: await visibleOrganizations(db, viewer.auth),
});
