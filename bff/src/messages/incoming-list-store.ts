import type { IncomingMessageRow } from '@rpm/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import { patientName } from '../billing/report.js';
import type { Db } from '../db/schema.js';
import { countOf, type SliceQueries, sliceSource } from '../lists/slice-source.js';
import type { ListSource, ListView, ListViewer } from '../lists/source.js';
import { likeWord, searchTerms } from '../lists/sql.js';
import { dayRange } from '../lists/view-values.js';
import { listPatientSql } from '../patients/identity-sql.js';

/**
 * Incoming Messages (shared/src/lists/messages.ts incomingMessagesList; issue 13): the inbound texts with their
 * patients. A text from an unknown number has no patient, so no practice places it: only a user who sees every
 * patient sees it (decisions.md "Incoming Messages").
 */

const inbound = (db: Db) =>
  db
    .selectFrom('patient_messages as m')
    .leftJoin('patients as p', 'p.patient_id', 'm.patient_id')
    .leftJoin('practices as pr', 'pr.practice_id', 'p.practice_id')
    .where('m.direction', '=', 'in');
type Base = ReturnType<typeof inbound>;

function filtered(db: Db, viewer: ListViewer, view: ListView): Base {
  let q = inbound(db);
  if (!viewer.scope.all) q = q.where('m.patient_id', 'is not', null).where(viewer.scope.visible('p'));
  const received = dayRange(view, 'received');
  if (received.from) q = q.where('m.created_at', '>=', received.from);
  if (received.before) q = q.where('m.created_at', '<', received.before);
  // Every word typed occurs in the patient's name, the number or the text.
  const { searchWords } = searchTerms(view.search ?? '');
  for (const word of searchWords)
    q = q.where(
      sql<SqlBool>`lower(coalesce(p.lastname || ', ' || p.firstname, '') || ' ' || m.phone || ' ' || m.body)
        like ${likeWord(word)} escape '\\'`,
    );
  return q;
}

/** The order of a sort key, the message id breaking ties; texts without a patient come last either way. */
function orderOf(view: ListView): Expression<unknown>[] {
  const dir = sql.raw(view.order);
  const tie = sql`m.message_id ${dir}`;
  switch (view.orderby) {
    case 'patient_name':
      return [sql`lower(p.lastname) ${dir} nulls last`, sql`lower(p.firstname) ${dir} nulls last`, tie];
    case 'practice_name':
      return [sql`lower(pr.practice_name) ${dir} nulls last`, tie];
    case 'phone':
      return [sql`m.phone ${dir}`, tie];
    default:
      return [sql`m.created_at ${dir}`, tie];
  }
}

const rowsOf: SliceQueries<IncomingMessageRow, Base>['slice'] = async (
  base,
  _viewer,
  view,
  offset,
  limit,
) => {
  let q = base.select([
    'm.message_id',
    'm.created_at',
    'm.phone',
    'm.body',
    'm.patient_id',
    'p.firstname',
    'p.lastname',
    listPatientSql('p').as('patient'),
    'pr.practice_name',
  ]);
  for (const part of orderOf(view)) q = q.orderBy(part);
  const rows = await q.limit(limit).offset(offset).execute();
  return rows.map((r) => ({
    message_id: r.message_id,
    received_at: new Date(r.created_at).toISOString(),
    phone: r.phone,
    patient_id: r.patient_id,
    patient_name:
      r.firstname === null || r.lastname === null
        ? null
        : patientName({ firstname: r.firstname, lastname: r.lastname }),
    patient: r.patient,
    practice_name: r.practice_name,
    body: r.body,
  }));
};

/** The incoming messages' rows (shared/src/lists/messages.ts incomingMessagesList). */
export const incomingMessagesSource: ListSource<IncomingMessageRow> = sliceSource({
  filtered,
  slice: rowsOf,
  count: countOf,
  // The one filter is a date range: no options to offer.
  options: async () => ({}),
});
