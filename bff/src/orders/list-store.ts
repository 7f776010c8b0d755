import { careOrdersList, DEVICE_ORDER_STATUSES, OPEN_ORDER_STATUSES } from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { timeText } from '../db/sql-day.js';
import { inRange, listSource } from '../lists/declare.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { labelSql, rankSql } from '../lists/rank.js';
import { deviceTypeAndPracticeOptions } from '../lists/reference-options.js';
import { by, byPatientName, fullName, inIds, PRACTICE_FILTER, type Where } from '../lists/sql.js';
import { patientFields } from '../patients/identity-sql.js';

/** Care Orders (decisions.md "Care Orders"): device orders of the patients the user may read, with their order. */

/** The order_program filter (ORDER_PROGRAM_FILTER) on the enrolment order `eo`: its values are lower-case programs. */
export const orderProgramIn = (programs: readonly string[]): Where =>
  sql<SqlBool>`eo.program = any(${programs.map((p) => p.toUpperCase())}::text[])`;

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

export const careOrderSource = listSource(careOrdersList, {
  from: ORDERS_FROM,
  scope: ({ viewer }) => viewer.scope.visible('p'),
  id: 'o.device_order_id',
  select: ({ viewer }) => ({
    device_order_id: sql`o.device_order_id`,
    order_id: sql`o.order_id`,
    ...patientFields(),
    practice_name: sql`pr.practice_name`,
    program: sql`eo.program`,
    device_type: sql`t.device_type`,
    status: STATUS_LABEL,
    ordering_provider: sql`eo.ordering_provider`,
    ordered_by: fullName('u'),
    ordered_at: timeText('o.ordered_at'),
    tracking_number: sql`o.tracking_number`,
    shipped_at: timeText('o.shipped_at'),
    delivered_at: timeText('o.delivered_at'),
    days_open: daysOpen(viewer.now),
  }),
  sort: ({ viewer }) => ({
    patient_name: byPatientName,
    status: by(rankSql(careOrdersList.columns, 'status', STATUS_LABEL)),
    ordered_at: by(sql`o.ordered_at`),
    days_open: by(daysOpen(viewer.now)),
    shipped_at: by(sql`o.shipped_at`),
    delivered_at: by(sql`o.delivered_at`),
  }),
  where: {
    order_status: {
      shows: 'status',
      when: (statuses) => sql<SqlBool>`o.status = any(${[...statuses]}::text[])`,
    },
    order_program: { shows: 'program', when: orderProgramIn },
    device_type: { shows: 'device_type', when: (types) => inIds('o.device_type_id', types) },
    practice: PRACTICE_FILTER,
    ordered: { shows: 'ordered_at', when: inRange('o.ordered_at', 'instant') },
  },
  search: (text) => patientSearchSql(text, undefined, sql<string>`coalesce(o.tracking_number, '')`),
  options: deviceTypeAndPracticeOptions,
});
