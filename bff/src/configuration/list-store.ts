import {
  CPT_CODE_RULES,
  type CptCodeRow,
  type DeviceTypeRow,
  type InsuranceDefaultRow,
  type VitalRow,
} from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { likeWord, searchTerms } from '../billing/scope.js';
import { and, type Base, by, byText, countWhere, orderSql } from '../devices/inventory-store.js';
import { sliceSource } from '../lists/slice-source.js';
import type { ListSource } from '../lists/source.js';

/**
 * The configuration tables' stores (shared/src/lists/configuration.ts; issue 16 part 5), all of one shape: a
 * FROM, the row's columns as SQL, how each sort key orders, the text the search box looks in. The rows belong to
 * no organisation (decisions.md "Configuration tables"): the page access of 000 §2.4 is the whole scope.
 */
interface ConfigTable<Row> {
  readonly from: RawBuilder<unknown>;
  readonly select: { readonly [K in keyof Row & string]: RawBuilder<unknown> };
  readonly order: Readonly<Record<string, ReturnType<typeof by>>>;
  /** The row id's column: the last sort key, for stable paging. */
  readonly id: string;
  readonly search: RawBuilder<unknown>;
}

function configSource<Row>(table: ConfigTable<Row>): ListSource<Row> {
  const columns = sql.join(
    Object.entries<RawBuilder<unknown>>(table.select).map(([key, expr]) => sql`${expr} as ${sql.ref(key)}`),
  );
  return sliceSource<Row, Base>({
    filtered(db, _viewer, view) {
      const words = searchTerms(view.search ?? '').searchWords;
      const parts = words.map(
        (word) => sql<SqlBool>`lower(${table.search}) like ${likeWord(word)} escape '\\'`,
      );
      return { db, where: and(parts) };
    },
    count: (base) => countWhere(base, table.from),
    async slice({ db, where }, _viewer, view, offset, limit) {
      const { rows } = await sql<Row>`select ${columns} from ${table.from} where ${where}
        order by ${orderSql(view, table.order, table.id)} limit ${limit} offset ${offset}`.execute(db);
      return rows;
    },
    async options() {
      return {};
    },
  });
}

const isoDay = (column: string) => sql`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

// The billing rules as a VALUES table, so the one store shape pages, sorts and searches them like a table.
const CPT_FROM = sql`(values ${sql.join(
  CPT_CODE_RULES.map(
    (r) => sql`(${r.code}::text, ${r.program}::text, ${r.rule}::text, ${r.effectiveFrom}::date)`,
  ),
)}) as c(code, program, rule, effective_from)`;

export const configListSources = () => ({
  'cpt-codes': configSource<CptCodeRow>({
    from: CPT_FROM,
    select: {
      code_id: sql`c.code::int`,
      code: sql`c.code`,
      program: sql`c.program`,
      rule: sql`c.rule`,
      effective_from: isoDay('c.effective_from'),
    },
    order: {
      code: byText(sql`c.code`),
      program: byText(sql`c.program`),
      effective_from: by(sql`c.effective_from`),
    },
    id: 'code_id',
    search: sql`c.code`,
  }),
  'insurances-default': configSource<InsuranceDefaultRow>({
    from: sql`insurance_default_amounts a`,
    select: {
      amount_id: sql`a.amount_id`,
      cpt_code: sql`a.cpt_code`,
      amount: sql`a.amount::float8`,
      effective_from: isoDay('a.effective_from'),
    },
    order: {
      cpt_code: byText(sql`a.cpt_code`),
      amount: by(sql`a.amount`),
      effective_from: by(sql`a.effective_from`),
    },
    id: 'a.amount_id',
    search: sql`a.cpt_code`,
  }),
  'device-types': configSource<DeviceTypeRow>({
    from: sql`device_types t`,
    select: {
      device_type_id: sql`t.device_type_id`,
      device_type: sql`t.device_type`,
      vitals: sql`(select count(*)::int from vitals v where v.device_type_id = t.device_type_id)`,
    },
    order: {
      device_type_id: by(sql`t.device_type_id`),
      device_type: byText(sql`t.device_type`),
      vitals: by(sql`(select count(*) from vitals v where v.device_type_id = t.device_type_id)`),
    },
    id: 't.device_type_id',
    search: sql`t.device_type`,
  }),
  vitals: configSource<VitalRow>({
    from: sql`vitals v join device_types t on t.device_type_id = v.device_type_id`,
    select: {
      vital_id: sql`v.vital_id`,
      vital_type: sql`v.vital_type`,
      device_type: sql`t.device_type`,
      unit: sql`v.unit`,
    },
    order: {
      vital_id: by(sql`v.vital_id`),
      vital_type: byText(sql`v.vital_type`),
      device_type: byText(sql`t.device_type`),
      unit: byText(sql`v.unit`),
    },
    id: 'v.vital_id',
    search: sql`v.vital_type`,
  }),
});
