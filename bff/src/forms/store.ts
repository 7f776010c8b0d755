import {
  FORM_STATUSES,
  FORM_TEXT,
  type FormAnswers,
  type FormDetail,
  type FormField,
  type FormSubmission,
  formsList,
  isOrganizationAdministrator,
} from '@rpm/shared';
import { sql, type Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { AuthContext } from '../auth/guard.js';
import type { Database, Db } from '../db/schema.js';
import { timeText } from '../db/sql-day.js';
import { conflict, forbidden, invalid, notFound } from '../domain-errors.js';
import { listSource } from '../lists/declare.js';
import { organizationOptions, organizationScope } from '../lists/organization-scope.js';
import { by, byText, inIds, inTexts, userName } from '../lists/sql.js';
import { textSearchSql } from '../lists/text-search.js';
import { visibleOrganizations } from '../scope.js';

/**
 * Form (decisions.md "Form"): an organisation's custom forms and the answers given for its patients. A form is read
 * by the users of its organisation (404 for others), written by its administrators; every write has its audit row.
 */

type Auth = Pick<AuthContext, 'userId' | 'roleid'>;

const STATUS = sql<string>`case when f.active then ${FORM_STATUSES.active} else ${FORM_STATUSES.inactive} end`;
const CHANGED_BY = sql<string>`coalesce(${userName('u')}, u.username)`;
const FIELD_COUNT = sql<number>`jsonb_array_length(f.fields)`;
const SUBMISSIONS = sql<number>`(select count(*)::int from form_submissions s where s.form_id = f.form_id)`;

export const formsSource = listSource(formsList, {
  from: sql`forms f join organizations o on o.organization_id = f.organization_id
    join users u on u.user_id = f.updated_by`,
  scope: ({ viewer }, db) => organizationScope(db, viewer.auth, 'f.organization_id'),
  id: 'f.form_id',
  select: () => ({
    form_id: sql`f.form_id`,
    title: sql`f.title`,
    description: sql`f.description`,
    field_count: FIELD_COUNT,
    status: STATUS,
    submission_count: SUBMISSIONS,
    organization_id: sql`f.organization_id`,
    organization: sql`o.organization_name`,
    updated_by: CHANGED_BY,
    updated_at: timeText('f.updated_at'),
  }),
  sort: () => ({
    updated_at: by(sql`f.updated_at`),
    field_count: by(FIELD_COUNT),
    submission_count: by(SUBMISSIONS),
    updated_by: byText(CHANGED_BY),
  }),
  where: {
    status: {
      shows: 'status',
      as: 'value',
      when: (values) => inTexts(STATUS, values),
    },
    organization_id: { shows: 'organization', when: (ids) => inIds('f.organization_id', ids) },
  },
  search: (text) => textSearchSql(text, sql<string>`f.title || ' ' || f.description`),
  options: async (db, viewer) => ({ organization_id: await organizationOptions(db, viewer) }),
});

/** A form's editable facts. */
export interface FormFacts {
  readonly title: string;
  readonly description: string;
  readonly fields: readonly FormField[];
  readonly active: boolean;
}

/** Administrators (lowest role 1 or 2) define forms; others fill them in (403 naming `field`). */
export function assertFormAdministrator(auth: Pick<AuthContext, 'roleid'>, field: string): void {
  if (!isOrganizationAdministrator(auth.roleid)) throw forbidden(FORM_TEXT.notAdministrator, field);
}

/** The organisation must be one of the user's (403 naming it otherwise, whether it exists or not). */
export async function assertFormOrganization(db: Db, auth: Auth, organizationId: number): Promise<void> {
  const orgs = await visibleOrganizations(db, auth);
  const known = await db
    .selectFrom('organizations')
    .select('organization_id')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!known || (orgs !== 'all' && !orgs.includes(organizationId)))
    throw forbidden('You do not belong to this organization.', 'organization_id');
}

/** A form of the user's organisations with its fields; another's answers as unknown (404). */
export async function formInScope(db: Db, auth: Auth, formId: number): Promise<FormDetail> {
  const orgs = await visibleOrganizations(db, auth);
  const row = await db
    .selectFrom('forms as f')
    .innerJoin('organizations as o', 'o.organization_id', 'f.organization_id')
    .select([
      'f.form_id',
      'f.organization_id',
      'o.organization_name as organization',
      'f.title',
      'f.description',
      'f.fields',
      'f.active',
      'f.version',
      'f.updated_at',
    ])
    .where('f.form_id', '=', formId)
    .executeTakeFirst();
  if (!row || (orgs !== 'all' && !orgs.includes(row.organization_id)))
    throw notFound(`Form ${formId} does not exist.`, 'form_id');
  return { ...row, fields: row.fields as FormField[], updated_at: row.updated_at.toISOString() };
}

