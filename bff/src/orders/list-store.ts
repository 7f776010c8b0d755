import { type CareOrderRow, careOrdersList, DEVICE_ORDER_STATUSES, OPEN_ORDER_STATUSES } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { patientSearchSql } from '../lists/patient-search.js';
import { labelSql, rankSql } from '../lists/rank.js';
import { deviceTypeAndPracticeOptions } from '../lists/reference-options.js';
import { sliceSource } from '../lists/slice-source.js';
import type { ListSource, ListView } from '../lists/source.js';
import {
  and,
  type Base,
  by,
  byPatientName,
  byText,
  countWhere,
  fullName,
  inIds,
  orderSql,
} from '../lists/sql.js';
import { dayRange, idValues, optionValues } from '../lists/view-values.js';
import { listPatientSql } from '../patients/identity-sql.js';

/**
 * Care Orders (shared/src/lists/orders.ts careOrdersList; decisions.md "Care Orders"): the device orders of the
 * patients the user may read, with their enrolment order's program and provider.
 */

type Where = RawBuilder<SqlBool>;

/** The order_program filter (ORDER_PROGRAM_FILTER) on the enrolment order `eo`: its values are lower-case programs. */
export const orderProgramIn = (programs: readonly string[]): Where =>
  sql<SqlBool>`eo.program = any(${programs.map((p) => p.toUpperCase())}::text[])`;

/** {@link orderProgramIn} for the view's value; undefined for all programs. */
export function orderProgramWhere(view: ListView): Where | undefined {
  const programs = optionValues(view, 'order_program');
  return programs?.length ? orderProgramIn(programs) : undefined;
}

const ORDERS_FROM = sql`device_orders o
  join enrollment_orders eo on eo.order_id = o.order_id
  join device_types t on t.device_type_id = o.device_type_id
  join patients p on p.patient_id = o.patient_id
  join practices pr on pr.practice_id = p.practice_id
  join users u on u.user_id = o.ordered_by`;

/** The status's label, as the row shows it (constant SQL from DEVICE_ORDER_STATUSES). */
const STATUS_LABEL = labelSql('o.status', DEVICE_ORDER_STATUSES);

const isOpen = sql<SqlBool>`o.status in (${sql.join(OPEN_ORDER_STATUSES.map((status) => sql.lit(status)))})`;

/** Whole days since the order while it is open, on the request's clock. */
const daysOpen = (now: Date) =>
  sql<number | null>`case when ${isOpen}
    then floor(extract(epoch from (${now}::timestamptz - o.ordered_at)) / 86400)::int end`;

const ORDER_BY = (now: Date) => ({
  patient_name: byPatientName,
  practice_name: byText(sql`pr.practice_name`),
  program: byText(sql`eo.program`),
  device_type: byText(sql`t.device_type`),
  status: by(rankSql(careOrdersList.columns, 'status', STATUS_LABEL)),
  ordered_at: by(sql`o.ordered_at`),
  days_open: by(daysOpen(now)),
  ordering_provider: byText(sql`eo.ordering_provider`),
  shipped_at: by(sql`o.shipped_at`),
  delivered_at: by(sql`o.delivered_at`),
});

type Stored = Omit<CareOrderRow, 'ordered_at' | 'shipped_at' | 'delivered_at'> & {
  ordered_at: Date;
  shipped_at: Date | null;
  delivered_at: Date | null;
};

export const careOrderSource: ListSource<CareOrderRow> = sliceSource<CareOrderRow, Base>({
  filtered(db, viewer, view) {
    const parts: Where[] = [viewer.scope.visible('p')];
    const statuses = optionValues(view, 'order_status');
    if (statuses?.length) parts.push(sql<SqlBool>`o.status = any(${[...statuses]}::text[])`);
    const programs = orderProgramWhere(view);
    if (programs) parts.push(programs);
    const types = idValues(view, 'device_type');
    if (types) parts.push(inIds('o.device_type_id', types));
    const practices = idValues(view, 'practice');
    if (practices) parts.push(inIds('p.practice_id', practices));
    const ordered = dayRange(view, 'ordered');
    if (ordered.from) parts.push(sql<SqlBool>`o.ordered_at >= ${ordered.from}`);
    if (ordered.before) parts.push(sql<SqlBool>`o.ordered_at < ${ordered.before}`);
    const search = patientSearchSql(view.search, undefined, sql<string>`coalesce(o.tracking_number, '')`);
    if (search) parts.push(search);
    return { db, where: and(parts) };
  },
  count: (base) => countWhere(base, ORDERS_FROM),
  async slice({ db, where }, viewer, view, offset, limit) {
    const { rows } = await sql<Stored>`
      select o.device_order_id, o.order_id, p.patient_id, ${fullName('p')} as patient_name, ${listPatientSql('p')} as patient, pr.practice_name,
        eo.program, t.device_type, ${STATUS_LABEL} as status, eo.ordering_provider,
        ${fullName('u')} as ordered_by, o.ordered_at, o.tracking_number, o.shipped_at, o.delivered_at,
        ${daysOpen(viewer.now)} as days_open
      from ${ORDERS_FROM}
      where ${where}
      order by ${orderSql(view, ORDER_BY(viewer.now), 'o.device_order_id')}
      limit ${limit} offset ${offset}`.execute(db);
    return rows.map((r) => ({
      ...r,
      ordered_at: r.ordered_at.toISOString(),
      shipped_at: r.shipped_at?.toISOString() ?? null,
      delivered_at: r.delivered_at?.toISOString() ?? null,
    }));
  },
  options: deviceTypeAndPracticeOptions,
});
