import { z } from 'zod';
import { idempotencyHeaders } from '../api/chart-common.js';
import { defineCall } from '../api/contract.js';
import { okAnswer } from '../api/envelope.js';
import { recordId } from '../api/ids.js';
import { chartText } from '../api/rules.js';
import {
  defineList,
  type FilterOption,
  type ListColumn,
  type ListFilter,
  type ListSpec,
  listAccess,
} from './define-list.js';

/**
 * The configuration tables of 000 §2.4 in one shape: a list with no filters but its parent's (a
 * vital's device type, a template's category), searched by name, exported as PDF and CSV; and, for a table that is
 * edited, its form's fields and its calls, `rpm/config/add{Entity}` and `rpm/config/update{Entity}` (decisions.md
 * "Configuration writes"), open to the table's page. Rows are deactivated, never deleted.
 */
export function configList<
  const Row extends z.ZodObject,
  const F extends string = never,
  const C extends readonly ListColumn<keyof z.infer<Row> & string>[] = readonly ListColumn<
    keyof z.infer<Row> & string
  >[],
  const Fl extends readonly ListFilter<F>[] = readonly [],
>(
  spec: Omit<ListSpec<Row, F>, 'spec' | 'filters' | 'exports'> & {
    readonly filters?: ListSpec<Row, F>['filters'];
  } & { readonly columns: C; readonly filters?: Fl },
) {
  // The columns and filters keep their literal types, so a store's declaration is typed by them (defineList).
  return defineList<Row, F, C, Fl>({
    ...spec,
    spec: `000 §2.4 ${spec.page}`,
    filters: spec.filters ?? ([] as unknown as Fl),
    exports: ['pdf', 'csv'],
  });
}

/** Lengths of the configuration tables' texts (the 0026 migration's checks). */
export const CONFIG_NAME_MAX = 100;
export const CONFIG_ADDRESS_MAX = 300;
export const CONFIG_COMMENT_MAX = 500;

/** A required text of the forms: trimmed, 1 to `max` characters, storable. */
export const configText = (max: number) =>
  chartText(max).pipe(z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`));

/** A row's state on the tables and in the edit form: rows in use are deactivated instead of deleted. */
export const activeFields = {
  active: z.boolean(),
  status: z.enum(['Active', 'Inactive']),
};
export const statusColumn = { key: 'status', label: 'Status', sortable: true } as const;

/** One input of a table's form; `select` options are fixed here or the list's filter options of the same key. */
export interface ConfigField {
  readonly key: string;
  readonly label: string;
  readonly kind?: 'text' | 'textarea' | 'amount' | 'date' | 'select';
  readonly options?: readonly FilterOption[];
  /** Chosen when the row is created and never changed (a price's code, an accepted plan's organisation). */
  readonly fixed?: boolean;
}

/** Edit: fields and active change; add-only: rows are only added (prices: a new amount from a date). */
type ConfigEdit = 'edit' | 'add-only';

/**
 * A configuration table: its list and, from its create body, the add call and (unless add-only) the update call,
 * which takes the row id, the fields not `fixed` and `active`.
 */
export function configTable<
  const Row extends z.ZodObject,
  const F extends string,
  const Body extends z.ZodObject,
  const Id extends keyof z.infer<Row> & string,
  const C extends readonly ListColumn<keyof z.infer<Row> & string>[],
  const Fl extends readonly ListFilter<F>[] = readonly [],
>(
  spec: Omit<Parameters<typeof configList<Row, F, C, Fl>>[0], 'idKey'> & {
    readonly idKey: Id;
    /** The PascalCase name of one row in the call paths: rpm/config/add{entity}. */
    readonly entity: string;
    readonly body: Body;
    readonly fields: readonly ConfigField[];
    readonly edit: ConfigEdit;
  },
) {
  const list = configList<Row, F, C, Fl>(spec);
  const access = listAccess(spec);
  const reference = `000 §2.4 ${spec.page}; our path (decisions.md "Configuration writes")`;
  const add = defineCall({
    method: 'POST',
    path: `rpm/config/add${spec.entity}`,
    spec: reference,
    summary: `${spec.title}: adds a row`,
    access,
    headers: idempotencyHeaders,
    body: spec.body,
    response: okAnswer.extend({ data: z.object({ id: z.number().int() }) }),
  });
  const fixed = Object.fromEntries(spec.fields.filter((f) => f.fixed).map((f) => [f.key, true as const]));
  const updateBody = spec.body
    .omit(fixed as never)
    .extend({ id: recordId, active: z.boolean() }) as unknown as z.ZodObject;
  const update =
    spec.edit === 'edit'
      ? defineCall({
          method: 'POST',
          path: `rpm/config/update${spec.entity}`,
          spec: reference,
          summary: `${spec.title}: changes a row or (de)activates it`,
          access,
          body: updateBody,
          response: okAnswer,
        })
      : undefined;
  return { list, add, update, body: spec.body, updateBody, fields: spec.fields, idKey: spec.idKey };
}

/** Any configuration table, as the generic form and registration see it. */
export type ConfigTableDef = ReturnType<typeof configTable>;