/** Adds a form with its audit row, in the caller's transaction. */
export async function addForm(
  trx: Transaction<Database>,
  by: AuditActor,
  organizationId: number,
  form: FormFacts,
): Promise<{ form_id: number }> {
  const row = await trx
    .insertInto('forms')
    .values({
      organization_id: organizationId,
      title: form.title.trim(),
      description: form.description.trim(),
      fields: JSON.stringify(form.fields),
      active: form.active,
      created_by: by.userId,
      created_at: by.at,
      updated_by: by.userId,
      updated_at: by.at,
    })
    .returning('form_id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...by,
    action: 'add_form',
    entity: 'form',
    entityId: row.form_id,
    detail: {
      organization_id: organizationId,
      title: form.title,
      fields: form.fields.length,
      active: form.active,
    },
  });
  return row;
}

/** Changes a form the user may read, raising its version, with its audit row. */
export async function updateForm(db: Db, by: AuditActor, auth: Auth, formId: number, form: FormFacts) {
  const before = await formInScope(db, auth, formId);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('forms')
      .set((eb) => ({
        title: form.title.trim(),
        description: form.description.trim(),
        fields: JSON.stringify(form.fields),
        active: form.active,
        version: eb('version', '+', 1),
        updated_by: by.userId,
        updated_at: by.at,
      }))
      .where('form_id', '=', formId)
      .execute();
    await audit(trx, {
      ...by,
      action: 'update_form',
      entity: 'form',
      entityId: formId,
      detail: {
        version: before.version + 1,
        title: form.title,
        fields: form.fields.length,
        active: form.active,
      },
    });
  });
}

/** Records a patient's checked answers to an active form of the patient's organisation, with its audit row. */
export async function submitForm(
  trx: Transaction<Database>,
  by: AuditActor,
  form: FormDetail,
  patient: { readonly patientId: number; readonly organizationId: number },
  answers: FormAnswers,
): Promise<{ submission_id: number }> {
  if (!form.active) throw conflict(FORM_TEXT.notActive, 'form_id');
  if (patient.organizationId !== form.organization_id)
    throw invalid(FORM_TEXT.otherOrganization, 'patient_id');
  const row = await trx
    .insertInto('form_submissions')
    .values({
      form_id: form.form_id,
      form_version: form.version,
      fields: JSON.stringify(form.fields),
      patient_id: patient.patientId,
      answers: JSON.stringify(answers),
      submitted_by: by.userId,
      acting_user_id: by.actingUserId ?? null,
      submitted_at: by.at,
    })
    .returning('submission_id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...by,
    action: 'submit_form',
    entity: 'form_submission',
    entityId: row.submission_id,
    detail: { form_id: form.form_id, form_version: form.version, patient_id: patient.patientId },
  });
  return row;
}

/** A patient's submissions (the patient already checked), of the user's organisations' forms, newest first. */
export async function patientSubmissions(
  db: Db,
  auth: Auth,
  patientId: number,
  formId: number | undefined,
): Promise<FormSubmission[]> {
  const orgs = await visibleOrganizations(db, auth);
  let query = db
    .selectFrom('form_submissions as s')
    .innerJoin('forms as f', 'f.form_id', 's.form_id')
    .innerJoin('users as u', 'u.user_id', 's.submitted_by')
    .select([
      's.submission_id',
      's.form_id',
      'f.title as form_title',
      's.form_version',
      's.fields',
      's.answers',
      's.submitted_at',
      sql<string>`coalesce(${userName('u')}, u.username)`.as('submitted_by'),
    ])
    .where('s.patient_id', '=', patientId)
    .orderBy('s.submitted_at', 'desc')
    .orderBy('s.submission_id', 'desc');
  if (formId !== undefined) query = query.where('s.form_id', '=', formId);
  if (orgs !== 'all') query = query.where('f.organization_id', 'in', orgs.length > 0 ? orgs : [0]);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    fields: row.fields as FormField[],
    answers: row.answers as FormAnswers as Record<string, string | number | boolean>,
    submitted_at: row.submitted_at.toISOString(),
  }));
}
