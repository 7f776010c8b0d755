import type { CallBody, CallQuery, getPatientNotes, updatePatientNote } from '@rpm/shared';
import type { Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { fullName } from '../http/route-helpers.js';
import { auditedUpdate, scopedRecord } from './scoped-record.js';

/** Notes with their author's name, as the Notes tab shows them. */
const noteQuery = (db: Db) =>
  db
    .selectFrom('patient_notes as n')
    .innerJoin('users as u', 'u.user_id', 'n.author_id')
    .select([
      'n.note_id',
      'n.note',
      'n.author_id',
      'n.patient_id',
      'u.firstname',
      'u.lastname',
      'n.created_at',
      'n.updated_at',
    ]);

type NoteRow = Awaited<ReturnType<ReturnType<typeof noteQuery>['executeTakeFirstOrThrow']>>;

const noteDto = (n: NoteRow) => ({
  note_id: n.note_id,
  note: n.note,
  author_id: n.author_id,
  author_name: fullName(n.firstname, n.lastname),
  created_at: n.created_at.toISOString(),
  updated_at: n.updated_at.toISOString(),
});

/** One note as the calls answer it. */
const noteById = async (db: Db, noteId: number) =>
  noteDto(await noteQuery(db).where('n.note_id', '=', noteId).executeTakeFirstOrThrow());

/** A page of the patient's notes, newest first, and how many there are. */
export async function patientNotes(db: Db, query: CallQuery<typeof getPatientNotes>) {
  const count = await db
    .selectFrom('patient_notes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('patient_id', '=', query.patient_id)
    .executeTakeFirstOrThrow();
  const rows = await noteQuery(db)
    .where('n.patient_id', '=', query.patient_id)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.note_id', 'desc')
    .limit(query.rowsPerPage)
    .offset(query.page * query.rowsPerPage)
    .execute();
  return { count: Number(count.n), data: rows.map(noteDto) };
}

/** Adds the actor's note about the patient with its audit row, in the caller's transaction. */
export async function addNote(
  trx: Transaction<Database>,
  actor: AuditActor,
  patientId: number,
  text: string,
) {
  const row = await trx
    .insertInto('patient_notes')
    .values({
      patient_id: patientId,
      author_id: actor.userId,
      acting_user_id: actor.actingUserId ?? null,
      note: text.trim(),
      created_at: actor.at,
      updated_at: actor.at,
    })
    .returning('note_id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...actor,
    action: 'add_patient_note',
    entity: 'patient_note',
    entityId: row.note_id,
    detail: { patient_id: patientId },
  });
  return noteById(trx, row.note_id);
}

/** A note, to check who may edit it; one whose patient the caller may not see is as unknown. */
export const noteRecord = scopedRecord({
  table: 'patient_notes',
  key: 'note_id',
  entity: 'patient_note',
  unknown: (id) => `Note ${id} does not exist.`,
  load: (db, id) =>
    db
      .selectFrom('patient_notes')
      .select(['note_id', 'patient_id', 'author_id', 'note'])
      .where('note_id', '=', id)
      .executeTakeFirst(),
});

/** Replaces a note's text with its audit row (keeping the text before), in the caller's transaction. */
export async function updateNote(
  trx: Transaction<Database>,
  actor: AuditActor,
  existing: { note_id: number; note: string },
  body: CallBody<typeof updatePatientNote>,
) {
  await auditedUpdate(trx, actor, noteRecord, existing.note_id, {
    set: { note: body.note.trim(), updated_at: actor.at },
    action: 'update_patient_note',
    detail: { before: existing.note },
  });
  return noteById(trx, existing.note_id);
}
