import {
  type addEnrollmentOrder,
  type CallBody,
  type CallQuery,
  type ConsentMethod,
  type getAuthorizationHistory,
  isoDay,
  type ORDER_PROGRAMS,
  ORDER_TEXT,
  type updateEnrollmentOrder,
} from '@rpm/shared';
import type { Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { invalid, notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';
import type { PatientScope } from '../scope.js';

/** Authorisations with their patient, program and recorder, as the history and the order show them. */
const authorizationQuery = (db: Db) =>
  db
    .selectFrom('order_authorizations as a')
    .innerJoin('enrollment_orders as o', 'o.order_id', 'a.order_id')
    .innerJoin('patients as p', 'p.patient_id', 'a.patient_id')
    .innerJoin('users as u', 'u.user_id', 'a.recorded_by')
    .select([
      'a.authorization_id',
      'a.order_id',
      'a.patient_id',
      'p.firstname as patient_first',
      'p.lastname as patient_last',
      'o.program',
      'a.authorization_number',
      'a.start_date',
      'a.end_date',
      'u.firstname',
      'u.lastname',
      'a.recorded_at',
    ]);

type AuthorizationRow = Awaited<ReturnType<ReturnType<typeof authorizationQuery>['executeTakeFirstOrThrow']>>;

const authorizationDto = (a: AuthorizationRow) => ({
  authorization_id: a.authorization_id,
  order_id: a.order_id,
  patient_id: a.patient_id,
  patient_name: fullName(a.patient_first, a.patient_last),
  program: a.program as (typeof ORDER_PROGRAMS)[number],
  authorization_number: a.authorization_number,
  start_date: isoDay(a.start_date),
  end_date: isoDay(a.end_date),
  recorded_by_name: fullName(a.firstname, a.lastname),
  recorded_at: a.recorded_at.toISOString(),
});

/** A page of authorisations, newest recorded first: one patient's, or of every patient in `scope`. */
export async function authorizationHistory(
  db: Db,
  scope: PatientScope,
  query: CallQuery<typeof getAuthorizationHistory>,
) {
  const base = authorizationQuery(db)
    .where(scope.visible('p'))
    .$if(query.patient_id !== undefined, (q) => q.where('a.patient_id', '=', query.patient_id as number));
  const count = await base
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .orderBy('a.recorded_at', 'desc')
    .orderBy('a.authorization_id', 'desc')
    .limit(query.rowsPerPage)
    .offset(query.page * query.rowsPerPage)
    .execute();
  return { count: Number(count.n), data: rows.map(authorizationDto) };
}

/** The patient's orders, newest first, each with its latest authorisation. */
export async function patientOrders(db: Db, patientId: number, orderId?: number) {
  const orders = await db
    .selectFrom('enrollment_orders as o')
    .innerJoin('users as u', 'u.user_id', 'o.created_by')
    .selectAll('o')
    .select(['u.firstname', 'u.lastname'])
    .where('o.patient_id', '=', patientId)
    .$if(orderId !== undefined, (q) => q.where('o.order_id', '=', orderId as number))
    .orderBy('o.order_date', 'desc')
    .orderBy('o.order_id', 'desc')
    .execute();
  const latest = new Map<number, ReturnType<typeof authorizationDto>>();
  if (orders.length > 0) {
    const rows = await authorizationQuery(db)
      .where(
        'a.order_id',
        'in',
        orders.map((o) => o.order_id),
      )
      .orderBy('a.recorded_at', 'asc')
      .orderBy('a.authorization_id', 'asc')
      .execute();
    for (const row of rows) latest.set(row.order_id, authorizationDto(row));
  }
  return orders.map((o) => ({
    order_id: o.order_id,
    patient_id: o.patient_id,
    program: o.program as (typeof ORDER_PROGRAMS)[number],
    ordering_provider: o.ordering_provider,
    provider_npi: o.provider_npi,
    diagnosis_codes: o.diagnosis_codes as string[],
    order_date: isoDay(o.order_date),
    consent_date: isoDay(o.consent_date),
    consent_method: o.consent_method as ConsentMethod,
    authorization: latest.get(o.order_id) ?? null,
    created_by_name: fullName(o.firstname, o.lastname),
    updated_at: o.updated_at.toISOString(),
  }));
}

/** The message of an order that does not exist, or whose patient the caller may not see. */
export const unknownOrder = (orderId: number) => `Order ${orderId} does not exist.`;

/** An order as stored, to find its patient before the access check. */
export async function storedOrder(db: Db, orderId: number) {
  const order = await db
    .selectFrom('enrollment_orders')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound(unknownOrder(orderId), 'order_id');
  return order;
}

type OrderFields = Omit<CallBody<typeof updateEnrollmentOrder>, 'order_id'>;

/** Dates of an order cannot be after today (the clinic's day by the app's clock). */
function assertNotFuture(fields: Pick<OrderFields, 'order_date' | 'consent_date'>, at: Date) {
  const today = isoDay(at);
  for (const field of ['order_date', 'consent_date'] as const)
    if (fields[field] > today) throw invalid(`${field} ${ORDER_TEXT.futureDay}.`, field);
}

const orderColumns = (f: OrderFields) => ({
  program: f.program,
  ordering_provider: f.ordering_provider.trim(),
  provider_npi: f.provider_npi,
  diagnosis_codes: JSON.stringify([...new Set(f.diagnosis_codes)]),
  order_date: f.order_date,
  consent_date: f.consent_date,
  consent_method: f.consent_method,
});

type NewAuthorization = { authorization_number: string; start_date: string; end_date: string };

/** Records an authorisation of an order with its audit row, in the caller's transaction. */
export async function addAuthorization(
  trx: Transaction<Database>,
  actor: AuditActor,
  order: { order_id: number; patient_id: number },
  a: NewAuthorization,
) {
  const row = await trx
    .insertInto('order_authorizations')
    .values({
      order_id: order.order_id,
      patient_id: order.patient_id,
      authorization_number: a.authorization_number.trim(),
      start_date: a.start_date,
      end_date: a.end_date,
      recorded_by: actor.userId,
      recorded_at: actor.at,
    })
    .returning('authorization_id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...actor,
    action: 'add_order_authorization',
    entity: 'order_authorization',
    entityId: row.authorization_id,
    detail: { patient_id: order.patient_id, order_id: order.order_id },
  });
  return authorizationDto(
    await authorizationQuery(trx)
      .where('a.authorization_id', '=', row.authorization_id)
      .executeTakeFirstOrThrow(),
  );
}

/** Records an enrolment order (and its first authorisation) with its audit rows, in the caller's transaction. */
export async function addOrder(
  trx: Transaction<Database>,
  actor: AuditActor,
  body: CallBody<typeof addEnrollmentOrder>,
) {
  assertNotFuture(body, actor.at);
  const row = await trx
    .insertInto('enrollment_orders')
    .values({
      patient_id: body.patient_id,
      ...orderColumns(body),
      created_by: actor.userId,
      acting_user_id: actor.actingUserId ?? null,
      created_at: actor.at,
      updated_at: actor.at,
    })
    .returning('order_id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...actor,
    action: 'add_enrollment_order',
    entity: 'enrollment_order',
    entityId: row.order_id,
    detail: { patient_id: body.patient_id, program: body.program },
  });
  const order = { order_id: row.order_id, patient_id: body.patient_id };
  if (body.authorization) await addAuthorization(trx, actor, order, body.authorization);
  const [saved] = await patientOrders(trx, body.patient_id, row.order_id);
  return saved as NonNullable<typeof saved>;
}

/** Corrects an order's details with its audit row keeping the values before, in the caller's transaction. */
export async function updateOrder(
  trx: Transaction<Database>,
  actor: AuditActor,
  existing: Awaited<ReturnType<typeof storedOrder>>,
  fields: OrderFields,
) {
  assertNotFuture(fields, actor.at);
  await trx
    .updateTable('enrollment_orders')
    .set({ ...orderColumns(fields), updated_at: actor.at })
    .where('order_id', '=', existing.order_id)
    .execute();
  const { created_at: _c, updated_at: _u, order_date, consent_date, ...rest } = existing;
  await audit(trx, {
    ...actor,
    action: 'update_enrollment_order',
    entity: 'enrollment_order',
    entityId: existing.order_id,
    detail: { before: { ...rest, order_date: isoDay(order_date), consent_date: isoDay(consent_date) } },
  });
  const [saved] = await patientOrders(trx, existing.patient_id, existing.order_id);
  return saved as NonNullable<typeof saved>;
}
