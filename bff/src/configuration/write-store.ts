import { type ConfigTableName, isoDay } from '@rpm/shared';
import { sql, type Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { conflict, invalid, notFound } from '../domain-errors.js';
import { assertOrganization } from '../organizations/structure-store.js';

/**
 * The configuration tables' writes (decisions.md "Configuration writes"): body fields are columns, names unique
 * ignoring case (409), references active (400), an organisation's rows only in the caller's (403, or 404 on update);
 * rows are deactivated, never deleted.
 */
export interface ConfigWrite {
  readonly table: string;
  readonly id: string;
  /** The audit row's entity, e.g. 'device_type'. */
  readonly entity: string;
  /** Columns unique together: `text` ones ignoring case; the refusal names `field`. */
  readonly unique: {
    readonly text?: readonly string[];
    readonly same?: readonly string[];
    readonly field: string;
    readonly message: string;
  };
  /** Body fields naming a row of another table, which must exist and be active. */
  readonly parents?: Readonly<Record<string, { readonly table: string; readonly message: string }>>;
  /** The body field naming the row's organisation, for rows of an organisation. */
  readonly organization?: string;
  /** A rule of the table on a new row, on the app's clock. */
  readonly check?: (body: Body, now: Date) => void;
  /** The column a new row records its adding user in (leads: the rep who brought the practice in). */
  readonly addedBy?: string;
}

type Body = Readonly<Record<string, unknown>>;
type Orgs = 'all' | readonly number[];

/** Insurances Default Amount: a new price from the first of this month or a later one; past months stay priced. */
function priceFromThisMonth(body: Body, now: Date): void {
  // decisions.md "Insurance default prices": billing prices a month by the amount in force on its first day.
  if (String(body.effective_from).slice(0, 7) < isoDay(now).slice(0, 7))
    throw invalid('A price can only take effect from the current month on.', 'effective_from');
}

/** Parents of the body's fields; the unique columns of the row as it will be (`current` on an update). */
async function checkRow(trx: Transaction<Database>, write: ConfigWrite, body: Body, current?: Body) {
  for (const [field, parent] of Object.entries(write.parents ?? {})) {
    if (body[field] === undefined || body[field] === current?.[field]) continue;
    const { rows } = await sql`select 1 from ${sql.table(parent.table)}
      where ${sql.ref(field)} = ${body[field]} and active`.execute(trx);
    if (rows.length === 0) throw invalid(parent.message, field);
  }
  const { text = [], same = [] } = write.unique;
  const row = { ...current, ...body };
  const parts = [
    ...text.map((column) => sql`lower(${sql.ref(column)}) = lower(${row[column]})`),
    ...same.map((column) => sql`${sql.ref(column)} = ${row[column]}`),
    ...(current ? [sql`${sql.ref(write.id)} <> ${current[write.id]}`] : []),
  ];
  const { rows } = await sql`select 1 from ${sql.table(write.table)}
    where ${sql.join(parts, sql` and `)}`.execute(trx);
  if (rows.length > 0) throw conflict(write.unique.message, write.unique.field);
}

/** A racing twin that passed the check meets the unique index: the same 409. */
async function uniquely<T>(write: ConfigWrite, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if ((err as { code?: unknown }).code === '23505')
      throw conflict(write.unique.message, write.unique.field);
    throw err;
  }
}

/** Adds a row with its audit row, in the caller's Idempotency-Key transaction. */
export async function addConfigRow(
  trx: Transaction<Database>,
  by: AuditActor,
  write: ConfigWrite,
  body: Body,
  orgs: Orgs,
): Promise<{ id: number }> {
  if (write.organization) await assertOrganization(trx, orgs, Number(body[write.organization]));
  write.check?.(body, by.at);
  await checkRow(trx, write, body);
  const values: Body = write.addedBy ? { ...body, [write.addedBy]: by.userId } : body;
  const columns = Object.keys(values);
  const row = await uniquely(write, () =>
    sql<{ id: number }>`insert into ${sql.table(write.table)} (${sql.join(columns.map((c) => sql.ref(c)))})
      values (${sql.join(columns.map((c) => values[c]))}) returning ${sql.ref(write.id)} as id`.execute(trx),
  );
  const id = row.rows[0]?.id ?? 0;
  await audit(trx, {
    ...by,
    action: `add_${write.entity}`,
    entity: write.entity,
    entityId: id,
    detail: body,
  });
  return { id };
}

/** Changes a row (its fields and whether it is active) with its audit row, in one transaction. */
export async function updateConfigRow(
  db: Db,
  by: AuditActor,
  write: ConfigWrite,
  id: number,
  body: Body,
  orgs: Orgs,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<Body>`select * from ${sql.table(write.table)}
      where ${sql.ref(write.id)} = ${id} for update`.execute(trx);
    const row = rows[0];
    const org = write.organization && row ? Number(row[write.organization]) : undefined;
    const foreign = org !== undefined && orgs !== 'all' && !orgs.includes(org);
    if (!row || foreign) throw notFound(`Record ${id} does not exist.`, 'id');
    await checkRow(trx, write, body, row);
    const sets = Object.entries(body).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
    await uniquely(write, () =>
      sql`update ${sql.table(write.table)} set ${sql.join(sets)} where ${sql.ref(write.id)} = ${id}`.execute(
        trx,
      ),
    );
    await audit(trx, {
      ...by,
      action: `update_${write.entity}`,
      entity: write.entity,
      entityId: id,
      detail: body,
    });
  });
}

/** The server half of each edited table of shared/src/lists/config-tables.ts. */
export const CONFIG_WRITES: Readonly<Record<ConfigTableName, ConfigWrite>> = {
  'insurances-default': {
    table: 'insurance_default_amounts',
    id: 'amount_id',
    entity: 'insurance_default_amount',
    unique: {
      same: ['cpt_code', 'effective_from'],
      field: 'effective_from',
      message: 'This CPT code already has a price from this date.',
    },
    check: priceFromThisMonth,
  },
  'device-types': {
    table: 'device_types',
    id: 'device_type_id',
    entity: 'device_type',
    unique: { text: ['device_type'], field: 'device_type', message: 'This device type already exists.' },
  },
  vitals: {
    table: 'vitals',
    id: 'vital_id',
    entity: 'vital',
    unique: { text: ['vital_type'], field: 'vital_type', message: 'This vital already exists.' },
    parents: { device_type_id: { table: 'device_types', message: 'Select an active device type.' } },
  },
  'device-names': {
    table: 'device_names',
    id: 'device_name_id',
    entity: 'device_name',
    unique: {
      text: ['name'],
      same: ['device_type_id'],
      field: 'name',
      message: 'This device name already exists for the device type.',
    },
    parents: { device_type_id: { table: 'device_types', message: 'Select an active device type.' } },
  },
  warehouses: {
    table: 'warehouses',
    id: 'warehouse_id',
    entity: 'warehouse',
    unique: { text: ['name'], field: 'name', message: 'A warehouse with this name already exists.' },
  },
  'messages-category': {
    table: 'message_categories',
    id: 'category_id',
    entity: 'message_category',
    unique: { text: ['name'], field: 'name', message: 'This category already exists.' },
  },
  'messages-template': {
    table: 'message_templates',
    id: 'template_id',
    entity: 'message_template',
    unique: {
      text: ['title'],
      same: ['category_id'],
      field: 'title',
      message: 'A template with this title already exists in the category.',
    },
    parents: { category_id: { table: 'message_categories', message: 'Select an active category.' } },
  },
  'notes-category': {
    table: 'note_categories',
    id: 'category_id',
    entity: 'note_category',
    unique: { text: ['name'], field: 'name', message: 'This category already exists.' },
  },
  'notes-comments': {
    table: 'note_comments',
    id: 'comment_id',
    entity: 'note_comment',
    unique: {
      text: ['comment'],
      same: ['category_id'],
      field: 'comment',
      message: 'This comment already exists in the category.',
    },
    parents: { category_id: { table: 'note_categories', message: 'Select an active category.' } },
  },
  'insurance-plans': {
    table: 'insurance_plans',
    id: 'plan_id',
    entity: 'insurance_plan',
    unique: {
      text: ['payer', 'plan_name'],
      field: 'plan_name',
      message: 'This plan already exists for the payer.',
    },
  },
  'insurance-table': {
    table: 'organization_insurances',
    id: 'accepted_id',
    entity: 'accepted_insurance',
    unique: {
      same: ['organization_id', 'plan_id'],
      field: 'plan_id',
      message: 'The organization already accepts this insurance plan.',
    },
    parents: { plan_id: { table: 'insurance_plans', message: 'Select an active insurance plan.' } },
    organization: 'organization_id',
  },
  leads: {
    table: 'leads',
    id: 'lead_id',
    entity: 'lead',
    unique: {
      text: ['practice_name'],
      same: ['organization_id'],
      field: 'practice_name',
      message: 'The organization already has a lead for this practice.',
    },
    organization: 'organization_id',
    // decisions.md "Sales Practice Dashboard": the user who adds a lead is the rep who brings its practice in.
    addedBy: 'added_by',
  },
};
